import { z } from 'zod';
import { chatMessageSchema, chatRoomSchema } from '../chat';

/** GET /api/chat/my-rooms and /api/admin/chat-rooms (`RoomsPage`). */
export const chatRoomsPageSchema = z.object({
  data: z.array(chatRoomSchema),
  nextCursor: z.string().nullable(),
});

/** POST /api/chat/initiate (201 new, 200 existing). */
export const chatInitiatedReplySchema = z.object({ roomId: z.string(), data: chatRoomSchema });

/** GET /api/admin/chat-rooms/{roomId}. */
export const chatRoomReplySchema = z.object({ data: chatRoomSchema });

/** PATCH /api/admin/chat/{id}/{freeze|unfreeze|end|unend}. */
export const chatRoomActionReplySchema = z.object({ message: z.string(), data: chatRoomSchema });

/** GET /api/chat/{roomId}/messages (`MessagesPage`). */
export const chatMessagesPageSchema = z.object({
  data: z.array(chatMessageSchema),
  hasMore: z.boolean(),
});

/** POST /api/chat/message (201 new, 200 the stored copy) and POST /api/chat/{roomId}/offer-requests. */
export const chatMessageReplySchema = z.object({ data: chatMessageSchema });
