import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, sessions } from '../src/db/schema';
import { createSession } from '../src/modules/auth/session-service';
import { ask, clientId, collect, connectChat, nextEvent, pause, type ChatClient } from './chat-clients';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';
/** Long enough for an event that is going to arrive to have arrived, on a loaded machine. */
const SETTLE_MS = 400;

describe('chat over Socket.IO', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let admin: TestUser;
  let roomId: string;
  const open: ChatClient[] = [];

  const connect = async (
    user: TestUser | undefined,
    opts?: { reconnection?: boolean; reconnectionDelay?: number },
  ) => {
    const socket = await connectChat(server.url, user?.token, opts);
    open.push(socket);
    return socket;
  };
  const joined = async (user: TestUser, room = roomId) => {
    const socket = await connect(user);
    const ack = await ask(socket, 'joinRoom', { roomId: room, userId: user.id });
    expect(ack).toMatchObject({ ok: true });
    return socket;
  };
  const sendOver = (socket: ChatClient, content: string, id = clientId(), room = roomId) =>
    ask(socket, 'sendMessage', { clientId: id, chatRoom: room, content, read: false });

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, stranger, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = (await api.as(creator.token).post('/api/chat/initiate', { editorId: editor.id })).body.roomId;
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => server?.close());

  it('refuses a handshake without a valid session', async () => {
    await expect(connectChat(server.url, undefined)).rejects.toThrow('unauthorized');
    await expect(connectChat(server.url, 'not-a-token')).rejects.toThrow('unauthorized');
  });

  it('lets the two members exchange messages live, each delivered once and stored before it is announced', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const editorInbox = collect(e, 'newMessage');
    const creatorInbox = collect(c, 'newMessage');

    const arrived = nextEvent(e, 'newMessage');
    const ack = await sendOver(c, 'Hello editor, loved your reels!');
    expect(ack.ok).toBe(true);
    const message = await arrived;
    expect(message).toMatchObject({
      chatRoom: roomId,
      sender: { _id: creator.id, role: 'creator' },
      content: 'Hello editor, loved your reels!',
      read: false,
    });
    const [stored] = await server.db.select().from(chatMessages).where(eq(chatMessages.id, message._id));
    expect(stored?.content).toBe('Hello editor, loved your reels!');

    const reply = nextEvent(c, 'newMessage', (m) => m.sender?._id === editor.id);
    expect((await sendOver(e, 'Thanks! Share the footage link here.')).ok).toBe(true);
    expect((await reply).content).toBe('Thanks! Share the footage link here.');
    await pause(SETTLE_MS);
    expect(editorInbox.map((m) => m.content)).toEqual([
      'Hello editor, loved your reels!',
      'Thanks! Share the footage link here.',
    ]);
    expect(creatorInbox).toHaveLength(2);
  });

  it('keeps the order of messages sent back to back', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const inbox = collect(e, 'newMessage');
    const texts = ['one', 'two', 'three', 'four', 'five'].map((w) => `burst ${w}`);
    const acks = await Promise.all(texts.map((t) => sendOver(c, t)));
    expect(acks.every((a) => a.ok)).toBe(true);
    await expect.poll(() => inbox.map((m) => m.content)).toEqual(texts);
    const page = await api.as(editor.token).get(`/api/chat/${roomId}/messages`);
    expect(page.body.data.map((m: any) => m.content).slice(-5)).toEqual(texts);
  });

  it('takes 30 messages per 10 s from an account (here one socket) and refuses the rest, storing none of them', async () => {
    const talker = await createTestUser(server.db, 'creator');
    const room = (await api.as(talker.token).post('/api/chat/initiate', { editorId: editor.id })).body.roomId;
    const socket = await connect(talker);
    const texts = Array.from({ length: 32 }, (_, i) => `flood ${i}`);
    const acks = await Promise.all(texts.map((t) => sendOver(socket, t, clientId(), room)));
    expect(acks.slice(0, 30).every((a) => a.ok)).toBe(true);
    expect(acks.slice(30)).toEqual([
      { ok: false, error: 'Too many messages, please slow down' },
      { ok: false, error: 'Too many messages, please slow down' },
    ]);
    const stored = await server.db.select().from(chatMessages).where(eq(chatMessages.chatRoomId, room));
    expect(stored.map((m) => m.content).sort()).toEqual(texts.slice(0, 30).sort());
  });

  it('tells a member’s other tabs about new messages even before they join the room (room list)', async () => {
    const c = await joined(creator);
    const elsewhere = await connect(editor);
    const arrived = nextEvent(elsewhere, 'newMessage');
    await sendOver(c, 'Are you there?');
    expect((await arrived).content).toBe('Are you there?');
  });

  it('relays typing and stopTyping to the room only, naming the typist’s role', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const notJoined = await connect(editor);
    const outsider = await connect(stranger);
    const strayTyping = [...collect(notJoined, 'typing'), ...collect(outsider, 'typing')];
    const selfTyping = collect(c, 'typing');

    const typing = nextEvent(e, 'typing');
    c.emit('typing', { roomId, user: creator.id });
    expect(await typing).toEqual({ roomId, user: creator.id, role: 'creator' });
    const stop = nextEvent(e, 'stopTyping');
    c.emit('stopTyping', { roomId, user: creator.id });
    expect(await stop).toEqual({ roomId, user: creator.id, role: 'creator' });

    // A socket that has not joined cannot type into the room.
    const fromOutsider = collect(e, 'typing');
    outsider.emit('typing', { roomId, user: stranger.id });
    await pause(SETTLE_MS);
    expect(fromOutsider).toEqual([]);
    expect(strayTyping).toEqual([]);
    expect(selfTyping).toEqual([]);
  });

  it('marks messages read only when the receiver reports them seen, and tells the sender', async () => {
    // A room of its own, so that only these two messages are unread.
    const [u, v] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    const room = (await api.as(u.token).post('/api/chat/initiate', { editorId: v.id })).body.roomId;
    const c = await joined(u, room);
    const e = await joined(v, room);
    const first = (await sendOver(c, 'First draft notes', clientId(), room)) as any;
    const second = (await sendOver(c, 'Second draft notes', clientId(), room)) as any;
    const seen = { roomId: room, messageId: second.data._id, sender: u.id, receiver: v.id };

    expect(await ask(c, 'messageSeen', seen)).toEqual({
      ok: false,
      error: 'Only the receiver can mark a message as read',
    });
    const adminSocket = await connect(admin);
    expect(await ask(adminSocket, 'messageSeen', seen)).toMatchObject({ ok: false });
    const unread = await api.as(u.token).get(`/api/chat/${room}/messages`);
    expect(unread.body.data.map((m: any) => m.read)).toEqual([false, false]);

    const receipts = collect(c, 'messageSeen');
    expect(await ask(e, 'messageSeen', seen)).toMatchObject({ ok: true });
    // Seeing the second message means the first was seen too.
    await expect
      .poll(() => receipts.map((r) => r.messageId).sort())
      .toEqual([first.data._id, second.data._id].sort());
    expect(receipts[0]).toMatchObject({ roomId: room, sender: u.id, readAt: expect.any(String) });
    const page = await api.as(u.token).get(`/api/chat/${room}/messages`);
    expect(page.body.data.map((m: any) => m.read)).toEqual([true, true]);
  });

  it('keeps a non-member out: no join, no send, no read receipts, no events', async () => {
    const outsider = await connect(stranger);
    const leaked = [...collect(outsider, 'newMessage'), ...collect(outsider, 'typing')];
    expect(await ask(outsider, 'joinRoom', { roomId, userId: stranger.id })).toEqual({
      ok: false,
      error: 'You are not a member of this chat',
    });
    expect(await sendOver(outsider, 'let me in')).toEqual({
      ok: false,
      error: 'You are not a member of this chat',
    });
    // Joining under somebody else's id does not help either.
    expect(await ask(outsider, 'joinRoom', { roomId, userId: creator.id })).toMatchObject({ ok: false });

    const c = await joined(creator);
    const sent = (await sendOver(c, 'Private to the editor')) as any;
    expect(await ask(outsider, 'messageSeen', { roomId, messageId: sent.data._id })).toMatchObject({
      ok: false,
    });
    c.emit('typing', { roomId, user: creator.id });
    await pause(SETTLE_MS);
    expect(leaked).toEqual([]);
  });

  it('refuses contact details sent straight over the socket and announces nothing', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const inbox = collect(e, 'newMessage');
    for (const content of ['mail me: a.b@outlook.com', '98765 43210', 'nine eight seven six five 43210']) {
      expect(await sendOver(c, content)).toEqual({ ok: false, error: BLOCKED });
    }
    expect(await sendOver(c, '   ')).toEqual({ ok: false, error: 'Message cannot be empty' });
    await pause(SETTLE_MS);
    expect(inbox).toEqual([]);
  });

  it('stores and announces a retried message once (same client id)', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const inbox = collect(e, 'newMessage');
    const id = clientId();
    const [a, b] = await Promise.all([
      sendOver(c, 'Only once please', id),
      sendOver(c, 'Only once please', id),
    ]);
    const again = await sendOver(c, 'Only once please', id);
    expect(a.ok && b.ok && again.ok).toBe(true);
    const ids = new Set([a, b, again].map((x: any) => x.data._id));
    expect(ids.size).toBe(1);
    await pause(SETTLE_MS);
    expect(inbox.filter((m) => m.clientId === id)).toHaveLength(1);
    const rows = await server.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
    expect(rows).toHaveLength(1);
  });

  it('brings admin actions to open screens live and enforces them (socket and REST)', async () => {
    const c = await joined(creator);
    const e = await joined(editor);
    const adminSocket = await connect(admin);

    // Only admins moderate.
    expect(await ask(e, 'freezeChatRoom', { roomId })).toMatchObject({ ok: false });

    const frozenForCreator = nextEvent(c, 'chatFrozen');
    const frozenForEditor = nextEvent(e, 'chatFrozen');
    expect(await ask(adminSocket, 'freezeChatRoom', { roomId })).toMatchObject({
      ok: true,
      data: { roomId, status: 'Frozen' },
    });
    expect(await frozenForCreator).toEqual({ roomId, isFrozen: true, isEnded: false, status: 'Frozen' });
    await frozenForEditor;
    expect(await sendOver(c, 'hello?')).toEqual({ ok: false, error: 'Chat frozen by admin.' });
    expect(await ask(adminSocket, 'freezeChatRoom', { roomId })).toEqual({
      ok: false,
      error: 'This chat is already frozen',
    });

    const unfrozen = nextEvent(e, 'chatUnfrozen');
    expect((await api.as(admin.token).patch(`/api/admin/chat/${roomId}/unfreeze`)).status).toBe(200);
    expect((await unfrozen).status).toBe('Active');

    const ended = nextEvent(c, 'chatEnded');
    expect(await ask(adminSocket, 'endChatRoom', { roomId })).toMatchObject({ ok: true });
    expect((await ended).status).toBe('Ended');
    expect(await sendOver(e, 'anyone?')).toEqual({ ok: false, error: 'Chat ended by admin.' });

    const reopened = nextEvent(e, 'chatReopened');
    expect((await api.as(admin.token).patch(`/api/admin/chat/${roomId}/unend`)).status).toBe(200);
    expect((await reopened).status).toBe('Active');
    expect((await sendOver(c, 'We are back')).ok).toBe(true);

    expect(await ask(adminSocket, 'unfreezeChatRoom', { roomId })).toMatchObject({ ok: false });
    expect(await ask(adminSocket, 'reopenChatRoom', { roomId })).toMatchObject({ ok: false });
  });

  it('lets an admin observe a room read-only', async () => {
    const adminSocket = await connect(admin);
    expect(await ask(adminSocket, 'joinRoom', { roomId, userId: admin.id })).toMatchObject({ ok: true });
    const c = await joined(creator);
    const seen = nextEvent(adminSocket, 'newMessage');
    await sendOver(c, 'Observed line');
    expect((await seen).content).toBe('Observed line');
    expect(await sendOver(adminSocket, 'admin speaking')).toEqual({
      ok: false,
      error: 'Admins can only observe chats',
    });
  });

  it('stops answering a socket whose session has ended', async () => {
    const u = await createTestUser(server.db, 'creator');
    const room = (await api.as(u.token).post('/api/chat/initiate', { editorId: editor.id })).body.roomId;
    const socket = await connect(u);
    expect((await sendOver(socket, 'before logout', clientId(), room)).ok).toBe(true);
    await server.db.delete(sessions).where(eq(sessions.userId, u.id));
    const gone = new Promise((resolve) => socket.once('disconnect', resolve));
    expect(await sendOver(socket, 'after logout', clientId(), room)).toEqual({
      ok: false,
      error: 'Please login to continue',
    });
    await gone;
  });

  it('closes a socket the moment its session is logged out, and only that session’s sockets', async () => {
    const u = await createTestUser(server.db, 'creator');
    const other = await createSession(server.db, u.id);
    const loggedOut = await connect(u);
    const stillIn = await connect({ ...u, token: other.token });
    const gone = new Promise((resolve) => loggedOut.once('disconnect', resolve));
    expect((await api.as(u.token).post('/api/auth/logout')).status).toBe(200);
    expect(await gone).toBe('io server disconnect');
    await pause(200);
    expect(stillIn.connected).toBe(true);
    stillIn.disconnect();
  });

  it('delivers what was sent while a member’s connection dropped, once it is back', async () => {
    const c = await joined(creator);
    const e = await connect(editor, { reconnection: true, reconnectionDelay: 1500 });
    expect((await ask(e, 'joinRoom', { roomId })).ok).toBe(true);
    const inbox = collect(e, 'newMessage');
    await sendOver(c, 'before the drop');
    await expect.poll(() => inbox.length).toBe(1);
    const editorSockets = async () =>
      (await server.app.io.in(`user:${editor.id}`).fetchSockets()).filter((s) => s.id === e.id).length;
    const back = new Promise<void>((resolve) => e.io.once('reconnect', () => resolve()));
    // Drop the transport as a flaky network would; the client reconnects by itself a little later.
    e.io.engine.close();
    await expect.poll(editorSockets).toBe(0);
    await sendOver(c, 'sent while you were away 1');
    await sendOver(c, 'sent while you were away 2');
    expect(inbox).toHaveLength(1);
    await back;
    await expect
      .poll(() => inbox.map((m) => m.content))
      .toEqual(['before the drop', 'sent while you were away 1', 'sent while you were away 2']);
    expect(e.recovered).toBe(true);
    // The recovered socket is still in the room: typing reaches it.
    const typing = nextEvent(e, 'typing');
    c.emit('typing', { roomId, user: creator.id });
    expect((await typing).user).toBe(creator.id);
  });
});
