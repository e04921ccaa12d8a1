import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, users } from '../src/db/schema';
import { chatService } from '../src/modules/chat/service';
import { clientId } from './chat-clients';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';

describe('chat over REST', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let stranger: TestUser;
  let otherEditor: TestUser;
  let admin: TestUser;
  let roomId: string;

  const as = (user: TestUser) => api.as(user.token);
  const send = (user: TestUser, content: string, extra: Record<string, unknown> = {}, room = roomId) =>
    as(user).post('/api/chat/message', { chatRoomId: room, content, ...extra });

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, stranger, otherEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor', { email: 'editor-private@example.com' }),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
  });
  afterAll(() => server?.close());

  describe('starting a chat', () => {
    it('creates the pair’s one room once; asking again returns the same room', async () => {
      const first = await as(creator).post('/api/chat/initiate', { editorId: editor.id });
      expect(first.status).toBe(201);
      roomId = first.body.roomId;
      expect(roomId).toMatch(/^[0-9a-f-]{36}$/);
      const again = await as(creator).post('/api/chat/initiate', { editorId: editor.id });
      expect(again.status).toBe(200);
      expect(again.body.roomId).toBe(roomId);
    });

    it('is for creators only', async () => {
      expect((await as(editor).post('/api/chat/initiate', { editorId: otherEditor.id })).status).toBe(403);
      expect((await as(admin).post('/api/chat/initiate', { editorId: editor.id })).status).toBe(403);
      expect((await api.post('/api/chat/initiate', { editorId: editor.id })).status).toBe(401);
    });

    it('answers 404 for an unknown, deleted or non-editor id, and 400 for a malformed one', async () => {
      const unknown = await as(creator).post('/api/chat/initiate', {
        editorId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Editor not found or deleted');
      const gone = await createTestUser(server.db, 'editor');
      await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      expect((await as(creator).post('/api/chat/initiate', { editorId: gone.id })).status).toBe(404);
      expect((await as(creator).post('/api/chat/initiate', { editorId: stranger.id })).status).toBe(404);
      expect((await as(creator).post('/api/chat/initiate', { editorId: 'nope' })).status).toBe(400);
    });
  });

  describe('own rooms', () => {
    it('lists each member’s own rooms with the counterpart’s username and never an e-mail', async () => {
      const mine = await as(creator).get('/api/chat/my-rooms');
      expect(mine.status).toBe(200);
      expect(mine.body.data).toHaveLength(1);
      expect(mine.body.data[0]).toMatchObject({
        _id: roomId,
        creator: { username: creator.username },
        editor: { username: editor.username },
        isFrozen: false,
        isEnded: false,
        status: 'Active',
        lastMessage: null,
      });
      const theirs = await as(editor).get('/api/chat/my-rooms');
      expect(theirs.body.data.map((r: any) => r._id)).toEqual([roomId]);
      for (const reply of [mine, theirs]) {
        expect(JSON.stringify(reply.body)).not.toMatch(/@|email/i);
      }
      expect((await as(stranger).get('/api/chat/my-rooms')).body.data).toEqual([]);
      expect((await as(admin).get('/api/chat/my-rooms')).status).toBe(403);
      expect((await api.get('/api/chat/my-rooms')).status).toBe(401);
    });
  });

  describe('messages', () => {
    it('stores a member’s message and shows it as the room’s last message', async () => {
      const res = await send(creator, '  Hi, can you edit 3 reels for ₹1,499 each?  ');
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        chatRoom: roomId,
        sender: { _id: creator.id, role: 'creator' },
        content: 'Hi, can you edit 3 reels for ₹1,499 each?',
        kind: 'text',
        read: false,
      });
      const rooms = await as(editor).get('/api/chat/my-rooms');
      expect(rooms.body.data[0].lastMessage.message).toBe('Hi, can you edit 3 reels for ₹1,499 each?');
      expect(rooms.body.data[0].unreadCount).toBe(1);
      expect((await as(creator).get('/api/chat/my-rooms')).body.data[0].unreadCount).toBe(0);
    });

    it('stores a message once however often the client retries it', async () => {
      const id = clientId();
      const first = await send(editor, 'Sure, send me the footage', { clientId: id });
      const retry = await send(editor, 'Sure, send me the footage', { clientId: id });
      expect(first.status).toBe(201);
      expect(retry.status).toBe(200);
      expect(retry.body.data._id).toBe(first.body.data._id);
      const rows = await server.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
      expect(rows).toHaveLength(1);
      // The other member cannot take over that id.
      expect((await send(creator, 'hijack', { clientId: id })).status).toBe(409);
    });

    it('stores a message once when the same send races itself', async () => {
      const id = clientId();
      const replies = await Promise.all(
        Array.from({ length: 6 }, () => send(creator, 'Racing copies', { clientId: id })),
      );
      expect(replies.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(replies.map((r) => r.body.data._id)).size).toBe(1);
      const rows = await server.db.select().from(chatMessages).where(eq(chatMessages.clientId, id));
      expect(rows).toHaveLength(1);
    });

    it('refuses empty and whitespace-only messages', async () => {
      for (const content of ['', '   ', '\n\t']) {
        const res = await send(creator, content);
        expect(res.status).toBe(400);
        expect(res.body.message).toBe('Message cannot be empty');
      }
    });

    it.each([
      'my mail is rahul.k@gmail.com',
      'call 9876543210',
      'call +91 98765 43210',
      'rahul at gmail dot com',
      'wa.me/919876543210',
    ])('refuses contact details even straight to the API: %j', async (content) => {
      const res = await send(creator, content);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(BLOCKED);
    });

    it('keeps non-members out of reading and writing, and admins to reading', async () => {
      expect((await send(stranger, 'let me in')).status).toBe(403);
      expect((await as(stranger).get(`/api/chat/${roomId}/messages`)).status).toBe(403);
      expect((await as(otherEditor).get(`/api/chat/${roomId}/messages`)).status).toBe(403);
      expect((await send(admin, 'admin here')).status).toBe(403);
      const read = await as(admin).get(`/api/chat/${roomId}/messages`);
      expect(read.status).toBe(200);
      expect(read.body.data.length).toBeGreaterThan(0);
      expect((await api.get(`/api/chat/${roomId}/messages`)).status).toBe(401);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await as(creator).get(`/api/chat/${missing}/messages`)).status).toBe(404);
      expect((await send(creator, 'hello', {}, missing)).status).toBe(404);
    });

    it('pages messages oldest to newest within a page, with cursors for older and newer', async () => {
      const { body } = await as(creator).post('/api/chat/initiate', { editorId: otherEditor.id });
      const room = body.roomId as string;
      const sent: string[] = [];
      for (let i = 1; i <= 7; i++) {
        const res = await send(i % 2 ? creator : otherEditor, `message ${i}`, {}, room);
        sent.push(res.body.data._id);
      }
      const latest = await as(creator).get(`/api/chat/${room}/messages?limit=3`);
      expect(latest.body.data.map((m: any) => m.content)).toEqual(['message 5', 'message 6', 'message 7']);
      expect(latest.body.hasMore).toBe(true);
      const older = await as(creator).get(`/api/chat/${room}/messages?limit=3&before=${sent[4]}`);
      expect(older.body.data.map((m: any) => m.content)).toEqual(['message 2', 'message 3', 'message 4']);
      expect(older.body.hasMore).toBe(true);
      const oldest = await as(creator).get(`/api/chat/${room}/messages?limit=3&before=${sent[1]}`);
      expect(oldest.body.data.map((m: any) => m.content)).toEqual(['message 1']);
      expect(oldest.body.hasMore).toBe(false);
      const newer = await as(otherEditor).get(`/api/chat/${room}/messages?after=${sent[3]}`);
      expect(newer.body.data.map((m: any) => m.content)).toEqual(['message 5', 'message 6', 'message 7']);
      expect(newer.body.hasMore).toBe(false);
      expect((await as(creator).get(`/api/chat/${room}/messages?limit=1000`)).status).toBe(400);
      // A cursor from another room is refused.
      expect((await as(creator).get(`/api/chat/${roomId}/messages?before=${sent[0]}`)).status).toBe(400);
    });
  });

  describe('a removed editor', () => {
    it('keeps the room readable but takes no new messages', async () => {
      const leaving = await createTestUser(server.db, 'editor');
      const { body } = await as(stranger).post('/api/chat/initiate', { editorId: leaving.id });
      expect((await send(stranger, 'hello before', {}, body.roomId)).status).toBe(201);
      await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving.id));
      const refused = await send(stranger, 'hello after', {}, body.roomId);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('This editor is no longer available');
      const page = await as(stranger).get(`/api/chat/${body.roomId}/messages`);
      expect(page.body.data.map((m: any) => m.content)).toEqual(['hello before']);
    });
  });

  describe('admin moderation', () => {
    const patch = (action: string, id = roomId, user = admin) =>
      as(user).patch(`/api/admin/chat/${id}/${action}`);

    it('allows only the transitions of SPEC.md §4 and refuses messages while frozen or ended', async () => {
      expect((await patch('unfreeze')).status).toBe(409);
      expect((await patch('unend')).status).toBe(409);

      const frozen = await patch('freeze');
      expect(frozen.status).toBe(200);
      expect(frozen.body.data).toMatchObject({ isFrozen: true, isEnded: false, status: 'Frozen' });
      expect((await patch('freeze')).status).toBe(409);
      const refused = await send(creator, 'still there?');
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Chat frozen by admin.');

      expect((await patch('end')).body.data.status).toBe('Ended');
      expect((await patch('end')).status).toBe(409);
      expect((await patch('freeze')).status).toBe(409);
      expect((await patch('unfreeze')).status).toBe(409);
      const ended = await send(editor, 'hello?');
      expect(ended.status).toBe(409);
      expect(ended.body.message).toBe('Chat ended by admin.');

      // Reopening a room frozen before it ended leaves it frozen; then unfreeze makes it Active.
      expect((await patch('unend')).body.data.status).toBe('Frozen');
      expect((await patch('unfreeze')).body.data.status).toBe('Active');
      expect((await patch('end')).body.data.status).toBe('Ended');
      expect((await patch('unend')).body.data.status).toBe('Active');
      expect((await send(creator, 'back again')).status).toBe(201);
    });

    it('is for admins only, and 404 for an unknown room', async () => {
      expect((await patch('freeze', roomId, editor)).status).toBe(403);
      expect((await patch('freeze', roomId, creator)).status).toBe(403);
      expect((await api.patch(`/api/admin/chat/${roomId}/freeze`)).status).toBe(401);
      expect((await patch('freeze', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    it('lists every room with both usernames and status, paginated, filterable by status', async () => {
      const extra = await createTestUser(server.db, 'editor');
      const { body } = await as(stranger).post('/api/chat/initiate', { editorId: extra.id });
      await patch('end', body.roomId);

      const all = await as(admin).get('/api/admin/chat-rooms');
      expect(all.status).toBe(200);
      const ids = all.body.data.map((r: any) => r._id);
      expect(ids).toContain(roomId);
      expect(ids).toContain(body.roomId);
      const row = all.body.data.find((r: any) => r._id === body.roomId);
      expect(row).toMatchObject({
        creator: { username: stranger.username },
        editor: { username: extra.username },
        status: 'Ended',
      });
      expect(JSON.stringify(all.body)).not.toMatch(/@|email/i);

      const firstPage = await as(admin).get('/api/admin/chat-rooms?limit=1');
      expect(firstPage.body.data).toHaveLength(1);
      expect(firstPage.body.nextCursor).toEqual(expect.any(String));
      const walked = [...firstPage.body.data];
      let cursor = firstPage.body.nextCursor;
      while (cursor) {
        const page = await as(admin).get(`/api/admin/chat-rooms?limit=1&cursor=${cursor}`);
        walked.push(...page.body.data);
        cursor = page.body.nextCursor;
      }
      expect(walked.map((r) => r._id)).toEqual(ids);

      const ended = await as(admin).get('/api/admin/chat-rooms?status=Ended');
      expect(ended.body.data.map((r: any) => r._id)).toEqual([body.roomId]);
      expect((await as(admin).get('/api/admin/chat-rooms?cursor=bogus')).status).toBe(400);

      const one = await as(admin).get(`/api/admin/chat-rooms/${body.roomId}`);
      expect(one.body.data).toMatchObject({ _id: body.roomId, status: 'Ended' });
    });
  });

  describe('system lines', () => {
    it('are stored once with kind system and no sender, whatever the room’s state', async () => {
      const chat = chatService(server.app);
      await as(admin).patch(`/api/admin/chat/${roomId}/freeze`);
      const line = await chat.postSystemLine({
        roomId,
        content: 'Payment received.',
        clientId: 'pay-1234567',
      });
      const again = await chat.postSystemLine({
        roomId,
        content: 'Payment received.',
        clientId: 'pay-1234567',
      });
      expect(again._id).toBe(line._id);
      expect(line).toMatchObject({ kind: 'system', sender: null, content: 'Payment received.' });
      const page = await as(creator).get(`/api/chat/${roomId}/messages`);
      expect(page.body.data.filter((m: any) => m.kind === 'system')).toHaveLength(1);
      const rooms = await as(creator).get('/api/chat/my-rooms');
      expect(rooms.body.data.find((r: any) => r._id === roomId).lastMessage.message).toBe(
        'Payment received.',
      );
      await as(admin).patch(`/api/admin/chat/${roomId}/unfreeze`);
    });
  });
});
