import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  REPEAT_OFFENDER_MIN_REFUSALS,
  type RepeatOffender,
  type RepeatOffendersPage,
} from '@cutroom/contracts';
import { ask, connectChat, type ChatClient } from './chat-clients';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom } from './orders/fixtures';
import { completedInDb, review } from './reviews/fixtures';

/**
 * Issue 25, item 14: reviews and replies go through the chat's screen, and every refused attempt — in
 * chat (over HTTP or the socket), in a review, in a reply — is recorded (who, where, when, the kind; not
 * the text), so that admins see the people who keep trying.
 */
describe('refused contact details on record: repeat offenders', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [admin, creator, editor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.close();
  });

  const say = (who: TestUser, content: string) =>
    api.post('/api/chat/message', { chatRoomId: roomId, content }, { token: who.token });
  const offenders = async (token = admin.token): Promise<RepeatOffendersPage> => {
    const res = await api.get('/api/admin/moderation-refusals', { token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const rowsOf = async (query: SQL): Promise<unknown[]> =>
    ((await server.db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const offender = async (who: TestUser): Promise<RepeatOffender | undefined> =>
    (await offenders()).data.find((o) => o.person._id === who.id);

  it('records eight refused chat messages in a row and lists the sender, without the texts', async () => {
    const tries = [
      'tg rahulcuts',
      'the bird app @rahul_x',
      'discord rahul#1234',
      'calendly.com/rahulcuts/30min',
      'rahul cuts dot com',
      'nueve ocho siete seis cinco cuatro tres dos uno cero',
      'OTg3NjU0MzIxMA==',
      'rahul#gmail.com',
    ];
    for (const content of tries) {
      const res = await say(creator, content);
      expect([content, res.status, res.body.message]).toEqual([
        content,
        400,
        CONTACT_DETAILS_BLOCKED_MESSAGE,
      ]);
    }
    const listed = await offender(creator);
    expect(listed).toMatchObject({
      person: { _id: creator.id, username: creator.username, role: 'creator' },
      refusals: 8,
      lastWeek: 8,
      places: [{ place: 'chat_message', count: 8 }],
    });
    expect(listed!.recent).toHaveLength(5);
    expect(listed!.recent[0]).toMatchObject({ place: 'chat_message', kind: 'email' });
    expect(new Date(listed!.lastAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // Who, where, when and the kind: the refused words are kept nowhere.
    const stored = JSON.stringify(
      await rowsOf(sql`select * from contact_refusals where author_id = ${creator.id}`),
    );
    for (const words of ['rahulcuts', 'rahul_x', 'OTg3NjU0MzIxMA', 'nueve']) {
      expect(stored).not.toContain(words);
      expect(JSON.stringify(listed)).not.toContain(words);
    }
    expect(stored).toContain(roomId);
  });

  it('records a refusal over the socket once, and nothing for a delivered message', async () => {
    const before = (await offender(creator))!.refusals;
    const socket = await connectChat(server.url, creator.token);
    sockets.push(socket);
    expect(await ask(socket, 'joinRoom', { roomId, userId: creator.id })).toMatchObject({ ok: true });
    const sent = (content: string) =>
      ask(socket, 'sendMessage', { clientId: crypto.randomUUID(), chatRoom: roomId, content, read: false });
    expect(await sent('first five 98765, last five 43210')).toEqual({
      ok: false,
      error: CONTACT_DETAILS_BLOCKED_MESSAGE,
    });
    expect(await sent('Part II of the series, skip the intro')).toMatchObject({ ok: true });
    expect((await offender(creator))!.refusals).toBe(before + 1);
  });

  it('refuses contact details in a review and in the reply (suspicious ones too) and records both', async () => {
    const reviewer = await createTestUser(server.db, 'creator');
    const orderIds = [
      await completedInDb(api, server, reviewer, editor),
      await completedInDb(api, server, reviewer, editor),
    ];
    // A certain detail, and a mere invitation to pay outside: both are refused in public text.
    for (const [i, text] of [
      'Great work! book him at cal.com/rahulcuts',
      'skip the site, pay him directly',
    ].entries()) {
      const res = await review(api, reviewer, orderIds[i]!, { rating: 5, text });
      expect([text, res.status, res.body.message]).toEqual([text, 400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    }
    const posted = await review(api, reviewer, orderIds[0]!, {
      rating: 5,
      text: 'Great work, Part II soon!',
    });
    expect(posted.status).toBe(201);
    const reviewId = posted.body.data._id as string;

    const replies = ['find me on the gram: rahul.edits', 'IX VIII VII VI V IV III II I 0'];
    for (const reply of replies) {
      const res = await api.post(`/api/reviews/${reviewId}/reply`, { reply }, { token: editor.token });
      expect([reply, res.status, res.body.message]).toEqual([reply, 400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    }
    expect(
      (await api.post(`/api/reviews/${reviewId}/reply`, { reply: 'Thank you!' }, { token: editor.token }))
        .status,
    ).toBe(200);

    expect(await offender(reviewer)).toMatchObject({
      refusals: 2,
      places: [{ place: 'review', count: 2 }],
    });
    const byEditor = await offender(editor);
    expect(byEditor).toMatchObject({ refusals: 2, places: [{ place: 'review_reply', count: 2 }] });
    expect(byEditor!.recent.map((r) => r.kind).sort()).toEqual(['handle', 'phone']);
    const rows = await rowsOf(
      sql`select review_id, order_id from contact_refusals where author_id = ${editor.id}`,
    );
    expect(rows).toEqual([
      { review_id: reviewId, order_id: null },
      { review_id: reviewId, order_id: null },
    ]);
  });

  it('lists only repeat offenders, most attempts first, and only to admins', async () => {
    const once = await createTestUser(server.db, 'editor');
    const onceRoom = await openRoom(api, creator, once);
    const res = await api.post(
      '/api/chat/message',
      { chatRoomId: onceRoom, content: 'skype live:rahul.cuts_1' },
      { token: once.token },
    );
    expect(res.status).toBe(400);
    expect(REPEAT_OFFENDER_MIN_REFUSALS).toBe(2);
    const page = await offenders();
    expect(page.data.some((o) => o.person._id === once.id)).toBe(false);
    const counts = page.data.map((o) => o.refusals);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(page.data[0]!.person._id).toBe(creator.id);

    expect((await api.get('/api/admin/moderation-refusals', { token: creator.token })).status).toBe(403);
    expect((await api.get('/api/admin/moderation-refusals')).status).toBe(401);
    expect((await api.get('/api/admin/moderation-refusals?limit=0', { token: admin.token })).status).toBe(
      400,
    );
  });

  it('records a refusal that names a room or an order that does not exist', async () => {
    const stranger = await createTestUser(server.db, 'creator');
    for (const chatRoomId of [crypto.randomUUID(), crypto.randomUUID()]) {
      const res = await api.post(
        '/api/chat/message',
        { chatRoomId, content: 'tg: rahulcuts' },
        { token: stranger.token },
      );
      expect(res.status).toBe(400);
    }
    expect(await offender(stranger)).toMatchObject({
      refusals: 2,
      places: [{ place: 'chat_message', count: 2 }],
    });
  });

  it('records a refusal the page made itself, re-screened by the server, and never the text', async () => {
    const reporter = await createTestUser(server.db, 'creator');
    const report = (body: object, token: string | null = reporter.token) =>
      api.post('/api/contact-refusals', body, token ? { token } : {});

    const chat = await report({ place: 'chat_message', text: 'tg rahulcuts', roomId });
    expect([chat.status, chat.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    // Public text: a mere invitation to pay outside is refused there too.
    const public_ = await report({ place: 'review', text: 'skip the site, pay him directly' });
    expect([public_.status, public_.body.message]).toEqual([400, CONTACT_DETAILS_BLOCKED_MESSAGE]);
    // What the server's screen lets through is not a refusal: nothing goes on record.
    expect(await report({ place: 'chat_message', text: 'Part II, skip the intro', roomId })).toMatchObject({
      status: 200,
      body: { refused: false },
    });
    expect((await report({ place: 'chat_message', text: 'tg rahulcuts' }, null)).status).toBe(401);
    expect((await report({ place: 'elsewhere', text: 'tg rahulcuts' })).status).toBe(400);
    expect((await report({ place: 'chat_message', text: 'x'.repeat(5001) })).status).toBe(400);

    expect(await offender(reporter)).toMatchObject({
      refusals: 2,
      places: expect.arrayContaining([
        { place: 'chat_message', count: 1 },
        { place: 'review', count: 1 },
      ]),
    });
    const stored = JSON.stringify(
      await rowsOf(sql`select * from contact_refusals where author_id = ${reporter.id}`),
    );
    expect(stored).not.toContain('rahulcuts');
    expect(stored).not.toContain('skip the site');
  });
});
