/** Rooms and messages as the API returns them (SPEC.md §3). */
import { z } from 'zod';
import { roleSchema } from '../roles';
import { userText } from '../typed-text';
import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from './messages';
import { CHAT_ROOM_STATUSES } from './rooms';

export const chatParticipantSchema = z.object({ _id: z.string(), username: z.string() });
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

export const chatRoomSchema = z.object({
  _id: z.string(),
  creator: chatParticipantSchema,
  editor: chatParticipantSchema,
  isFrozen: z.boolean(),
  isEnded: z.boolean(),
  status: z.enum(CHAT_ROOM_STATUSES),
  lastMessage: z
    .object({ message: z.string(), sentAt: z.string(), senderId: z.string().nullable() })
    .nullable(),
  /** Messages from the other member not read yet (member views only). */
  unreadCount: z.number().int().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/**
 * text: written by a member. system: a line written by the platform (later: deliveries, payments); its
 * sender is null and `data` may carry a structured payload for a dedicated renderer.
 */
export const MESSAGE_KINDS = ['text', 'system'] as const;
export const messageKindSchema = z.enum(MESSAGE_KINDS);
export type MessageKind = z.infer<typeof messageKindSchema>;

export const chatMessageSchema = z.object({
  _id: z.string(),
  /** The id the sending client gave the message; the same id is never stored twice in a room. */
  clientId: z.string(),
  chatRoom: z.string(),
  sender: z.object({ _id: z.string(), role: roleSchema }).nullable(),
  content: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  sentAt: z.string(),
  read: z.boolean(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Client message ids: a UUID or any short token of safe characters. */
export const clientMessageIdSchema = z
  .string()
  .trim()
  .min(8, 'Invalid message id')
  .max(64, 'Invalid message id')
  .regex(/^[\w-]+$/, 'Invalid message id');

export const messageContentSchema = userText('Message', CHAT_MESSAGES.emptyMessage)
  .trim()
  .min(1, CHAT_MESSAGES.emptyMessage)
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);
