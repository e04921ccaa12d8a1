import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bytesOf, openOrder, openRoom } from './delivery-fixtures';
import { checkedFile, filesOf, tusClient, uploadWhole } from './files-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const KB = 1024;

/** Every entry of a zip, with its bytes, read by an independent reader (yauzl). */
function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** An order's ready files as one zip, streamed with its length known, for its sides and admins. */
describe('the order’s files as one zip', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let orderId: string;

  beforeAll(async () => {
    server = await startTestServer({ UPLOAD_SWEEP_SECONDS: '0' });
    api = apiClient(server.url);
    [creator, editor, stranger] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
    ]);
    const roomId = await openRoom(api, creator, editor);
    orderId = (await openOrder(api, creator, editor, roomId))._id;
  });
  afterAll(async () => server?.close());

  it('has no archive before a file is ready', async () => {
    expect((await filesOf(api, editor.token, orderId)).archiveUrl).toBeNull();
    const none = await api.get(`/api/orders/${orderId}/files.zip`, { token: editor.token });
    expect(none.status).toBe(404);
  });

  it('holds every ready file byte for byte, a repeated name numbered, and an unsafe one made safe', async () => {
    const tus = tusClient(server.url, creator.token);
    const files = [
      { name: 'take.wav', bytes: randomBytes(70 * KB) },
      { name: 'take.wav', bytes: randomBytes(30 * KB) },
      { name: '..', bytes: randomBytes(5 * KB) },
    ];
    for (const f of files) await uploadWhole(tus, { orderId, kind: 'footage', filename: f.name }, f.bytes);
    await checkedFile(api, creator.token, orderId, '..');
    for (const f of files.slice(0, 2)) await checkedFile(api, creator.token, orderId, f.name);
    const until = Date.now() + 10_000;
    while ((await filesOf(api, editor.token, orderId)).data.length < 3 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
    }

    const { archiveUrl } = await filesOf(api, editor.token, orderId);
    // The list's link carries the viewer's ticket: a plain download works without the Bearer header.
    const zip = await bytesOf(`${server.url}${archiveUrl}`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(Number(zip.headers.get('content-length'))).toBe(zip.body.length);
    const entries = await readZip(zip.body);
    expect([...entries.keys()].sort()).toEqual(['footage/_', 'footage/take (2).wav', 'footage/take.wav']);
    const byName = new Map(
      (await filesOf(api, editor.token, orderId)).data.map((f) => [f.sha256, f] as const),
    );
    expect(byName.size).toBe(3);
    expect(entries.get('footage/_')!.equals(files[2]!.bytes)).toBe(true);
    const takes = [entries.get('footage/take.wav')!, entries.get('footage/take (2).wav')!];
    expect(takes.map((b) => b.length).sort((a, b) => a - b)).toEqual([30 * KB, 70 * KB]);
    for (const take of takes) expect(files.some((f) => f.bytes.equals(take))).toBe(true);
  });

  it('is nobody else’s: strangers 404, no session and no ticket 401, another order’s ticket 401', async () => {
    const bare = `/api/orders/${orderId}/files.zip`;
    expect((await api.get(bare, { token: stranger.token })).status).toBe(404);
    expect((await bytesOf(`${server.url}${bare}`)).status).toBe(401);
    const { archiveUrl } = await filesOf(api, creator.token, orderId);
    const ticket = new URL(archiveUrl!, server.url).searchParams.get('t')!;
    const otherOrder = (await openOrder(api, creator, editor, await openRoom(api, creator, editor)))._id;
    const crossed = await bytesOf(
      `${server.url}/api/orders/${otherOrder}/files.zip?t=${encodeURIComponent(ticket)}`,
    );
    expect(crossed.status).toBe(401);
  });
});
