/** REST bodies and queries (SPEC.md §7). */
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../limits';
import { CHAT_MESSAGES } from './messages';
import { CHAT_ROOM_STATUSES } from './rooms';
import { clientMessageIdSchema, messageContentSchema, type ChatMessage, type ChatRoom } from './shapes';
import { uuidSchema } from './uuid';

export const initiateChatInputSchema = z.object({ editorId: uuidSchema('editorId') });
export type InitiateChatInput = z.infer<typeof initiateChatInputSchema>;

export const sendMessageInputSchema = z.object({
  chatRoomId: uuidSchema('chatRoomId'),
  content: messageContentSchema,
  clientId: clientMessageIdSchema.optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInputSchema>;

/**
 * The REST body as the route reads it: content is checked by the chat service with messageContentSchema,
 * so the REST call and the socket event refuse a message with the same words.
 */
export const sendMessageBodySchema = sendMessageInputSchema.extend({
  content: z.string({ error: CHAT_MESSAGES.emptyMessage }),
});

export const chatRoomParamsSchema = z.object({ roomId: uuidSchema('roomId') });
export const adminChatParamsSchema = z.object({ id: uuidSchema('id') });

export const MESSAGES_PAGE_SIZE = 50;

/**
 * Without a cursor: the newest page. `before`: the page just older than that message (scrolling up).
 * `after`: messages newer than that one (catching up after a reconnect). Each page is oldest to newest.
 */
export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MESSAGES_PAGE_SIZE),
  before: z.string().uuid('Invalid cursor').optional(),
  after: z.string().uuid('Invalid cursor').optional(),
});
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

export interface MessagesPage {
  data: ChatMessage[];
  /** `before`/no cursor: older messages exist. `after`: newer messages exist beyond this page. */
  hasMore: boolean;
}

export const roomsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  status: z.enum(CHAT_ROOM_STATUSES).optional(),
});
export type RoomsQuery = z.infer<typeof roomsQuerySchema>;

export interface RoomsPage {
  data: ChatRoom[];
  /** Pass as `cursor` for the next page (rooms with older activity); null at the end. */
  nextCursor: string | null;
}
