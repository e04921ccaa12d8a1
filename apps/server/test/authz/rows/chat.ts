import { chatRooms } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import { matrixPairRoom } from '../pair-room';
import { adminOnly, type AuthzRow, type AuthzRowsFactory } from '../types';

/**
 * Chat: members use their own rooms, only creators start chats, admins observe and moderate every room
 * but never write, and nobody else reads or writes a room (SPEC.md §6, DESIGN.md §4).
 */
export const chatRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { editor } = ctx.users;
  const own = await matrixPairRoom(ctx);
  // A room of two other people: the matrix creator and editor are strangers to it.
  const [otherCreator, otherEditor] = await Promise.all([
    createTestUser(db, 'creator'),
    createTestUser(db, 'editor'),
  ]);
  const [foreign] = await db
    .insert(chatRooms)
    .values({ creatorId: otherCreator.id, editorId: otherEditor.id })
    .returning();
  const [moderated] = await db
    .insert(chatRooms)
    .values({ creatorId: otherCreator.id, editorId: editor.id })
    .returning();

  const rows: AuthzRow[] = [
    {
      method: 'GET',
      route: '/api/chat/my-rooms',
      path: '/api/chat/my-rooms',
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/chat/initiate',
      path: '/api/chat/initiate',
      body: { editorId: otherEditor.id },
      expect: { anonymous: 401, creator: 'pass', editor: 403, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/chat/:roomId/messages',
      path: `/api/chat/${own.id}/messages`,
      expect: { anonymous: 401, creator: 200, editor: 200, admin: 200 },
    },
    {
      method: 'GET',
      route: '/api/chat/:roomId/messages',
      path: `/api/chat/${foreign!.id}/messages`,
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/chat/message',
      path: '/api/chat/message',
      body: { chatRoomId: own.id, content: 'Hello from the matrix' },
      expect: { anonymous: 401, creator: 201, editor: 201, admin: 403 },
    },
    {
      method: 'POST',
      route: '/api/chat/message',
      path: '/api/chat/message',
      body: { chatRoomId: foreign!.id, content: 'Let me in' },
      expect: { anonymous: 401, creator: 403, editor: 403, admin: 403 },
    },
    {
      method: 'GET',
      route: '/api/admin/chat-rooms',
      path: '/api/admin/chat-rooms',
      expect: adminOnly,
    },
    {
      method: 'GET',
      route: '/api/admin/chat-rooms/:roomId',
      path: `/api/admin/chat-rooms/${foreign!.id}`,
      expect: adminOnly,
    },
  ];
  for (const action of ['freeze', 'unfreeze', 'end', 'unend'] as const) {
    rows.push({
      method: 'PATCH',
      route: `/api/admin/chat/:id/${action}`,
      path: `/api/admin/chat/${moderated!.id}/${action}`,
      // The editor is a member of this room and still may not moderate it.
      expect: adminOnly,
    });
  }
  return rows;
};
