import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_FILE_MESSAGES, type OrderFile } from '@cutroom/contracts';
import { createSession } from '../src/modules/auth/session-service';
import { bytesOf, openOrder, openRoom } from './delivery-fixtures';
import { checkedFile, filesOf, tusClient, tusMetadata, uploadWhole, type TusClient } from './files-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeClip } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const KB = 1024;
const PER_FILE = 600 * KB;
const PER_ORDER = 1000 * KB;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const b64 = (v: string | Buffer) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : v).toString('base64');
/** Characters a displayed name must never hold: controls, bidi overrides and isolates, zero-width ones. */
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

interface Raw {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** The `{ message }` of a JSON refusal, or the plain text the tus server answers. */
const messageOf = (text: string): string => {
  try {
    return (JSON.parse(text) as { message: string }).message;
  } catch {
    return text;
  }
};

/**
 * Hostile clients of the footage uploads and downloads: other people's upload ids, ids with path tricks or
 * smuggled behind one's own, headers no tus client would send, bytes past the end, clients that vanish
 * mid-body, races at the order's allowance, names that hide things, files that lie about being videos, and
 * downloads with missing, foreign, stale or tampered tickets and odd ranges. None may ever get a 500.
 */
describe('footage uploads and downloads against hostile clients', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let strangerEditor: TestUser;
  let admin: TestUser;
  let orderId: string;
  let strangerOrderId: string;
  let tus: TusClient;
  let strangerTus: TusClient;
  /** Every answer of this file, to check at the end that none was a 500. */
  const answers: { what: string; status: number }[] = [];

  const meta = (filename: string, extra: Record<string, string> = {}, order = orderId) => ({
    orderId: order,
    kind: 'footage',
    filename,
    ...extra,
  });

  /**
   * A request sent byte for byte as written (no URL normalisation, no added headers): `chunks` are sent
   * with chunked transfer-encoding unless a content-length is given. Socket errors count as status 0.
   */
  function raw(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: Buffer | Buffer[],
  ): Promise<Raw> {
    const { hostname, port } = new URL(server.url);
    return new Promise<Raw>((resolve) => {
      const req = httpRequest({ host: hostname, port, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const reply = {
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          };
          answers.push({ what: `${method} ${path.slice(0, 120)}`, status: reply.status });
          resolve(reply);
        });
        res.on('error', () => resolve({ status: 0, headers: res.headers, text: '' }));
      });
      req.on('error', () => resolve({ status: 0, headers: {}, text: '' }));
      if (Array.isArray(body)) for (const chunk of body) req.write(chunk);
      else if (body) req.write(body);
      req.end();
    });
  }
  /** `raw` with a session and the tus version header. */
  const tusRaw = (
    who: TestUser | null,
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: Buffer | Buffer[],
  ) =>
    raw(
      method,
      path,
      { 'tus-resumable': '1.0.0', ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
      body,
    );
  const patchRaw = (who: TestUser | null, path: string, offset: string, bytes: Buffer, extra = {}) =>
    tusRaw(
      who,
      'PATCH',
      path,
      {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': offset,
        'content-length': String(bytes.length),
        ...extra,
      },
      bytes,
    );
  const createRaw = (who: TestUser, metadata: string, length: string, extra: Record<string, string> = {}) =>
    tusRaw(who, 'POST', '/api/uploads', { 'upload-metadata': metadata, 'upload-length': length, ...extra });

  /** Where an upload stands, as its uploader sees it. */
  async function offsetOf(
    location: string,
    client = tus,
  ): Promise<{ status: number; offset: string | null; length: string | null }> {
    const head = await client.head(location);
    answers.push({ what: `HEAD ${location}`, status: head.status });
    return {
      status: head.status,
      offset: head.headers.get('upload-offset'),
      length: head.headers.get('upload-length'),
    };
  }

  async function created(client: TusClient, m: Record<string, string>, length: number): Promise<string> {
    const reply = await client.create(m, length);
    answers.push({ what: `POST /api/uploads ${m.filename}`, status: reply.status });
    if (reply.status !== 201) throw new Error(`create: ${reply.status} ${reply.text}`);
    return reply.headers.get('location')!;
  }

  /** A new started order of the creator's, with an editor of its own, so its allowance is untouched. */
  async function freshOrder(): Promise<{ order: string; other: TestUser }> {
    const other = await createTestUser(server.db, 'editor');
    const roomId = await openRoom(api, creator, other);
    return { order: (await openOrder(api, creator, other, roomId))._id, other };
  }

  async function download(path: string, headers: Record<string, string> = {}) {
    const reply = await bytesOf(`${server.url}${path}`, { headers });
    answers.push({ what: `GET ${path.slice(0, 120)}`, status: reply.status });
    return reply;
  }

  async function readyFile(
    name: string,
    bytes: Buffer,
    order = orderId,
    client = tus,
    who = creator,
  ): Promise<OrderFile> {
    await uploadWhole(client, meta(name, {}, order), bytes);
    const file = await checkedFile(api, who.token, order, name);
    expect(file.status).toBe('ready');
    return file;
  }

  beforeAll(async () => {
    server = await startTestServer({
      FOOTAGE_MAX_BYTES: String(PER_FILE),
      ORDER_FOOTAGE_MAX_BYTES: String(PER_ORDER),
      UPLOAD_SWEEP_SECONDS: '0',
    });
    api = apiClient(server.url);
    [creator, editor, stranger, strangerEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    orderId = (await openOrder(api, creator, editor, await openRoom(api, creator, editor)))._id;
    strangerOrderId = (
      await openOrder(api, stranger, strangerEditor, await openRoom(api, stranger, strangerEditor))
    )._id;
    tus = tusClient(server.url, creator.token);
    strangerTus = tusClient(server.url, stranger.token);
  });
  afterAll(async () => server?.close());

  it('the order’s editor, an admin, a signed-out visitor and a bad token can neither touch nor see the creator’s unfinished upload', async () => {
    const bytes = randomBytes(10 * KB);
    const location = await created(tus, meta('work in progress.wav'), bytes.length);
    const tusId = location.split('/').pop()!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 4 * KB))).status).toBe(204);

    // The order's own editor is "another person" for this upload: 404 Upload not found, for every method.
    for (const [method, headers, body] of [
      ['HEAD', {}, undefined],
      [
        'PATCH',
        { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(4 * KB) },
        randomBytes(KB),
      ],
      ['DELETE', {}, undefined],
    ] as const) {
      const reply = await tusRaw(editor, method, location, { ...headers }, body);
      expect([method, reply.status]).toEqual([method, 404]);
      if (method !== 'HEAD') expect(messageOf(reply.text)).toBe(ORDER_FILE_MESSAGES.uploadNotFound);
      // An admin is refused too (403 as a role, or 404 as not theirs), a visitor and a forged token get 401.
      const byAdmin = await tusRaw(admin, method, location, { ...headers }, body);
      expect([403, 404]).toContain(byAdmin.status);
      const anonymous = await tusRaw(null, method, location, { ...headers }, body);
      expect([method, anonymous.status]).toEqual([method, 401]);
      const forged = await tusRaw(
        null,
        method,
        location,
        { ...headers, authorization: 'Bearer not-a-session' },
        body,
      );
      expect([method, forged.status]).toEqual([method, 401]);
    }
    // Nothing moved.
    expect(await offsetOf(location)).toEqual({
      status: 200,
      offset: String(4 * KB),
      length: String(10 * KB),
    });

    // The editor does not see it, nor its tus id; an admin sees no upload URL that is not theirs.
    const editorView = await filesOf(api, editor.token, orderId);
    expect(editorView.data.map((f) => f.name)).not.toContain('work in progress.wav');
    expect(JSON.stringify(editorView)).not.toContain(tusId);
    const adminView = await filesOf(api, admin.token, orderId);
    expect(adminView.data.filter((f) => f.uploadUrl !== null || f.mine)).toEqual([]);
    expect(JSON.stringify(adminView)).not.toContain(tusId);
    // Even knowing the file's id, the editor cannot download it; nor can the creator before it is whole.
    const mine = (await filesOf(api, creator.token, orderId)).data.find(
      (f) => f.name === 'work in progress.wav',
    )!;
    expect(mine).toMatchObject({ status: 'uploading', mine: true, downloadUrl: null, uploadUrl: location });
    for (const who of [editor, creator]) {
      const reply = await download(`/api/order-files/${mine.id}/download`, {
        authorization: `Bearer ${who.token}`,
      });
      expect([404, 409]).toContain(reply.status);
    }
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('an upload id smuggled behind the attacker’s own (query string, fragment, dot segments, encoded slashes) reaches nothing of the victim’s', async () => {
    const { order } = await freshOrder();
    const victimLength = 20 * KB;
    const shapes: ((own: string, victimId: string) => string)[] = [
      (own, v) => `/api/uploads/${own}?x=/${v}`,
      (own, v) => `/api/uploads/${own}?/${v}`,
      (own, v) => `/api/uploads/${own}#/${v}`,
      (own, v) => `/api/uploads/${own}/../${v}`,
      (own, v) => `/api/uploads/${own}/%2e%2e/${v}`,
      (own, v) => `/api/uploads/${own}%2F..%2F${v}`,
      (own, v) => `/api/uploads/${own}%2F${v}`,
      (own, v) => `/api/uploads/${own}/${v}`,
      (own, v) => `/api/uploads/${own};/${v}`,
      (_, v) => `/api/uploads//${v}`,
      (_, v) => `/api/uploads/${v}?owner=me`,
      (_, v) => `/api/uploads/${v}/`,
      (_, v) => `/api/uploads/${[...v].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
    ];
    /** What the attacker managed to do to a victim's upload; must stay empty. */
    const breaches: string[] = [];
    for (const shape of shapes) {
      for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
        // A fresh victim (20 KB, 5 KB sent) and a fresh upload of the attacker's own (7 KB) for each try.
        const victim = await created(tus, meta('victim.wav', {}, order), victimLength);
        expect((await tus.patch(victim, 0, randomBytes(5 * KB))).status).toBe(204);
        const own = (await created(strangerTus, meta('bait.wav', {}, strangerOrderId), 7 * KB))
          .split('/')
          .pop()!;
        const path = shape(own, victim.split('/').pop()!);
        const shown = path.replace(own, '{own}').replace(victim.split('/').pop()!, '{victim}');
        let reply: Raw;
        if (method === 'PATCH') reply = await patchRaw(stranger, path, String(5 * KB), randomBytes(KB));
        else reply = await tusRaw(stranger, method, path);
        const after = await offsetOf(victim);
        if (
          method === 'HEAD' &&
          reply.status === 200 &&
          reply.headers['upload-length'] === String(victimLength)
        )
          breaches.push(
            `HEAD ${shown} → 200 with the victim's Upload-Length ${victimLength}, Upload-Offset ${reply.headers['upload-offset']}`,
          );
        if (method === 'PATCH' && after.offset !== String(5 * KB))
          breaches.push(
            `PATCH ${shown} → ${reply.status}: the victim's offset went from ${5 * KB} to ${after.offset}`,
          );
        if (method === 'DELETE' && after.status !== 200)
          breaches.push(
            `DELETE ${shown} → ${reply.status}: the victim's upload now answers ${after.status} to its owner`,
          );
        if (after.status === 200) expect((await tus.terminate(victim)).status).toBe(204);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('a stranger cannot finish someone else’s upload with bytes of their own (planted footage)', async () => {
    const { order, other } = await freshOrder();
    const bytes = randomBytes(20 * KB);
    const victim = await created(tus, meta('interview.wav', {}, order), bytes.length);
    const victimId = victim.split('/').pop()!;
    expect((await tus.patch(victim, 0, bytes.subarray(0, 5 * KB))).status).toBe(204);
    const own = (await created(strangerTus, meta('bait.wav', {}, strangerOrderId), 7 * KB)).split('/').pop()!;
    // The stranger sends the rest of the victim's file, their own bytes, through their own upload's URL.
    const planted = Buffer.alloc(15 * KB, 0x45);
    const attack = await patchRaw(stranger, `/api/uploads/${own}?x=/${victimId}`, String(5 * KB), planted);
    expect.soft([attack.status, attack.headers['upload-offset']]).not.toEqual([204, String(20 * KB)]);
    // The editor is never shown a file made of the stranger's bytes...
    let shown: OrderFile | undefined;
    for (let i = 0; i < 15 && !shown; i++) {
      shown = (await filesOf(api, other.token, order)).data.find((f) => f.name === 'interview.wav');
      if (!shown) await sleep(200);
    }
    expect.soft(shown).toBeUndefined();
    // ...and the creator finishes their own upload with their own bytes.
    expect(await offsetOf(victim)).toEqual({ status: 200, offset: String(5 * KB), length: String(20 * KB) });
    expect((await tus.patch(victim, 5 * KB, bytes.subarray(5 * KB))).status).toBe(204);
    const file = await checkedFile(api, other.token, order, 'interview.wav');
    expect(file).toMatchObject({ status: 'ready', sha256: sha256(bytes) });
  });

  it('upload ids with path tricks, NUL, odd case or absurd length are refused without a 500', async () => {
    const location = await created(tus, meta('target.wav'), 4 * KB);
    const id = location.split('/').pop()!;
    const paths = [
      '/api/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
      '/api/uploads/..%5C..%5Cwindows%5Cwin.ini',
      '/api/uploads/%2e%2e',
      '/api/uploads/..',
      '/api/uploads/.',
      `/api/uploads/${'a'.repeat(5000)}`,
      `/api/uploads/${'f'.repeat(48)}`,
      `/api/uploads/${id}%20`,
      `/api/uploads/${id}%0d%0aSet-Cookie:%20x=1`,
      '/api/uploads/%ff%fe',
      '/api/uploads/%',
      `/api/uploads/${id.slice(0, 47)}`,
    ];
    for (const path of paths) {
      for (const method of ['HEAD', 'PATCH', 'DELETE']) {
        const reply =
          method === 'PATCH'
            ? await patchRaw(creator, path, '0', randomBytes(16))
            : await tusRaw(creator, method, path);
        expect([method, path, reply.status >= 400 && reply.status < 500]).toEqual([method, path, true]);
      }
    }
    // A NUL in the id is refused as the conventions say, before any lookup.
    for (const path of [`/api/uploads/${id}%00`, '/api/uploads/%00', `/api/uploads/%00${id}`]) {
      for (const method of ['HEAD', 'DELETE']) {
        const reply = await tusRaw(creator, method, path);
        expect([method, path, reply.status]).toEqual([method, path, 400]);
        if (method !== 'HEAD') expect(messageOf(reply.text)).toBe('Text must not contain NUL characters');
      }
    }
    // The stranger with the id upper-cased gets the same 404 as with the id itself.
    const upper = await tusRaw(stranger, 'DELETE', `/api/uploads/${id.toUpperCase()}`);
    expect([400, 404]).toContain(upper.status);
    expect((await tusRaw(stranger, 'DELETE', location)).status).toBe(404);
    // The real upload was not disturbed by any of it.
    expect(await offsetOf(location)).toEqual({ status: 200, offset: '0', length: String(4 * KB) });
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('hostile Upload-Offset values are refused and change nothing', async () => {
    const bytes = randomBytes(20 * KB);
    const location = await created(tus, meta('offsets.wav'), bytes.length);
    expect((await tus.patch(location, 0, bytes.subarray(0, 5 * KB))).status).toBe(204);
    const chunk = bytes.subarray(5 * KB, 6 * KB);
    const malformed = [
      '-1',
      '-5120',
      'abc',
      '1e3',
      '5120.0',
      '0x1400',
      '+5120',
      '05120',
      '',
      '5120, 5120',
      '99999999999999999999',
      '9007199254740993',
      'NaN',
      'Infinity',
    ];
    for (const offset of malformed) {
      const reply = await patchRaw(creator, location, offset, chunk);
      expect([offset, reply.status]).toEqual([offset, 400]);
    }
    // Well-formed but not where the upload stands: 409 from the tus server.
    for (const offset of ['0', '1', '5119', '5121', String(20 * KB), String(2 ** 53)]) {
      const reply = await patchRaw(creator, location, offset, chunk);
      expect([offset, reply.status]).toEqual([offset, 409]);
    }
    // No offset at all is refused too.
    const missing = await tusRaw(
      creator,
      'PATCH',
      location,
      { 'content-type': 'application/offset+octet-stream', 'content-length': String(chunk.length) },
      chunk,
    );
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    expect(await offsetOf(location)).toEqual({
      status: 200,
      offset: String(5 * KB),
      length: String(20 * KB),
    });
    expect((await tus.patch(location, 5 * KB, bytes.subarray(5 * KB))).status).toBe(204);
    const file = await checkedFile(api, creator.token, orderId, 'offsets.wav');
    expect(file.sha256).toBe(sha256(bytes));
  });

  it('bytes past Upload-Length are refused and never stored, whether counted, chunked or sent with the creation', async () => {
    const bytes = randomBytes(8 * KB);
    const location = await created(tus, meta('exact.bin'), bytes.length);
    // Too long at once (Content-Length says so): refused, nothing written.
    const tooLong = await patchRaw(creator, location, '0', Buffer.concat([bytes, randomBytes(4 * KB)]));
    expect(tooLong.status).toBe(413);
    expect(await offsetOf(location)).toEqual({ status: 200, offset: '0', length: String(8 * KB) });
    expect((await tus.patch(location, 0, bytes.subarray(0, 6 * KB))).status).toBe(204);
    const overEnd = await patchRaw(
      creator,
      location,
      String(6 * KB),
      Buffer.concat([bytes.subarray(6 * KB), randomBytes(4 * KB)]),
    );
    expect(overEnd.status).toBe(413);
    expect((await offsetOf(location)).offset).toBe(String(6 * KB));
    // Chunked (no Content-Length): the server cannot know in advance; it must still not keep a byte past the end.
    const junk = Buffer.alloc(4 * KB, 0x41);
    const chunked = await tusRaw(
      creator,
      'PATCH',
      location,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(6 * KB) },
      [bytes.subarray(6 * KB), junk],
    );
    expect(chunked.status).not.toBe(204);
    const after = await offsetOf(location);
    if (after.status === 200) {
      expect(Number(after.offset)).toBeLessThanOrEqual(8 * KB);
      if (Number(after.offset) < 8 * KB)
        expect(
          (await tus.patch(location, Number(after.offset), bytes.subarray(Number(after.offset)))).status,
        ).toBe(204);
    }
    // Whatever happened, the file ends whole, with exactly its 8 KB.
    const file = await checkedFile(api, creator.token, orderId, 'exact.bin', 10_000);
    expect(file).toMatchObject({ status: 'ready', sizeBytes: 8 * KB, sha256: sha256(bytes) });
    const got = await download(file.downloadUrl!, { authorization: `Bearer ${creator.token}` });
    expect(got.body.equals(bytes)).toBe(true);

    // Bytes sent with the creation itself (creation-with-upload), more than the declared length.
    const withBody = await tusRaw(
      creator,
      'POST',
      '/api/uploads',
      {
        'upload-metadata': tusMetadata(meta('with-body.bin')),
        'upload-length': String(2 * KB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(6 * KB),
      },
      randomBytes(6 * KB),
    );
    expect([201, 400, 413, 415]).toContain(withBody.status);
    if (withBody.status === 201) {
      const state = await offsetOf(withBody.headers.location!);
      expect(Number(state.offset ?? 0)).toBeLessThanOrEqual(2 * KB);
    }
    const listed = (await filesOf(api, creator.token, orderId)).data.find((f) => f.name === 'with-body.bin');
    if (listed) expect(listed.sizeBytes).toBe(2 * KB);
  });

  it('a PATCH with the wrong content type stores nothing', async () => {
    const location = await created(tus, meta('typed.bin'), 4 * KB);
    const cases: [string | null, Buffer][] = [
      ['application/octet-stream', randomBytes(KB)],
      ['application/json', Buffer.from(JSON.stringify({ a: 'b'.repeat(100) }))],
      ['text/plain', Buffer.from('hello '.repeat(100))],
      ['application/x-www-form-urlencoded', Buffer.from('a=b&c=d')],
      ['multipart/form-data; boundary=xyz', Buffer.from('--xyz\r\n\r\nhello\r\n--xyz--\r\n')],
      ['application/offset+octet-stream, application/json', randomBytes(KB)],
      [null, randomBytes(KB)],
    ];
    for (const [type, body] of cases) {
      const reply = await tusRaw(
        creator,
        'PATCH',
        location,
        {
          'upload-offset': '0',
          'content-length': String(body.length),
          ...(type ? { 'content-type': type } : {}),
        },
        body,
      );
      expect([type, [400, 403, 415].includes(reply.status)]).toEqual([type, true]);
      expect([type, (await offsetOf(location)).offset]).toEqual([type, '0']);
    }
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('hostile Upload-Length values are refused and leave no ghost upload behind', async () => {
    const before = await filesOf(api, creator.token, orderId);
    const m = tusMetadata(meta('length.bin'));
    for (const length of [
      'abc',
      '-1',
      '-0',
      '1 0',
      '10.5',
      '1e3',
      '0x10',
      '+10',
      '00010',
      '',
      'NaN',
      '10, 20',
    ]) {
      const reply = await createRaw(creator, m, length);
      expect([length, reply.status]).toEqual([length, 400]);
    }
    // Beyond what JavaScript counts exactly, or just over the limit: refused, never wrapped into a small size.
    for (const length of ['9007199254740993', '99999999999999999999999', '18446744073709551617']) {
      const reply = await createRaw(creator, m, length);
      expect([length, [400, 413].includes(reply.status)]).toEqual([length, true]);
    }
    for (const length of [String(2 ** 53), String(PER_FILE + 1)]) {
      const reply = await createRaw(creator, m, length);
      expect([length, reply.status, messageOf(reply.text)]).toEqual([
        length,
        413,
        ORDER_FILE_MESSAGES.perFile(PER_FILE),
      ]);
    }
    // A deferred length alongside a real one is refused as well.
    const both = await createRaw(creator, m, '10', { 'upload-defer-length': '1' });
    expect(both.status).toBe(400);
    const after = await filesOf(api, creator.token, orderId);
    expect(after.data.map((f) => f.id)).toEqual(before.data.map((f) => f.id));
    expect(after.limits.usedBytes).toBe(before.limits.usedBytes);
  });

  it('hostile Upload-Metadata is refused with the documented reason and attaches nothing to anyone’s order', async () => {
    const before = await filesOf(api, creator.token, orderId);
    const strangerBefore = await filesOf(api, stranger.token, strangerOrderId);
    const pair = (k: string, v: string | Buffer) => `${k} ${b64(v)}`;
    const base = [pair('kind', 'footage'), pair('filename', 'm.bin')];
    const bad: [string, string][] = [
      [
        'duplicate orderId (own, then victim’s)',
        [pair('orderId', strangerOrderId), pair('orderId', orderId), ...base].join(','),
      ],
      [
        'duplicate orderId (victim’s, then own)',
        [pair('orderId', orderId), pair('orderId', strangerOrderId), ...base].join(','),
      ],
      [
        'duplicate filename',
        [pair('orderId', strangerOrderId), ...base, pair('filename', 'other.bin')].join(','),
      ],
      [
        'filename without a value',
        [pair('orderId', strangerOrderId), pair('kind', 'footage'), 'filename'].join(','),
      ],
      ['orderId without a value', ['orderId', ...base].join(',')],
      [
        'filename not base64',
        [pair('orderId', strangerOrderId), pair('kind', 'footage'), 'filename @@@!!'].join(','),
      ],
      ['orderId not UTF-8', [`orderId ${b64(Buffer.from([0xc3, 0x28, 0xa0, 0xa1]))}`, ...base].join(',')],
      ['orderId not a uuid', [pair('orderId', '1'), ...base].join(',')],
      ['orderId SQL', [pair('orderId', "' OR '1'='1"), ...base].join(',')],
      ['orderId with braces', [pair('orderId', `{${strangerOrderId}}`), ...base].join(',')],
      ['orderId with a NUL', [pair('orderId', `${strangerOrderId}\u0000`), ...base].join(',')],
      [
        'kind unknown',
        [pair('orderId', strangerOrderId), pair('kind', 'raw'), pair('filename', 'm.bin')].join(','),
      ],
      [
        'kind upper-case',
        [pair('orderId', strangerOrderId), pair('kind', 'FOOTAGE'), pair('filename', 'm.bin')].join(','),
      ],
      [
        'kind empty',
        [pair('orderId', strangerOrderId), pair('kind', ''), pair('filename', 'm.bin')].join(','),
      ],
      [
        'filename empty',
        [pair('orderId', strangerOrderId), pair('kind', 'footage'), pair('filename', '')].join(','),
      ],
      [
        'filename over 1024',
        [pair('orderId', strangerOrderId), pair('kind', 'footage'), pair('filename', 'n'.repeat(1025))].join(
          ',',
        ),
      ],
      [
        'filetype over 255',
        [pair('orderId', strangerOrderId), ...base, pair('filetype', 't'.repeat(300))].join(','),
      ],
      [
        'filetype with a NUL',
        [pair('orderId', strangerOrderId), ...base, pair('filetype', 'video/mp4\u0000')].join(','),
      ],
      ['empty header', ''],
      ['only commas', ',,,'],
      ['two spaces', [`orderId  ${b64(strangerOrderId)}`, ...base].join(',')],
      ['key with a space in a pair', [pair('orderId', strangerOrderId), ...base, `a b c`].join(',')],
    ];
    for (const [what, metadata] of bad) {
      const reply = await createRaw(stranger, metadata, String(KB));
      expect([what, reply.status, messageOf(reply.text)]).toEqual([
        what,
        400,
        ORDER_FILE_MESSAGES.badMetadata,
      ]);
    }
    // A well-formed uuid that names no order, or the nil uuid: 404, as for someone else's order.
    for (const id of ['7a1c2f44-0d1e-4b5a-9c3d-2e6f8a9b0c1d', '00000000-0000-0000-0000-000000000000']) {
      const reply = await createRaw(stranger, [pair('orderId', id), ...base].join(','), String(KB));
      expect([id, reply.status === 404 || reply.status === 400]).toEqual([id, true]);
      if (reply.status === 404) expect(messageOf(reply.text)).toBe(ORDER_FILE_MESSAGES.orderNotFound);
    }
    // The victim's order id upper-cased is still not the stranger's.
    const upper = await createRaw(
      stranger,
      [pair('orderId', orderId.toUpperCase()), ...base].join(','),
      String(KB),
    );
    expect([upper.status, messageOf(upper.text)]).toEqual([404, ORDER_FILE_MESSAGES.orderNotFound]);
    // An enormous header is refused, not a crash.
    const enormous = await createRaw(
      stranger,
      [pair('orderId', strangerOrderId), ...base, pair('x', 'y'.repeat(40_000))].join(','),
      String(KB),
    );
    expect([400, 413, 431]).toContain(enormous.status);
    // An extra key without a value is valid tus and is ignored.
    const extra = await createRaw(
      stranger,
      [pair('orderId', strangerOrderId), ...base, 'flag'].join(','),
      String(KB),
    );
    expect(extra.status).toBe(201);
    expect((await strangerTus.terminate(extra.headers.location!)).status).toBe(204);

    const after = await filesOf(api, creator.token, orderId);
    expect(after.data.map((f) => f.id)).toEqual(before.data.map((f) => f.id));
    expect(after.limits.usedBytes).toBe(before.limits.usedBytes);
    const strangerAfter = await filesOf(api, stranger.token, strangerOrderId);
    expect(strangerAfter.data.map((f) => f.id)).toEqual(strangerBefore.data.map((f) => f.id));
  });

  it('names are only displayed: no bidi, invisible or control characters, no path, NFC, at most 200 characters', async () => {
    const names: [string, string | null][] = [
      ['clip\u202egnp.exe', 'clipgnp.exe'],
      ['\u2066invoice\u2069\u200b.pdf', 'invoice.pdf'],
      ['../../../etc/passwd', 'passwd'],
      ['..\\..\\boot.ini', 'boot.ini'],
      ['C:\\Users\\me\\Desktop\\take 2.mov', 'take 2.mov'],
      ['line\r\nSet-Cookie: a=1.txt', null],
      ['tab\there\u0007\u001b[31m.txt', null],
      ['e\u0301te\u0301.wav', '\u00e9t\u00e9.wav'],
      ['\ufeffbom.wav', 'bom.wav'],
      [`${'a'.repeat(199)}😀.wav`, null],
      ['😀'.repeat(150), null],
      ['\u200b\u200c\u200d\u2060\ufeff', null],
      ['\u202e\u202d', null],
      ['folder/', null],
      ['/', null],
    ];
    for (const [raw, expected] of names) {
      const reply = await createRaw(creator, tusMetadata(meta(raw)), '10');
      if (reply.status !== 201) {
        // A name with nothing left to show may be refused, with the documented reason.
        expect([JSON.stringify(raw), reply.status, messageOf(reply.text)]).toEqual([
          JSON.stringify(raw),
          400,
          ORDER_FILE_MESSAGES.badMetadata,
        ]);
        continue;
      }
      const location = reply.headers.location!;
      const file = (await filesOf(api, creator.token, orderId)).data.find((f) => f.uploadUrl === location)!;
      const shown = file.name;
      const label = JSON.stringify(raw);
      if (expected !== null) expect([label, shown]).toEqual([label, expected]);
      expect([label, INVISIBLE.test(shown)]).toEqual([label, false]);
      expect([label, /[/\\]/.test(shown)]).toEqual([label, false]);
      expect([label, shown.length > 0 && [...shown].length <= 200 && shown.length <= 400]).toEqual([
        label,
        true,
      ]);
      expect([label, shown === shown.normalize('NFC')]).toEqual([label, true]);
      // Never half a character.
      expect([label, Buffer.from(shown, 'utf8').toString('utf8') === shown]).toEqual([label, true]);
      expect((await tus.terminate(location)).status).toBe(204);
    }
  });

  it('a client that disconnects mid-body twice resumes from the server’s offset and the file is exact', async () => {
    const { order } = await freshOrder();
    const bytes = randomBytes(300 * KB);
    const location = await created(tus, meta('cut-off.wav', {}, order), bytes.length);
    const { hostname, port } = new URL(server.url);
    const stableOffset = async () => {
      let last = '';
      for (let i = 0; i < 40; i++) {
        const now = (await offsetOf(location)).offset ?? '';
        if (now === last) return Number(now);
        last = now;
        await sleep(150);
      }
      throw new Error('the offset never settled');
    };
    let offset = 0;
    for (const cutAfter of [70 * KB, 90 * KB]) {
      const rest = bytes.subarray(offset);
      await new Promise<void>((resolve) => {
        const req = httpRequest({
          host: hostname,
          port,
          method: 'PATCH',
          path: location,
          headers: {
            authorization: `Bearer ${creator.token}`,
            'tus-resumable': '1.0.0',
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
            'content-length': String(rest.length),
          },
        });
        req.on('error', () => resolve());
        req.on('response', (res) => {
          answers.push({ what: 'PATCH cut off', status: res.statusCode ?? 0 });
          res.resume();
        });
        req.write(rest.subarray(0, cutAfter), () => {
          setTimeout(() => {
            req.destroy();
            resolve();
          }, 300);
        });
      });
      const now = await stableOffset();
      // What arrived is kept, nothing more than was sent.
      expect(now).toBeGreaterThanOrEqual(offset);
      expect(now).toBeLessThanOrEqual(offset + cutAfter);
      offset = now;
    }
    const listed = (await filesOf(api, creator.token, order)).data.find((f) => f.name === 'cut-off.wav')!;
    expect(listed.status).toBe('uploading');
    expect((await tus.patch(location, offset, bytes.subarray(offset))).status).toBe(204);
    const file = await checkedFile(api, creator.token, order, 'cut-off.wav');
    expect(file).toMatchObject({ status: 'ready', sizeBytes: bytes.length, sha256: sha256(bytes) });
    const got = await download(file.downloadUrl!, { authorization: `Bearer ${creator.token}` });
    expect(sha256(got.body)).toBe(sha256(bytes));
  });

  it('eight creations at once cannot cross the order’s allowance, and exactly as many as fit succeed', async () => {
    const { order } = await freshOrder();
    const size = 300 * KB;
    const replies = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        tusRaw(creator, 'POST', '/api/uploads', {
          'upload-metadata': tusMetadata(meta(`burst-${i}.wav`, {}, order)),
          'upload-length': String(size),
        }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    // 3 × 300 KB fit in 1000 KB; a 4th would not.
    expect(statuses).toEqual([201, 201, 201, 413, 413, 413, 413, 413]);
    for (const r of replies.filter((r) => r.status === 413))
      expect(messageOf(r.text)).toBe(ORDER_FILE_MESSAGES.perOrder(PER_ORDER, 3 * size));
    const listed = await filesOf(api, creator.token, order);
    expect(listed.data).toHaveLength(3);
    expect(listed.limits.usedBytes).toBe(3 * size);
    expect(listed.canAddFootage).toBe(true);

    // And once more, racing the last 100 KB: one of five small creations at most takes it.
    const small = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        tusRaw(creator, 'POST', '/api/uploads', {
          'upload-metadata': tusMetadata(meta(`tail-${i}.wav`, {}, order)),
          'upload-length': String(60 * KB),
        }),
      ),
    );
    expect(small.filter((r) => r.status === 201)).toHaveLength(1);
    expect(small.filter((r) => r.status === 413)).toHaveLength(4);
    expect((await filesOf(api, creator.token, order)).limits.usedBytes).toBe(3 * size + 60 * KB);
  });

  it('only the order’s creator sends footage, and only to a started, open order', async () => {
    const m = tusMetadata(meta('x.wav'));
    const byAdmin = await createRaw(admin, m, String(KB));
    expect(byAdmin.status).toBe(403);
    const byEditor = await createRaw(editor, m, String(KB));
    expect([byEditor.status, messageOf(byEditor.text)]).toEqual([403, ORDER_FILE_MESSAGES.notCreator]);
    const byOtherEditor = await createRaw(strangerEditor, m, String(KB));
    expect([403, 404]).toContain(byOtherEditor.status);
    const byStranger = await createRaw(stranger, m, String(KB));
    expect([byStranger.status, messageOf(byStranger.text)]).toEqual([404, ORDER_FILE_MESSAGES.orderNotFound]);
    const anonymous = await tusRaw(null, 'POST', '/api/uploads', {
      'upload-metadata': m,
      'upload-length': String(KB),
    });
    expect(anonymous.status).toBe(401);

    // An order only offered (not accepted) has not started.
    const other = await createTestUser(server.db, 'editor');
    const roomId = await openRoom(api, creator, other);
    const offer = await api.post(
      `/api/chat/${roomId}/offers`,
      { title: 'Not yet', amount: 999, deliveryDays: 3, revisions: 1 },
      { token: other.token },
    );
    expect(offer.status).toBe(201);
    const early = await createRaw(
      creator,
      tusMetadata(meta('early.wav', {}, offer.body.data._id)),
      String(KB),
    );
    expect([early.status, messageOf(early.text)]).toEqual([409, ORDER_FILE_MESSAGES.orderClosedToFootage]);
    expect((await filesOf(api, creator.token, offer.body.data._id)).canAddFootage).toBe(false);
    // The editor of an open order is told they cannot add footage.
    expect((await filesOf(api, editor.token, orderId)).canAddFootage).toBe(false);
  });

  it('downloads: strangers, visitors, and foreign, stale, tampered or malformed tickets get nothing', async () => {
    const bytes = Buffer.from('<!doctype html><script>document.cookie</script>' + 'x'.repeat(3000));
    const file = await readyFile('page "quoted".html', bytes);
    const bare = `/api/order-files/${file.id}/download`;
    const strangerFile = await readyFile(
      'theirs.bin',
      randomBytes(2 * KB),
      strangerOrderId,
      strangerTus,
      stranger,
    );
    const strangerTicket = new URL(strangerFile.downloadUrl!, server.url).searchParams.get('t')!;
    const ticket = new URL(file.downloadUrl!, server.url).searchParams.get('t')!;

    // The creator's link works on its own, as an attachment that no browser renders.
    const ok = await download(file.downloadUrl!);
    expect(ok.status).toBe(200);
    expect(ok.body.equals(bytes)).toBe(true);
    expect(ok.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(ok.headers.get('content-type') ?? '').not.toMatch(/html|svg|xml|javascript/);
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');

    // Strangers: by session (GET and HEAD), with their own file's ticket, with an admin-less role.
    expect((await download(bare, { authorization: `Bearer ${stranger.token}` })).status).toBe(404);
    const headByStranger = await raw('HEAD', bare, { authorization: `Bearer ${stranger.token}` });
    expect(headByStranger.status).toBe(404);
    expect((await download(`${bare}?t=${encodeURIComponent(strangerTicket)}`)).status).toBe(401);
    expect(
      (
        await download(`${bare}?t=${encodeURIComponent(strangerTicket)}`, {
          authorization: `Bearer ${stranger.token}`,
        })
      ).status,
    ).not.toBe(200);
    expect(
      (
        await download(`/api/order-files/${strangerFile.id}/download`, {
          authorization: `Bearer ${editor.token}`,
        })
      ).status,
    ).toBe(404);
    // Signed out, and tickets that are not ours.
    expect((await download(bare)).status).toBe(401);
    for (const t of [
      '',
      'x',
      'a.b.c',
      ticket.split('').reverse().join(''),
      `${ticket}x`,
      ticket.slice(1),
      encodeURIComponent('../../etc/passwd'),
    ]) {
      const reply = await download(`${bare}?t=${t}`);
      expect([t.slice(0, 40), reply.status]).toEqual([t.slice(0, 40), 401]);
    }
    // An absurdly long ticket may be refused as malformed input before it is even checked.
    expect([400, 401]).toContain((await download(`${bare}?t=${'A'.repeat(4000)}`)).status);
    // A NUL in the query is refused as the conventions say.
    const nul = await download(`${bare}?t=%00`);
    expect([nul.status, JSON.parse(nul.body.toString()).message]).toEqual([
      400,
      'Text must not contain NUL characters',
    ]);
    // Two tickets at once: not a way around the check, not a crash.
    const twice = await download(`${bare}?t=bad&t=${encodeURIComponent(ticket)}`);
    expect([200, 400, 401]).toContain(twice.status);
    const twiceBad = await download(`${bare}?t=${encodeURIComponent(strangerTicket)}&t=bad`);
    expect([400, 401]).toContain(twiceBad.status);

    // A ticket dies with the session it was signed for.
    const session = await createSession(server.db, editor.id);
    const editorLink = (await filesOf(api, session.token, orderId)).data.find(
      (f) => f.id === file.id,
    )!.downloadUrl!;
    expect((await download(editorLink)).status).toBe(200);
    expect((await api.post('/api/auth/logout', undefined, { token: session.token })).status).toBe(200);
    expect((await download(editorLink)).status).toBe(401);

    // Ids that are not ids.
    for (const id of [
      'not-a-uuid',
      '..%2F..%2Fetc%2Fpasswd',
      file.id.toUpperCase().replace(/-/g, ''),
      `${file.id}%20`,
      "1' OR '1'='1",
    ]) {
      const reply = await download(`/api/order-files/${id}/download`, {
        authorization: `Bearer ${creator.token}`,
      });
      expect([id, [400, 404].includes(reply.status)]).toEqual([id, true]);
    }
    const nulId = await download(`/api/order-files/${file.id}%00/download`, {
      authorization: `Bearer ${creator.token}`,
    });
    expect(nulId.status).toBe(400);
  });

  it('downloads honour Range: single, suffix and open ranges, multi-range, unsatisfiable (416), malformed', async () => {
    const bytes = randomBytes(40 * KB);
    const file = await readyFile('ranges.bin', bytes);
    const url = file.downloadUrl!;
    const size = bytes.length;
    const ranged = (range: string) => download(url, { range });

    const one = await ranged('bytes=100-199');
    expect([one.status, one.headers.get('content-range')]).toEqual([206, `bytes 100-199/${size}`]);
    expect(one.body.equals(bytes.subarray(100, 200))).toBe(true);
    const suffix = await ranged('bytes=-50');
    expect(suffix.status).toBe(206);
    expect(suffix.body.equals(bytes.subarray(size - 50))).toBe(true);
    const open = await ranged(`bytes=${size - 10}-`);
    expect(open.status).toBe(206);
    expect(open.body.equals(bytes.subarray(size - 10))).toBe(true);
    const pastEnd = await ranged(`bytes=${size - 10}-${size + 5000}`);
    expect([pastEnd.status, pastEnd.headers.get('content-range')]).toEqual([
      206,
      `bytes ${size - 10}-${size - 1}/${size}`,
    ]);
    const firstByte = await ranged('bytes=0-0');
    expect([firstByte.status, firstByte.body.length]).toEqual([206, 1]);

    // Several ranges: the whole file (200) or a proper multipart answer, never a wrong slice.
    const multi = await ranged('bytes=0-9,20-29');
    if (multi.status === 200) expect(multi.body.equals(bytes)).toBe(true);
    else {
      expect(multi.status).toBe(206);
      expect(multi.headers.get('content-type')).toMatch(/^multipart\/byteranges/);
    }
    // Unsatisfiable: 416 with the size.
    for (const range of [
      `bytes=${size}-`,
      `bytes=${size + 1000}-${size + 2000}`,
      'bytes=99999999999999999999-',
    ]) {
      const reply = await ranged(range);
      expect([range, reply.status]).toEqual([range, 416]);
      expect(reply.headers.get('content-range')).toBe(`bytes */${size}`);
    }
    // Malformed ranges are ignored (the whole file) or refused as unsatisfiable, never a crash or a wrong slice.
    for (const range of [
      'bytes=abc',
      'bytes=5-2',
      'bytes=-',
      'items=0-5',
      'bytes=0-1,',
      'bytes=--5',
      `bytes=${'0-1,'.repeat(500)}0-1`,
    ]) {
      const reply = await ranged(range);
      expect([range, [200, 206, 416].includes(reply.status)]).toEqual([range, true]);
      if (reply.status === 200) expect([range, reply.body.equals(bytes)]).toEqual([range, true]);
    }
    const unit = await ranged('items=0-5');
    expect(unit.status).toBe(200);
  });

  it('files that say video but are not one end rejected, undownloadable, and unseen by the editor', async () => {
    const { order, other } = await freshOrder();
    const text = Buffer.from('just words pretending to be a film\n'.repeat(20));
    const clip = await makeClip('160x90', 1);
    // An MP4 header followed by garbage: sniffed as a video, which ffprobe cannot read.
    const broken = Buffer.concat([clip.subarray(0, 32), randomBytes(8 * KB)]);
    const cases: [string, Buffer, Record<string, string>][] = [
      ['SHOUTING.MP4', text, {}],
      ['sneaky.mp4\u200b', text, {}],
      ['reversed.mp4\u202e', text, {}],
      ['typed-only.bin', text, { filetype: 'video/mp4' }],
      ['broken.mov', broken, {}],
    ];
    for (const [name, bytes, extra] of cases) await uploadWhole(tus, meta(name, extra, order), bytes);
    const mine = await (async () => {
      const until = Date.now() + 30_000;
      for (;;) {
        const data = (await filesOf(api, creator.token, order)).data;
        if (
          data.length === cases.length &&
          data.every((f) => f.status === 'ready' || f.status === 'rejected')
        )
          return data;
        if (Date.now() > until)
          throw new Error(`still checking: ${JSON.stringify(data.map((f) => [f.name, f.status]))}`);
        await sleep(150);
      }
    })();
    for (const file of mine) {
      expect([file.name, file.status, file.downloadUrl]).toEqual([file.name, 'rejected', null]);
      expect(
        file.rejectedReason === ORDER_FILE_MESSAGES.notVideo ||
          file.rejectedReason?.startsWith('This video could not be read'),
      ).toBe(true);
      for (const who of [creator, other]) {
        const reply = await download(`/api/order-files/${file.id}/download`, {
          authorization: `Bearer ${who.token}`,
        });
        expect([file.name, who.role, reply.status === 200]).toEqual([file.name, who.role, false]);
      }
    }
    // The order's editor sees none of them; an admin sees none of them as ready.
    expect((await filesOf(api, other.token, order)).data).toEqual([]);
    const rejectedIds = mine.map((f) => f.id);
    const adminSees = (await filesOf(api, admin.token, order)).data
      .filter((f) => f.status === 'ready')
      .map((f) => f.id);
    expect(adminSees.filter((id) => rejectedIds.includes(id))).toEqual([]);
  });

  it('finished and terminated uploads cannot be reopened, and deleting a finished one keeps the file', async () => {
    const bytes = randomBytes(30 * KB);
    const location = await created(tus, meta('kept.bin'), bytes.length);
    expect((await tus.patch(location, 0, bytes)).status).toBe(204);
    const file = await checkedFile(api, creator.token, orderId, 'kept.bin');
    expect(file.status).toBe('ready');
    const del = await tusRaw(creator, 'DELETE', location);
    expect([400, 404, 409, 410]).toContain(del.status);
    const more = await patchRaw(creator, location, String(bytes.length), randomBytes(KB));
    expect([404, 409, 410, 413]).toContain(more.status);
    const again = await patchRaw(creator, location, '0', randomBytes(KB));
    expect([404, 409, 410]).toContain(again.status);
    const still = (await filesOf(api, creator.token, orderId)).data.find((f) => f.id === file.id)!;
    expect(still).toMatchObject({ status: 'ready', sha256: sha256(bytes), sizeBytes: bytes.length });
    const got = await download(still.downloadUrl!);
    expect(got.body.equals(bytes)).toBe(true);

    // A terminated upload stays gone for every method, and a second termination is a 404.
    const gone = await created(tus, meta('gone.bin'), 4 * KB);
    expect((await tus.terminate(gone)).status).toBe(204);
    expect((await tusRaw(creator, 'DELETE', gone)).status).toBe(404);
    expect((await patchRaw(creator, gone, '0', randomBytes(KB))).status).toBe(404);
    expect((await tusRaw(creator, 'HEAD', gone)).status).toBe(404);
    expect((await filesOf(api, creator.token, orderId)).data.map((f) => f.name)).not.toContain('gone.bin');
  });

  it('a DELETE while a PATCH is streaming leaves no half file behind and gives the allowance back', async () => {
    const { order } = await freshOrder();
    const before = await filesOf(api, creator.token, order);
    const bytes = randomBytes(200 * KB);
    const location = await created(tus, meta('racing.bin', {}, order), bytes.length);
    const { hostname, port } = new URL(server.url);
    let patchStatus = -1;
    const patching = new Promise<void>((resolve) => {
      const req = httpRequest(
        {
          host: hostname,
          port,
          method: 'PATCH',
          path: location,
          headers: {
            authorization: `Bearer ${creator.token}`,
            'tus-resumable': '1.0.0',
            'content-type': 'application/offset+octet-stream',
            'upload-offset': '0',
            'content-length': String(bytes.length),
          },
        },
        (res) => {
          patchStatus = res.statusCode ?? 0;
          res.resume();
          res.on('end', () => resolve());
        },
      );
      req.on('error', () => {
        if (patchStatus === -1) patchStatus = 0;
        resolve();
      });
      // Half the body now, the rest slowly.
      req.write(bytes.subarray(0, 100 * KB));
      let at = 100 * KB;
      const timer = setInterval(() => {
        if (at >= bytes.length || req.destroyed) {
          clearInterval(timer);
          if (!req.destroyed) req.end();
          return;
        }
        req.write(bytes.subarray(at, at + 10 * KB));
        at += 10 * KB;
      }, 100);
    });
    await sleep(300);
    const del = await tusRaw(creator, 'DELETE', location);
    await patching;
    answers.push({ what: 'PATCH racing a DELETE', status: patchStatus });
    expect(del.status).not.toBe(500);
    expect(patchStatus).not.toBe(500);
    await sleep(300);
    const state = await offsetOf(location);
    const after = await filesOf(api, creator.token, order);
    if (del.status === 204) {
      expect(state.status).toBe(404);
      expect(after.data.map((f) => f.name)).not.toContain('racing.bin');
      expect(after.limits.usedBytes).toBe(before.limits.usedBytes);
    } else {
      // The DELETE lost: the upload is either whole (and checked) or still resumable, and consistent.
      expect(state.status === 200 || state.status === 404).toBe(true);
      const listed = after.data.find((f) => f.name === 'racing.bin');
      expect(listed).toBeDefined();
    }
  });

  it('cookie uploads from another site are refused, and the tus CORS headers hand no credentials to it', async () => {
    const cookie = `cutroom_session=${creator.token}`;
    const evil = 'https://evil.example';
    const m = tusMetadata(meta('csrf.bin'));
    const sameSite = await raw('POST', '/api/uploads', {
      cookie,
      origin: server.url,
      'tus-resumable': '1.0.0',
      'upload-metadata': m,
      'upload-length': String(KB),
    });
    expect(sameSite.status).toBe(201);
    const location = sameSite.headers.location!;
    const cross = await raw('POST', '/api/uploads', {
      cookie,
      origin: evil,
      'tus-resumable': '1.0.0',
      'upload-metadata': m,
      'upload-length': String(KB),
    });
    expect([cross.status, messageOf(cross.text)]).toEqual([403, 'Cross-site request refused']);
    const crossPatch = await raw(
      'PATCH',
      location,
      {
        cookie,
        origin: evil,
        'tus-resumable': '1.0.0',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(KB),
      },
      randomBytes(KB),
    );
    expect([crossPatch.status, messageOf(crossPatch.text)]).toEqual([403, 'Cross-site request refused']);
    const crossDelete = await raw('DELETE', location, {
      cookie,
      referer: `${evil}/page`,
      'tus-resumable': '1.0.0',
    });
    expect([crossDelete.status, messageOf(crossDelete.text)]).toEqual([403, 'Cross-site request refused']);
    expect(await offsetOf(location)).toEqual({ status: 200, offset: '0', length: String(KB) });

    const preflight = await raw('OPTIONS', '/api/uploads', {
      origin: evil,
      'access-control-request-method': 'PATCH',
    });
    expect(preflight.status).not.toBe(500);
    const allowsEvil = preflight.headers['access-control-allow-origin'] === evil;
    const withCredentials = preflight.headers['access-control-allow-credentials'] === 'true';
    expect(allowsEvil && withCredentials).toBe(false);
    const head = await raw('HEAD', location, { cookie, origin: evil, 'tus-resumable': '1.0.0' });
    expect(
      head.headers['access-control-allow-origin'] === evil &&
        head.headers['access-control-allow-credentials'] === 'true',
    ).toBe(false);
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('protocol oddities: concatenating someone else’s upload, redeclaring the length, a wrong tus version', async () => {
    const victim = await created(tus, meta('concat-victim.bin'), 8 * KB);
    expect((await tus.patch(victim, 0, randomBytes(3 * KB))).status).toBe(204);
    const victimId = victim.split('/').pop()!;
    for (const concat of [
      `final;/api/uploads/${victimId}`,
      `final;${server.url}/api/uploads/${victimId} ${server.url}/api/uploads/${victimId}`,
      'partial',
    ]) {
      const reply = await tusRaw(stranger, 'POST', '/api/uploads', {
        'upload-metadata': tusMetadata(meta('concat.bin', {}, strangerOrderId)),
        'upload-concat': concat,
        ...(concat === 'partial' ? { 'upload-length': String(KB) } : {}),
      });
      expect([concat, reply.status === 201 || reply.status === 500]).toEqual([concat, false]);
    }
    expect(await offsetOf(victim)).toEqual({ status: 200, offset: String(3 * KB), length: String(8 * KB) });

    // Growing an upload after its size was counted: refused, the length stays.
    const grow = await patchRaw(creator, victim, String(3 * KB), randomBytes(KB), {
      'upload-length': String(500 * KB),
    });
    // Lengths are never deferred here, so the extension that lets a PATCH set one is not implemented.
    expect(grow.status).toBe(501);
    expect(await offsetOf(victim)).toEqual({ status: 200, offset: String(3 * KB), length: String(8 * KB) });

    // POST on an upload's URL (or a method override) does nothing to it.
    const override = await tusRaw(stranger, 'POST', victim, {
      'x-http-method-override': 'DELETE',
      'upload-length': '1',
    });
    expect(override.status).not.toBe(204);
    const overridePatch = await tusRaw(
      stranger,
      'POST',
      victim,
      {
        'x-http-method-override': 'PATCH',
        'upload-offset': String(3 * KB),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(KB),
      },
      randomBytes(KB),
    );
    expect(overridePatch.status).not.toBe(204);
    expect(await offsetOf(victim)).toEqual({ status: 200, offset: String(3 * KB), length: String(8 * KB) });

    // The Location is ours, whatever Host the client claims.
    const spoofed = await tusRaw(creator, 'POST', '/api/uploads', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example;proto=https',
      'upload-metadata': tusMetadata(meta('host.bin')),
      'upload-length': '10',
    });
    expect(spoofed.status).toBe(201);
    expect(spoofed.headers.location).toMatch(/^\/api\/uploads\/[0-9a-f]{48}$/);
    expect((await tus.terminate(spoofed.headers.location!)).status).toBe(204);
    expect((await tus.terminate(victim)).status).toBe(204);
  });

  it('a missing or wrong Tus-Resumable is refused with 412 and the versions the server speaks', async () => {
    const location = await created(tus, meta('version.bin'), KB);
    const none = await raw('HEAD', location, { authorization: `Bearer ${creator.token}` });
    expect(none.status).toBe(412);
    const old = await raw('POST', '/api/uploads', {
      authorization: `Bearer ${creator.token}`,
      'tus-resumable': '0.2.2',
      'upload-metadata': tusMetadata(meta('v.bin')),
      'upload-length': '10',
    });
    expect([old.status, old.headers['tus-version']]).toEqual([412, '1.0.0']);
    const patchOld = await patchRaw(creator, location, '0', randomBytes(KB), { 'tus-resumable': '2.0.0' });
    expect(patchOld.status).toBe(412);
    expect((await offsetOf(location)).offset).toBe('0');
    expect((await tus.terminate(location)).status).toBe(204);
  });

  it('OPTIONS advertises the per-file limit and only the extensions the server accepts', async () => {
    const reply = await raw('OPTIONS', '/api/uploads');
    expect(reply.status).toBe(204);
    expect(reply.headers['tus-version']).toBe('1.0.0');
    // The endpoint's largest size (it may serve bigger kinds than footage), never below what footage may be.
    expect(reply.headers['tus-max-size']).toMatch(/^[1-9][0-9]*$/);
    expect(Number(reply.headers['tus-max-size'])).toBeGreaterThanOrEqual(PER_FILE);
    const extensions = String(reply.headers['tus-extension']).split(',');
    expect(extensions).toEqual(expect.arrayContaining(['creation', 'termination', 'expiration']));
    // Deferred lengths are refused (400), and concatenation is not offered: neither may be advertised.
    expect(extensions.filter((e) => e === 'creation-defer-length' || e.startsWith('concatenation'))).toEqual(
      [],
    );
  });

  it('no request above got a 500', () => {
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 501)).toEqual([]);
  });
});
