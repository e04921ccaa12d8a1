import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  MESSAGE_REMOVED_EVENT,
  MODERATION_FLAGGED_EVENT,
  MODERATION_MESSAGES,
  REMOVED_MESSAGE_KIND,
  REMOVED_MESSAGE_TEXT,
  type ChatMessage,
  type ModerationFlag,
  type ModerationPage,
} from '@cutroom/contracts';
import { connectChat, nextEvent, type ChatClient } from './chat-clients';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom, sendOffer } from './orders/fixtures';

/** Delivered, but worth a look: no handle or number, yet an invitation to talk elsewhere. */
const SUSPICIOUS = 'ok, message me on whatsapp then';

/**
 * The moderation queue end to end: certain contact details never reach the room (also when typed in
 * pieces), suspicious ones are delivered and filed for admins, who dismiss them, remove the message
 * (members see it replaced, live) or freeze the room.
 */
describe('moderation queue', { timeout: 60_000 }, () => {
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

  const say = (who: TestUser, content: string, room = roomId) =>
    api.post('/api/chat/message', { chatRoomId: room, content }, { token: who.token });
  const queue = async (query = ''): Promise<ModerationPage> => {
    const res = await api.get(`/api/admin/moderation-flags${query}`, { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };
  const flagOf = async (messageId: string): Promise<ModerationFlag> => {
    const page = await queue('?limit=100');
    const flag = page.data.find((f) => f.messageId === messageId);
    expect(flag, `a flag for message ${messageId}`).toBeDefined();
    return flag!;
  };
  const socketOf = async (who: TestUser) => {
    const s = await connectChat(server.url, who.token);
    sockets.push(s);
    return s;
  };

  it('refuses a phone number typed in two messages, and lets the conversation go on', async () => {
    expect((await say(creator, 'my number is 98765')).status).toBe(201);
    const second = await say(creator, '43210');
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(CONTACT_DETAILS_BLOCKED_MESSAGE);
    expect((await say(creator, 'anyway, can you do the reel by Friday?')).status).toBe(201);
  });

  it('delivers a suspicious message, files it for admins with who, where and why, and tells open queues', async () => {
    const adminSocket = await socketOf(admin);
    const told = nextEvent<{ flagId: string }>(adminSocket, MODERATION_FLAGGED_EVENT);
    const sent = await say(creator, SUSPICIOUS);
    expect(sent.status).toBe(201);
    const flag = await flagOf(sent.body.data._id);
    expect((await told).flagId).toBe(flag._id);
    expect(flag).toMatchObject({
      source: 'chat_message',
      status: 'open',
      excerpt: SUSPICIOUS,
      author: { _id: creator.id, username: creator.username, role: 'creator' },
      room: { _id: roomId, creator: creator.username, editor: editor.username, isFrozen: false },
      resolvedAt: null,
    });
    expect(flag.reason.length).toBeGreaterThan(3);
    expect((await queue()).openCount).toBeGreaterThanOrEqual(1);
  });

  it('removes a flagged message: members see the notice live, the flag keeps the text, a second action is refused', async () => {
    const editorSocket = await socketOf(editor);
    const sent = await say(creator, `${SUSPICIOUS} please`);
    const flag = await flagOf(sent.body.data._id);
    const seen = nextEvent<ChatMessage>(editorSocket, MESSAGE_REMOVED_EVENT);
    const removed = await api.post(`/api/admin/moderation-flags/${flag._id}/remove-message`, undefined, {
      token: admin.token,
    });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ status: 'message_removed', resolvedBy: admin.username });
    expect(removed.body.data.excerpt).toBe(`${SUSPICIOUS} please`);
    expect(await seen).toMatchObject({
      _id: sent.body.data._id,
      kind: REMOVED_MESSAGE_KIND,
      content: REMOVED_MESSAGE_TEXT,
    });

    const thread = await api.get(`/api/chat/${roomId}/messages`, { token: editor.token });
    const stored = (thread.body.data as ChatMessage[]).find((m) => m._id === sent.body.data._id);
    expect(stored).toMatchObject({ kind: REMOVED_MESSAGE_KIND, content: REMOVED_MESSAGE_TEXT });
    const rooms = await api.get('/api/chat/my-rooms', { token: editor.token });
    const room = rooms.body.data.find((r: { _id: string }) => r._id === roomId);
    expect(room.lastMessage.message).toBe(REMOVED_MESSAGE_TEXT);

    const again = await api.post(`/api/admin/moderation-flags/${flag._id}/dismiss`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MODERATION_MESSAGES.alreadyHandled);
  });

  it('dismisses a flag: it leaves the open queue and is listed as handled, by whom', async () => {
    const sent = await say(creator, `${SUSPICIOUS}, thanks`);
    const flag = await flagOf(sent.body.data._id);
    const res = await api.post(`/api/admin/moderation-flags/${flag._id}/dismiss`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect((await queue('?limit=100')).data.map((f) => f._id)).not.toContain(flag._id);
    const handled = (await queue('?status=resolved&limit=100')).data.find((f) => f._id === flag._id);
    expect(handled).toMatchObject({ status: 'dismissed', resolvedBy: admin.username });
  });

  it('files suspicious offer text with its order, and delivers the offer', async () => {
    const offer = await sendOffer(api, editor, roomId, {
      title: 'Wedding teaser',
      description: 'Happy to talk details, message me on whatsapp',
    });
    const flag = (await queue('?limit=100')).data.find((f) => f.order?._id === offer._id);
    expect(flag).toMatchObject({ source: 'offer', order: { reference: offer.reference } });
    expect(flag!.author?._id).toBe(editor.id);
  });

  it('freezes the room of a flag: members are told, the room takes no more messages, its open flags close', async () => {
    const c2 = await createTestUser(server.db, 'creator');
    const room2 = await openRoom(api, c2, editor);
    const c2Socket = await socketOf(c2);
    const sent = await say(c2, SUSPICIOUS, room2);
    const flag = await flagOf(sent.body.data._id);
    const another = await flagOf((await say(c2, `${SUSPICIOUS} now`, room2)).body.data._id);
    const frozen = nextEvent<{ roomId: string }>(c2Socket, 'chatFrozen', (e) => e.roomId === room2);
    const res = await api.post(`/api/admin/moderation-flags/${flag._id}/freeze-room`, undefined, {
      token: admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'room_frozen', room: { isFrozen: true } });
    await frozen;
    expect((await say(c2, 'hello?', room2)).status).toBe(409);
    const handled = (await queue('?status=resolved&limit=100')).data.find((f) => f._id === another._id);
    expect(handled?.status).toBe('room_frozen');
  });

  it('pages the queue newest first with a cursor, and refuses bad ids and cursors', async () => {
    const c3 = await createTestUser(server.db, 'creator');
    const room3 = await openRoom(api, c3, editor);
    for (let i = 0; i < 3; i++) expect((await say(c3, `${SUSPICIOUS} ${i}`, room3)).status).toBe(201);
    const all = (await queue('?limit=100')).data.map((f) => f._id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ModerationPage = await queue(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.map((f) => f._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all);

    const badCursor = await api.get('/api/admin/moderation-flags?cursor=not-a-flag', { token: admin.token });
    expect(badCursor.status).toBe(400);
    const unknownCursor = await api.get(`/api/admin/moderation-flags?cursor=${crypto.randomUUID()}`, {
      token: admin.token,
    });
    expect(unknownCursor.status).toBe(400);
    const missing = await api.post(`/api/admin/moderation-flags/${crypto.randomUUID()}/dismiss`, undefined, {
      token: admin.token,
    });
    expect(missing.status).toBe(404);
    expect(
      (await api.post('/api/admin/moderation-flags/nope/dismiss', undefined, { token: admin.token })).status,
    ).toBe(400);
  });

  it('keeps the queue from the members themselves', async () => {
    for (const who of [creator, editor]) {
      expect((await api.get('/api/admin/moderation-flags', { token: who.token })).status).toBe(403);
    }
  });
});
