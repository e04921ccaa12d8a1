import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatRooms, sessions, users } from '../src/db/schema';
import { writeMessage, type MessageWriterIdentity } from '../src/modules/chat/message-writer';
import { clientId } from './chat-clients';
import { apiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/**
 * The writer behind every member's message: concurrent sends share statements, and each one is stored,
 * or refused (null) for the careful path to explain, by the same rules as one at a time.
 */
describe('chat message writer', () => {
  let server: TestServer;
  const pairs: { creator: MessageWriterIdentity; editor: MessageWriterIdentity; roomId: string }[] = [];

  const identity = async (user: TestUser): Promise<MessageWriterIdentity> => {
    const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, user.id));
    return { id: user.id, role: user.role, sessionId: session!.id };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const api = apiClient(server.url);
    for (let i = 0; i < 6; i++) {
      const [creator, editor] = await Promise.all([
        createTestUser(server.db, 'creator'),
        createTestUser(server.db, 'editor'),
      ]);
      const room = await api.as(creator.token).post('/api/chat/initiate', { editorId: editor.id });
      pairs.push({
        creator: await identity(creator),
        editor: await identity(editor),
        roomId: room.body.roomId,
      });
    }
  });
  afterAll(() => server?.close());

  const write = (who: MessageWriterIdentity, roomId: string, content: string, id = clientId()) =>
    writeMessage(server.app, who, { roomId, content, clientId: id });

  it('stores a burst across rooms in order, once each, with each room previewing its newest line', async () => {
    // 6 rooms × 2 members × 10 lines, all in flight together: most share a statement.
    const sends = pairs.flatMap((p) =>
      Array.from({ length: 10 }, (_, i) => [
        write(p.creator, p.roomId, `c${i} in ${p.roomId}`),
        write(p.editor, p.roomId, `e${i} in ${p.roomId}`),
      ]).flat(),
    );
    const written = await Promise.all(sends);
    expect(written.every((w) => w !== null)).toBe(true);
    for (const p of pairs) {
      const rows = await server.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatRoomId, p.roomId))
        .orderBy(asc(chatMessages.seq));
      expect(rows).toHaveLength(20);
      // Each member's lines keep the order they were sent in.
      const creatorLines = rows.filter((r) => r.senderId === p.creator.id).map((r) => r.content);
      expect(creatorLines).toEqual(Array.from({ length: 10 }, (_, i) => `c${i} in ${p.roomId}`));
      expect(rows.every((r) => r.senderRole === (r.senderId === p.creator.id ? 'creator' : 'editor'))).toBe(
        true,
      );
      const [room] = await server.db.select().from(chatRooms).where(eq(chatRooms.id, p.roomId));
      expect(room!.lastMessageText).toBe(rows.at(-1)!.content);
      expect(room!.lastMessageSenderId).toBe(rows.at(-1)!.senderId);
    }
    // What the writer answers is what was stored, room members included (for the fan-out).
    const first = written[0]!;
    expect(first.room).toEqual({
      id: pairs[0]!.roomId,
      creatorId: pairs[0]!.creator.id,
      editorId: pairs[0]!.editor.id,
    });
    expect(first.message).toMatchObject({
      content: `c0 in ${pairs[0]!.roomId}`,
      senderId: pairs[0]!.creator.id,
    });
  });

  it('refuses, within the same burst, whatever breaks a rule, and stores the rest', async () => {
    const [open, frozen, outsider, ended] = pairs;
    await server.db.update(chatRooms).set({ isFrozen: true }).where(eq(chatRooms.id, frozen!.roomId));
    await server.db.update(chatRooms).set({ isEnded: true }).where(eq(chatRooms.id, ended!.roomId));
    const gone = pairs[4]!;
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.editor.id));
    const loggedOut = pairs[5]!;
    await server.db.delete(sessions).where(eq(sessions.userId, loggedOut.creator.id));
    const repeated = clientId();

    const outcomes = await Promise.all([
      write(open!.creator, open!.roomId, 'fine'),
      write(frozen!.creator, frozen!.roomId, 'into a frozen room'),
      write(ended!.editor, ended!.roomId, 'into an ended room'),
      write(outsider!.creator, open!.roomId, 'not my room'),
      write(gone.creator, gone.roomId, 'to a deleted editor'),
      write(loggedOut.creator, loggedOut.roomId, 'after logging out'),
      write({ ...loggedOut.editor, sessionId: undefined }, loggedOut.roomId, 'no session to check'),
      write(open!.editor, open!.roomId, 'first copy', repeated),
      write(open!.editor, open!.roomId, 'second copy', repeated),
    ]);
    expect(outcomes.map((o) => o?.message.content ?? null)).toEqual([
      'fine',
      null,
      null,
      null,
      null,
      null,
      'no session to check',
      'first copy',
      null,
    ]);
    const stored = await server.db
      .select({ content: chatMessages.content })
      .from(chatMessages)
      .where(
        inArray(chatMessages.content, [
          'into a frozen room',
          'into an ended room',
          'not my room',
          'second copy',
        ]),
      );
    expect(stored).toEqual([]);
    // A client id already stored is refused too, so the careful path can return the first copy.
    expect(await write(open!.editor, open!.roomId, 'third copy', repeated)).toBeNull();

    // One at a time (each a batch of one), the same rules hold.
    for (const [who, room] of [
      [frozen!.creator, frozen!.roomId],
      [ended!.editor, ended!.roomId],
      [outsider!.creator, open!.roomId],
      [gone.creator, gone.roomId],
      [loggedOut.creator, loggedOut.roomId],
    ] as const) {
      expect(await write(who, room, 'alone and refused')).toBeNull();
    }
    expect((await write(open!.creator, open!.roomId, 'alone and fine'))?.message.content).toBe(
      'alone and fine',
    );
  });
});
