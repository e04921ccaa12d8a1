import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, portfolioSamples } from '../src/db/schema';
import { writeMessage } from '../src/modules/chat/message-writer';
import { ask, clientId, connectChat, type ChatClient } from './chat-clients';
import { openOrder, openRoom } from './delivery-fixtures';
import { createPricedEditor } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { makeImage } from './helpers/media';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { sampleForm, saveStructure } from './portfolio-fixtures';

/**
 * Security probe, issue 13 item 10: hostile inputs that used to answer 500. Every one of them must be
 * refused with a 4xx and a message a person can read; none may reach the database as an error.
 */
const NUL_REFUSED = 'Text must not contain NUL characters';
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const BOUNDARY = 'hostileBoundary42';

interface Reply {
  status: number;
  body: any;
}

describe('hostile inputs are refused with a readable 4xx, never a 500', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let portfolioEditor: TestUser;
  let roomId: string;
  let orderId: string;
  let image: Buffer;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, admin, portfolioEditor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999 }),
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
    orderId = (await openOrder(api, creator, editor, roomId))._id;
    await saveStructure(api, admin.token, portfolioEditor.id);
    image = await makeImage({ width: 64, height: 64, format: 'png' });
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  /** Any request, with a body sent exactly as given (raw multipart included). */
  async function raw(
    method: string,
    path: string,
    opts: { token?: string; contentType?: string; body?: BodyInit } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.contentType) headers['content-type'] = opts.contentType;
    let res: Response;
    let text: string;
    try {
      // A request that hangs is a failure too, named like the others rather than timing the test out.
      res = await fetch(`${server.url}${path}`, {
        method,
        headers,
        body: opts.body,
        signal: AbortSignal.timeout(10_000),
      });
      text = await res.text();
    } catch (err) {
      return { status: 0, body: `no answer: ${(err as Error).message}` };
    }
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body };
  }

  const multipart = (parts: string) => ({
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: parts,
  });
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const fileHead = (name: string, fileName: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: video/mp4\r\n\r\n`;

  /** Hostile multipart bodies for an upload route whose file field is `fileField`. */
  const badMultipart = (fileField: string, before = '') => ({
    'without a boundary': { contentType: 'multipart/form-data', body: `${before}garbage` },
    'with an empty boundary': { contentType: 'multipart/form-data; boundary=', body: 'garbage' },
    'that is empty': multipart(''),
    'of garbage bytes': multipart('\u0001\u0002 not multipart at all \r\n\r\n--nope--'),
    'with a broken part header': multipart(
      `--${BOUNDARY}\r\nthis is no header\r\n\r\nvalue\r\n--${BOUNDARY}--`,
    ),
    'truncated in a field': multipart(
      `${before}--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhalf a no`,
    ),
    'truncated in the part headers': multipart(`${before}--${BOUNDARY}\r\nContent-Disposition: form-da`),
    'truncated in the file': multipart(
      `${before}${fileHead(fileField, 'cut.mp4')}\u0000\u0000\u0000\u0018ftypmp42`,
    ),
    'with a NUL in a field name': multipart(`${field('no\u0000te', 'x')}--${BOUNDARY}--\r\n`),
  });

  type Case = [name: string, run: () => Promise<Reply>];
  const cases = (): Case[] => {
    const deliveryId = randomUUID();
    const list: Case[] = [];

    // Media tickets (36 dashes look like a session id to a loose pattern).
    const tickets = [
      '-'.repeat(36),
      `${'-'.repeat(36)}.9999999999.${'A'.repeat(43)}`,
      `${'f'.repeat(36)}.9999999999.${'A'.repeat(43)}`,
      `${randomUUID()}.9999999999.${'A'.repeat(43)}`,
      '%00',
    ];
    for (const purpose of ['preview', 'poster', 'final']) {
      for (const t of tickets) {
        list.push([
          `GET /api/deliveries/:id/${purpose}?t=${t.slice(0, 50)}`,
          () => raw('GET', `/api/deliveries/${deliveryId}/${purpose}?t=${t}`),
        ]);
      }
    }

    // Payment cursors.
    const paymentCursors = [
      'garbage',
      '%00',
      b64('garbage'),
      b64(`2020-01-01T00:00:00.000Z|${'-'.repeat(36)}`),
      b64(`2020-01-01T00:00:00.000Z|${'z'.repeat(36)}`),
      b64(`not a date|${randomUUID()}`),
      b64(`-271821-04-20T00:00:00.000Z|${randomUUID()}`),
      b64(`+275760-09-13T00:00:00.000Z|${randomUUID()}`),
      b64(`2020-01-01T00:00:00.000Z|${randomUUID()}|more`),
      'x'.repeat(201),
    ];
    for (const before of paymentCursors) {
      list.push([
        `GET /api/payment/creator/me?before=${before.slice(0, 50)}`,
        () => raw('GET', `/api/payment/creator/me?before=${before}`, { token: creator.token }),
      ]);
      list.push([
        `GET /api/payment/editor/me?before=${before.slice(0, 50)}`,
        () => raw('GET', `/api/payment/editor/me?before=${before}`, { token: editor.token }),
      ]);
    }

    // Chat room cursors (my rooms and the admin's list).
    const roomCursors = [
      'garbage',
      '%00',
      b64(`0000-00-00T00:00:00.000000Z|${randomUUID()}`),
      b64(`2020-13-45T99:99:99.000000Z|${randomUUID()}`),
      b64(`2020-01-01T00:00:00.000000Z|${'-'.repeat(36)}`),
      b64(`2020-01-01T00:00:00.000000Z|${'f'.repeat(8)}-${'f'.repeat(4)}`),
      'x'.repeat(201),
    ];
    for (const cursor of roomCursors) {
      list.push([
        `GET /api/chat/my-rooms?cursor=${cursor.slice(0, 50)}`,
        () => raw('GET', `/api/chat/my-rooms?cursor=${cursor}`, { token: creator.token }),
      ]);
      list.push([
        `GET /api/admin/chat-rooms?cursor=${cursor.slice(0, 50)}`,
        () => raw('GET', `/api/admin/chat-rooms?cursor=${cursor}`, { token: admin.token }),
      ]);
    }

    // Chat message cursors.
    const messageQueries = [
      'before=garbage',
      'after=garbage',
      `before=${'-'.repeat(36)}`,
      `before=${randomUUID()}`,
      `after=${randomUUID()}`,
      `before=${randomUUID()}&after=${randomUUID()}`,
      'before=%00',
      'limit=-1',
      'limit=abc',
    ];
    for (const query of messageQueries) {
      list.push([
        `GET /api/chat/:roomId/messages?${query.slice(0, 50)}`,
        () => raw('GET', `/api/chat/${roomId}/messages?${query}`, { token: creator.token }),
      ]);
    }

    // Editor search.
    for (const query of ['%00', 'a%00b', 'x'.repeat(5000)]) {
      list.push([
        `GET /api/users/editors/search?query=${query.slice(0, 50)}`,
        () => raw('GET', `/api/users/editors/search?query=${query}`),
      ]);
    }

    // Order ids in paths.
    const orderIds = [
      '%00',
      "x'--",
      '%C0%AF',
      '%E2%98%83',
      '..%2F..%2Fetc',
      '%20',
      'a'.repeat(65),
      'CR-1',
      '-'.repeat(36),
    ];
    for (const id of orderIds) {
      list.push([
        `GET /api/payment/status/${id.slice(0, 50)}`,
        () => raw('GET', `/api/payment/status/${id}`, { token: creator.token }),
      ]);
    }

    // A delivery note with NUL: multipart fields do not go through the JSON hook.
    for (const note of ['a\u0000b', '\u0000']) {
      list.push([
        `POST /api/chat/:roomId/deliveries with a NUL in the note (${JSON.stringify(note)})`,
        () => {
          const form = new FormData();
          form.append('note', note);
          form.append('orderId', orderId);
          form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cut.png');
          return raw('POST', `/api/chat/${roomId}/deliveries`, { token: editor.token, body: form });
        },
      ]);
    }
    list.push([
      'POST /api/chat/:roomId/deliveries with a NUL in the order id field',
      () => {
        const form = new FormData();
        form.append('orderId', `${orderId}\u0000`);
        form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cut.png');
        return raw('POST', `/api/chat/${roomId}/deliveries`, { token: editor.token, body: form });
      },
    ]);

    // Hostile multipart on both upload routes.
    const deliveryFields = field('orderId', orderId) + field('note', 'hello');
    for (const [what, req] of Object.entries(badMultipart('file', deliveryFields))) {
      list.push([
        `POST /api/chat/:roomId/deliveries multipart ${what}`,
        () => raw('POST', `/api/chat/${roomId}/deliveries`, { token: editor.token, ...req }),
      ]);
    }
    for (const [what, req] of Object.entries(badMultipart('basic_0'))) {
      list.push([
        `PATCH /api/admin/editors/:id/portfolio/samples multipart ${what}`,
        () =>
          raw('PATCH', `/api/admin/editors/${portfolioEditor.id}/portfolio/samples`, {
            token: admin.token,
            ...req,
          }),
      ]);
    }
    return list;
  };

  it('answers every hostile request with a 4xx and a readable message', async () => {
    const failures: string[] = [];
    for (const [name, run] of cases()) {
      const res = await run();
      const readable = typeof res.body?.message === 'string' && res.body.message.length > 0;
      if (res.status < 400 || res.status >= 500 || !readable) {
        failures.push(`${name} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('refuses a delivery note with NUL with the NUL message and stores nothing', async () => {
    const form = new FormData();
    form.append('note', 'a\u0000b');
    form.append('orderId', orderId);
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'cut.png');
    const res = await raw('POST', `/api/chat/${roomId}/deliveries`, { token: editor.token, body: form });
    expect(res).toMatchObject({ status: 400, body: { message: NUL_REFUSED } });
  });

  describe('chat messages with NUL over the socket', () => {
    const joined = async (who: TestUser) => {
      const socket = await connectChat(server.url, who.token);
      sockets.push(socket);
      expect(await ask(socket, 'joinRoom', { roomId, userId: who.id })).toMatchObject({ ok: true });
      return socket;
    };
    const sendOver = (socket: ChatClient, content: string, id = clientId()) =>
      ask(socket, 'sendMessage', { clientId: id, chatRoom: roomId, content, read: false });

    it('refuses the message with a readable error and still stores the others sent with it', async () => {
      const c = await joined(creator);
      const e = await joined(editor);
      const c2 = await joined(creator);
      const [good1, bad, good2, bad2] = await Promise.all([
        sendOver(c, 'hostile batch one'),
        sendOver(e, 'hostile \u0000 batch'),
        sendOver(c2, 'hostile batch two'),
        sendOver(e, '\u0000'),
      ]);
      expect(bad).toEqual({ ok: false, error: NUL_REFUSED });
      expect(bad2).toEqual({ ok: false, error: NUL_REFUSED });
      expect(good1).toMatchObject({ ok: true });
      expect(good2).toMatchObject({ ok: true });
      const stored = await server.db.select().from(chatMessages).where(eq(chatMessages.chatRoomId, roomId));
      const texts = stored.map((m) => m.content);
      expect(texts).toEqual(expect.arrayContaining(['hostile batch one', 'hostile batch two']));
      expect(texts.some((t) => t.includes('\u0000'))).toBe(false);
    });

    it('keeps one NUL message from failing the batched statement of the others', async () => {
      const errors: unknown[] = [];
      const onError = (err: unknown) => errors.push(err);
      const write = (who: TestUser, content: string) =>
        writeMessage(server.app, who, { roomId, content, clientId: clientId() }, onError);
      const [a, nul, b] = await Promise.all([
        write(creator, 'writer batch one'),
        write(editor, 'writer \u0000 batch'),
        write(creator, 'writer batch two'),
      ]);
      expect(errors).toEqual([]);
      expect(a?.message.content).toBe('writer batch one');
      expect(b?.message.content).toBe('writer batch two');
      expect(nul).toBeNull();
    });
  });

  // Issue 13 item 18: docs/api.md calls the body of this DELETE optional; a client sends none.
  describe('DELETE /api/admin/editors/{id}/portfolio/{sampleId} without a body', () => {
    it('deletes the editor’s sample, and still refuses a sample of another editor', async () => {
      const [owner, other] = await Promise.all([
        createTestUser(server.db, 'editor'),
        createTestUser(server.db, 'editor'),
      ]);
      await saveStructure(api, admin.token, owner.id);
      await saveStructure(api, admin.token, other.id);
      const bytes = await makeImage({ width: 200, height: 120 });
      const up = await api.patch(
        `/api/admin/editors/${owner.id}/portfolio/samples`,
        sampleForm([
          { tier: 'basic', index: 0, name: 'a.jpg', bytes },
          { tier: 'basic', index: 1, name: 'b.jpg', bytes },
        ]),
        { token: admin.token },
      );
      expect(up.status).toBe(200);
      const [first, second] = up.body.data.tiers[0].samples;
      const del = (editorId: string, sampleId: string, contentType?: string) =>
        raw('DELETE', `/api/admin/editors/${editorId}/portfolio/${sampleId}`, {
          token: admin.token,
          contentType,
        });

      // Another editor's path with this sample's id: not theirs, with or without a body.
      expect(await del(other.id, first._id)).toEqual({ status: 404, body: { message: 'Sample not found' } });
      expect(await del(other.id, first._id, 'application/json')).toEqual({
        status: 404,
        body: { message: 'Sample not found' },
      });

      expect(await del(owner.id, first._id)).toEqual({
        status: 200,
        body: { message: 'Deleted successfully!' },
      });
      // Some clients send a JSON content type on every request, even one without a body.
      expect(await del(owner.id, second._id, 'application/json')).toEqual({
        status: 200,
        body: { message: 'Deleted successfully!' },
      });
      const left = await server.db
        .select()
        .from(portfolioSamples)
        .where(eq(portfolioSamples.editorId, owner.id));
      expect(left).toEqual([]);
    });
  });
});
