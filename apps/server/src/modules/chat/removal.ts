import { eq, sql } from 'drizzle-orm';
import { REMOVED_MESSAGE_KIND, REMOVED_MESSAGE_TEXT, type ChatMessage } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms } from '../../db/schema';
import { previewOf } from './messages';
import { toChatMessage, type RoomMembers } from './serialize';

/**
 * Replaces a message with the removal notice everyone in the room sees (moderation keeps the text on its
 * flag), in the caller's transaction; the room's last-message preview follows when it was that message.
 * Null when the message no longer exists.
 */
export async function removeMessage(
  tx: Db,
  messageId: string,
): Promise<{ room: RoomMembers; message: ChatMessage } | null> {
  const [message] = await tx
    .update(chatMessages)
    .set({ kind: REMOVED_MESSAGE_KIND, content: REMOVED_MESSAGE_TEXT, data: null })
    .where(eq(chatMessages.id, messageId))
    .returning();
  if (!message) return null;
  const [room] = await tx
    .update(chatRooms)
    .set({
      // Compared in the database: a JavaScript Date drops the microseconds PostgreSQL keeps.
      lastMessageText: sql`case when (${chatRooms.lastMessageAt}, ${chatRooms.lastMessageSenderId}) = (select sent_at, sender_id from ${chatMessages} where id = ${message.id}) then ${previewOf(REMOVED_MESSAGE_TEXT)} else ${chatRooms.lastMessageText} end`,
    })
    .where(eq(chatRooms.id, message.chatRoomId))
    .returning({ id: chatRooms.id, creatorId: chatRooms.creatorId, editorId: chatRooms.editorId });
  return { room: room!, message: toChatMessage(message) };
}
