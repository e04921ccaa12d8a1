import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_FILE_MESSAGES } from '@cutroom/contracts';
import { openOrder, openRoom, bytesOf } from './delivery-fixtures';
import { checkedFile, filesOf, tusClient, uploadWhole } from './files-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeClip } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const KB = 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The tus protocol at /api/uploads for footage: creation, resume, termination, checks, and refusals. */
describe('footage through tus uploads', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let orderId: string;
  const meta = (filename: string, extra: Record<string, string> = {}) => ({
    orderId,
    kind: 'footage',
    filename,
    filetype: 'application/octet-stream',
    ...extra,
  });

  let startHour = 0;

  beforeAll(async () => {
    startHour = Math.floor(Date.now() / 3_600_000);
    // Small limits, so the refusals can be reached with small files.
    server = await startTestServer({
      FOOTAGE_MAX_BYTES: String(600 * KB),
      ORDER_FOOTAGE_MAX_BYTES: String(1000 * KB),
      DELIVERY_MAX_BYTES: String(500 * KB),
      UPLOAD_SWEEP_SECONDS: '0',
    });
    api = apiClient(server.url);
    creator = await createTestUser(server.db, 'creator');
    editor = await createTestUser(server.db, 'editor');
    stranger = await createTestUser(server.db, 'creator');
    const roomId = await openRoom(api, creator, editor);
    orderId = (await openOrder(api, creator, editor, roomId))._id;
  });
  afterAll(async () => server?.close());

  it('creates, reports the offset, resumes, refuses a wrong offset, and keeps the exact bytes', async () => {
    const tus = tusClient(server.url, creator.token);
    const bytes = randomBytes(150 * KB);
    const created = await tus.create(meta('raw take 1.braw'), bytes.length);
    expect(created.status).toBe(201);
    expect(created.headers.get('tus-resumable')).toBe('1.0.0');
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{48}$/);

    expect((await tus.patch(location, 0, bytes.subarray(0, 60 * KB))).status).toBe(204);
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(60 * KB));
    expect(head.headers.get('upload-length')).toBe(String(bytes.length));
    expect(head.headers.get('cache-control')).toBe('no-store');

    // An offset that is not where the upload stands is refused, and changes nothing.
    const forged = await tus.patch(location, 10 * KB, bytes.subarray(10 * KB, 20 * KB));
    expect(forged.status).toBe(409);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(60 * KB));

    // While bytes are coming, the editor does not see it; the creator does, as uploading.
    expect((await filesOf(api, editor.token, orderId)).data).toEqual([]);
    const mine = (await filesOf(api, creator.token, orderId)).data;
    expect(mine.map((f) => [f.name, f.status, f.mine])).toEqual([['raw take 1.braw', 'uploading', true]]);

    expect((await tus.patch(location, 60 * KB, bytes.subarray(60 * KB))).status).toBe(204);
    const file = await checkedFile(api, editor.token, orderId, 'raw take 1.braw');
    expect(file).toMatchObject({
      status: 'ready',
      kind: 'footage',
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      uploadedBy: 'creator',
      mine: false,
      video: null,
    });
    // Both sides download the exact bytes, whole or from where a download stopped.
    for (const who of [creator, editor]) {
      const whole = await bytesOf(`${server.url}${file.downloadUrl}`, {
        headers: { authorization: `Bearer ${who.token}` },
      });
      expect(whole.status).toBe(200);
      expect(sha256(whole.body)).toBe(sha256(bytes));
      expect(whole.headers.get('content-disposition')).toContain('raw take 1.braw');
    }
    const rest = await bytesOf(`${server.url}${file.downloadUrl}`, {
      headers: { authorization: `Bearer ${editor.token}`, range: `bytes=${100 * KB}-` },
    });
    expect(rest.status).toBe(206);
    expect(rest.body.equals(bytes.subarray(100 * KB))).toBe(true);
    // The finished upload is gone from the tus store; a finished upload cannot be terminated.
    expect((await tus.head(location)).status).toBe(404);
  });

  it('announces its protocol version, extensions and largest file (tus discovery)', async () => {
    const res = await fetch(`${server.url}/api/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-version')).toBe('1.0.0');
    const extensions = res.headers.get('tus-extension')!.split(',');
    expect(extensions).toEqual(expect.arrayContaining(['creation', 'termination', 'expiration']));
    // A length is always required, so deferring one is not offered.
    expect(extensions).not.toContain('creation-defer-length');
    expect(res.headers.get('tus-max-size')).toBe(String(600 * KB));
    // Same-origin only: no browser elsewhere is invited to call it.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('verifies a chunk against its Upload-Checksum, and keeps nothing of one that does not match', async () => {
    const options = await fetch(`${server.url}/api/uploads`, { method: 'OPTIONS' });
    expect(options.headers.get('tus-extension')!.split(',')).toContain('checksum');
    expect(options.headers.get('tus-checksum-algorithm')).toBe('sha1,sha256');

    const tus = tusClient(server.url, creator.token);
    const bytes = randomBytes(90 * KB);
    const [first, second] = [bytes.subarray(0, 40 * KB), bytes.subarray(40 * KB)];
    const digest = (algorithm: string, b: Buffer) => createHash(algorithm).update(b).digest('base64');
    const created = await tus.create(meta('checked.wav'), bytes.length);
    const location = created.headers.get('location')!;
    const ok = await tus.patch(location, 0, first, { 'upload-checksum': `sha1 ${digest('sha1', first)}` });
    expect(ok.status).toBe(204);
    // A chunk damaged on the way: 460, and the upload stays where it was.
    const damaged = Buffer.from(second);
    damaged[7] = damaged[7]! ^ 0xff;
    const refused = await tus.patch(location, 40 * KB, damaged, {
      'upload-checksum': `sha256 ${digest('sha256', second)}`,
    });
    expect(refused.status).toBe(460);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(40 * KB));
    const md5 = await tus.patch(location, 40 * KB, second, {
      'upload-checksum': `md5 ${digest('md5', second)}`,
    });
    expect(md5.status).toBe(400);
    const malformed = await tus.patch(location, 40 * KB, second, { 'upload-checksum': 'sha1' });
    expect(malformed.status).toBe(400);
    const resent = await tus.patch(location, 40 * KB, second, {
      'upload-checksum': `sha256 ${digest('sha256', second)}`,
    });
    expect(resent.status).toBe(204);
    const file = await checkedFile(api, creator.token, orderId, 'checked.wav');
    expect(file.sha256).toBe(sha256(bytes));
  });

  it('probes a video, and refuses a file named .mp4 that is not one', async () => {
    const tus = tusClient(server.url, creator.token);
    const clip = await makeClip('320x180', 1);
    await uploadWhole(tus, meta('b-roll.mp4', { filetype: 'video/mp4' }), clip);
    const video = await checkedFile(api, creator.token, orderId, 'b-roll.mp4');
    expect(video.status).toBe('ready');
    expect(video.mimeType).toBe('video/mp4');
    expect(video.video).toMatchObject({ width: 320, height: 180, codec: 'h264' });
    expect(video.video!.durationSeconds).toBeGreaterThan(0.5);
    expect(video.video!.frameRate).toBeGreaterThan(0);

    await uploadWhole(tus, meta('not-a-video.mp4'), Buffer.from('just some text, not a video at all'));
    const fake = await checkedFile(api, creator.token, orderId, 'not-a-video.mp4');
    expect(fake).toMatchObject({ status: 'rejected', rejectedReason: ORDER_FILE_MESSAGES.notVideo });
    expect(fake.downloadUrl).toBeNull();
    // The other side never sees a refused file.
    const editorSees = (await filesOf(api, editor.token, orderId)).data.map((f) => f.name);
    expect(editorSees).not.toContain('not-a-video.mp4');
    expect(editorSees).toContain('b-roll.mp4');
  });

  it('refuses other people, the wrong side, and bad creations with a reason', async () => {
    const tus = tusClient(server.url, creator.token);
    const created = await tus.create(meta('mine.wav'), 10 * KB);
    const location = created.headers.get('location')!;
    const other = tusClient(server.url, stranger.token);
    // Another person's upload does not exist for them, whatever they try.
    expect((await other.head(location)).status).toBe(404);
    expect((await other.patch(location, 0, randomBytes(KB))).status).toBe(404);
    expect((await other.terminate(location)).status).toBe(404);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe('0');

    // Another person's order: 404. The order's editor sending footage: 403.
    const onOther = await other.create(meta('x.wav'), KB);
    expect([onOther.status, JSON.parse(onOther.text).message]).toEqual([
      404,
      ORDER_FILE_MESSAGES.orderNotFound,
    ]);
    const byEditor = await tusClient(server.url, editor.token).create(meta('x.wav'), KB);
    expect([byEditor.status, JSON.parse(byEditor.text).message]).toEqual([
      403,
      ORDER_FILE_MESSAGES.notCreator,
    ]);
    // Not signed in.
    const anonymous = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': '10' },
    });
    expect(anonymous.status).toBe(401);

    const refusals: [Promise<{ status: number; text: string }>, number, string][] = [
      [tus.create(meta('empty.mov'), 0), 400, ORDER_FILE_MESSAGES.empty],
      [
        tus.create(meta('unknown.mov'), null, { 'upload-defer-length': '1' }),
        400,
        ORDER_FILE_MESSAGES.needsLength,
      ],
      [tus.create(meta('nolength.mov'), null), 400, ORDER_FILE_MESSAGES.needsLength],
      [tus.create(meta('huge.mov'), 601 * KB), 413, ORDER_FILE_MESSAGES.perFile(600 * KB)],
      [tus.create({ kind: 'footage', filename: 'a.mov' }, KB), 400, ORDER_FILE_MESSAGES.badMetadata],
      [tus.create(meta('nul\u0000.mov'), KB), 400, ORDER_FILE_MESSAGES.badMetadata],
      [tus.create(meta('cut.mp4', { kind: 'delivery' }), KB), 403, ORDER_FILE_MESSAGES.notEditor],
    ];
    for (const [reply, status, message] of refusals) {
      const r = await reply;
      expect([r.status, JSON.parse(r.text).message]).toEqual([status, message]);
    }
    const malformed = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': 'orderId not*base64',
      },
    });
    expect(malformed.status).toBe(400);

    // Names are only displayed, cleaned: invisible and bidi characters go, bytes that are not UTF-8
    // show as �, and a path keeps only its last part.
    const tricky = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${creator.token}`,
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': [
          `orderId ${Buffer.from(orderId).toString('base64')}`,
          `kind ${Buffer.from('footage').toString('base64')}`,
          `filename ${Buffer.concat([Buffer.from('C:\\temp\\cl\u202eip\u200b'), Buffer.from([0xff]), Buffer.from('.mov')]).toString('base64')}`,
        ].join(','),
      },
    });
    expect(tricky.status).toBe(201);
    const names = (await filesOf(api, creator.token, orderId)).data.map((f) => f.name);
    expect(names).toContain('clip\ufffd.mov');
    expect((await tus.terminate(tricky.headers.get('location')!)).status).toBe(204);
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('keeps the order within its footage allowance, counting uploads under way, and frees cancelled ones', async () => {
    const tus = tusClient(server.url, creator.token);
    const before = await filesOf(api, creator.token, orderId);
    const room = before.limits.perOrderBytes - before.limits.usedBytes;
    const first = await tus.create(meta('big-1.wav'), Math.min(room, 600 * KB));
    expect(first.status).toBe(201);
    const left = room - Math.min(room, 600 * KB);
    const over = await tus.create(meta('big-2.wav'), left + 1);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text).message).toBe(
      ORDER_FILE_MESSAGES.perOrder(1000 * KB, before.limits.usedBytes + Math.min(room, 600 * KB)),
    );
    // Cancelling the first (tus termination) gives its allowance back and removes it from the list.
    expect((await tus.terminate(first.headers.get('location')!)).status).toBe(204);
    expect((await tus.head(first.headers.get('location')!)).status).toBe(404);
    const after = await filesOf(api, creator.token, orderId);
    expect(after.limits.usedBytes).toBe(before.limits.usedBytes);
    expect(after.data.map((f) => f.name)).not.toContain('big-1.wav');
  });

  it('two PATCHes on one upload at once leave it whole and correct', async () => {
    const tus = tusClient(server.url, creator.token);
    const bytes = randomBytes(200 * KB);
    const created = await tus.create(meta('race.wav'), bytes.length);
    const location = created.headers.get('location')!;
    const both = await Promise.all([tus.patch(location, 0, bytes), tus.patch(location, 0, bytes)]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toContain(204);
    const head = await tus.head(location);
    if (head.status === 200) {
      // The one that lost left the upload where the winner put it; finish from there.
      const offset = Number(head.headers.get('upload-offset'));
      if (offset < bytes.length) await tus.patch(location, offset, bytes.subarray(offset));
    }
    const file = await checkedFile(api, creator.token, orderId, 'race.wav');
    expect(file.sha256).toBe(sha256(bytes));
  });

  it('tells the editor once an hour per order that footage arrived, naming the first file', async () => {
    const reply = await api.get('/api/notifications', { token: editor.token });
    expect(reply.status).toBe(200);
    const footage = (reply.body.data as { kind: string; title: string; body: string; link: string }[]).filter(
      (n) => n.kind === 'footage_added',
    );
    // Several files arrived in this test's hour: one line, naming the first (two if the clock crossed
    // an hour while the files arrived).
    const hours = Math.floor(Date.now() / 3_600_000) - startHour + 1;
    expect(footage).toHaveLength(hours);
    expect(footage[0]!.title).toMatch(/^New footage for CR-\d+$/);
    expect(footage.at(-1)!.body).toBe(
      `${creator.username} added "raw take 1.braw" (150 KB) to "Edit for the channel"`,
    );
    expect(footage[0]!.link).toMatch(/^\/chat\?roomId=/);
    // The creator, who sent it, is not told.
    const own = await api.get('/api/notifications', { token: creator.token });
    expect((own.body.data as { kind: string }[]).some((n) => n.kind === 'footage_added')).toBe(false);
  });

  it('strangers and signed-out visitors get nothing of an order’s files', async () => {
    const list = await api.get(`/api/orders/${orderId}/files`, { token: stranger.token });
    expect(list.status).toBe(404);
    const file = (await filesOf(api, creator.token, orderId)).data.find((f) => f.status === 'ready')!;
    const denied = await bytesOf(`${server.url}${file.downloadUrl!.split('?')[0]}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(denied.status).toBe(404);
    // The list's link carries a ticket of the viewer's session, so a plain download works without the
    // Bearer header; without it, or with a ticket altered or for another file, it does not.
    const bare = file.downloadUrl!.split('?')[0]!;
    expect((await bytesOf(`${server.url}${bare}`)).status).toBe(401);
    expect((await bytesOf(`${server.url}${file.downloadUrl}`)).status).toBe(200);
    const ticket = new URL(file.downloadUrl!, server.url).searchParams.get('t')!;
    const altered = `${ticket.slice(0, -2)}${ticket.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await bytesOf(`${server.url}${bare}?t=${encodeURIComponent(altered)}`)).status).toBe(401);
    const other = (await filesOf(api, creator.token, orderId)).data.find(
      (f) => f.status === 'ready' && f.id !== file.id,
    )!;
    expect(
      (await bytesOf(`${server.url}/api/order-files/${other.id}/download?t=${encodeURIComponent(ticket)}`))
        .status,
    ).toBe(401);
    const admin = await createTestUser(server.db, 'admin');
    expect((await filesOf(api, admin.token, orderId)).data.length).toBeGreaterThan(0);
  });
});
