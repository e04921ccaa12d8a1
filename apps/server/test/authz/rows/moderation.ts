import { chatMessages, chatRooms, moderationFlags } from '../../../src/db/schema';
import { createTestUser } from '../../helpers/users';
import { adminOnly, type AuthzRowsFactory, type Who } from '../types';

/**
 * The moderation queue is admins' only: every route refuses creators and editors, including the author
 * and the two members of the flagged room. Each role gets its own flag, so an admin's action in one row
 * does not make the next row a 409.
 */
export const moderationRows: AuthzRowsFactory = async (ctx) => {
  const { db } = ctx.server;
  const { creator } = ctx.users;
  const [room] = await db
    .insert(chatRooms)
    .values({ creatorId: creator.id, editorId: (await createTestUser(db, 'editor')).id })
    .returning();
  const flagFor = async (_who: Who): Promise<string> => {
    const [message] = await db
      .insert(chatMessages)
      .values({
        chatRoomId: room!.id,
        senderId: creator.id,
        senderRole: 'creator',
        clientId: crypto.randomUUID(),
        content: 'message me on whatsapp',
      })
      .returning();
    const [flag] = await db
      .insert(moderationFlags)
      .values({
        source: 'chat_message',
        reason: 'Matrix flag',
        excerpt: message!.content,
        authorId: creator.id,
        chatRoomId: room!.id,
        messageId: message!.id,
      })
      .returning();
    return flag!.id;
  };
  const action = (name: string) => async (who: Who) =>
    `/api/admin/moderation-flags/${await flagFor(who)}/${name}`;
  return [
    {
      method: 'GET',
      route: '/api/admin/moderation-flags',
      path: '/api/admin/moderation-flags',
      expect: adminOnly,
    },
    {
      method: 'POST',
      route: '/api/admin/moderation-flags/:id/dismiss',
      path: action('dismiss'),
      expect: { ...adminOnly, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/moderation-flags/:id/remove-message',
      path: action('remove-message'),
      expect: { ...adminOnly, admin: 200 },
    },
    {
      method: 'POST',
      route: '/api/admin/moderation-flags/:id/freeze-room',
      path: action('freeze-room'),
      // One room: the admin's freeze is the first and only one this room takes.
      expect: { ...adminOnly, admin: 200 },
    },
  ];
};
