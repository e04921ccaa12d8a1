/** Realtime events (SPEC.md §7), by their exact names. */
import { z } from 'zod';
import type { AppNotification, NotificationsReadEvent } from '../notifications';
import { roleSchema } from '../roles';
import type { ChatAdminAction, ChatRoomFlags, ChatRoomStatus } from './rooms';
import { clientMessageIdSchema, messageContentSchema, type ChatMessage, type ChatRoom } from './shapes';
import { uuidSchema } from './uuid';

/** Sent by the client. */
export const CHAT_CLIENT_EVENTS = {
  joinRoom: 'joinRoom',
  sendMessage: 'sendMessage',
  messageSeen: 'messageSeen',
  typing: 'typing',
  stopTyping: 'stopTyping',
  freezeChatRoom: 'freezeChatRoom',
  unfreezeChatRoom: 'unfreezeChatRoom',
  endChatRoom: 'endChatRoom',
  reopenChatRoom: 'reopenChatRoom',
} as const;

/** Sent by the server. */
export const CHAT_SERVER_EVENTS = {
  newMessage: 'newMessage',
  typing: 'typing',
  stopTyping: 'stopTyping',
  messageSeen: 'messageSeen',
  chatFrozen: 'chatFrozen',
  chatUnfrozen: 'chatUnfrozen',
  chatEnded: 'chatEnded',
  chatReopened: 'chatReopened',
} as const;

/** Which admin action each admin socket event performs, and which event tells the room. */
export const CHAT_ADMIN_SOCKET_ACTIONS = {
  freezeChatRoom: 'freeze',
  unfreezeChatRoom: 'unfreeze',
  endChatRoom: 'end',
  reopenChatRoom: 'unend',
} as const satisfies Record<string, ChatAdminAction>;

export const CHAT_ACTION_EVENTS = {
  freeze: 'chatFrozen',
  unfreeze: 'chatUnfrozen',
  end: 'chatEnded',
  unend: 'chatReopened',
} as const satisfies Record<ChatAdminAction, keyof typeof CHAT_SERVER_EVENTS>;

export const joinRoomPayloadSchema = z.object({
  roomId: uuidSchema('roomId'),
  /** The joining user's own id (SPEC.md §4); the server trusts only the session. */
  userId: z.string().optional(),
});

/** sendMessage: the message with chatRoom, sender._id and read false (SPEC.md §7), plus the client id. */
export const sendMessagePayloadSchema = z.object({
  clientId: clientMessageIdSchema,
  chatRoom: uuidSchema('chatRoom'),
  content: messageContentSchema,
  sender: z.object({ _id: z.string() }).partial().optional(),
  read: z.boolean().optional(),
});
export type SendMessagePayload = z.input<typeof sendMessagePayloadSchema>;

export const messageSeenPayloadSchema = z.object({
  roomId: uuidSchema('roomId'),
  messageId: uuidSchema('messageId'),
  sender: z.string().optional(),
  receiver: z.string().optional(),
});
export type MessageSeenPayload = z.infer<typeof messageSeenPayloadSchema>;

export const typingPayloadSchema = z.object({
  roomId: uuidSchema('roomId'),
  user: z.unknown().optional(),
});
export type TypingPayload = z.infer<typeof typingPayloadSchema>;

export const adminRoomPayloadSchema = z.object({ roomId: uuidSchema('roomId') });

/** Every acknowledgement: the result, or a message a person can read. */
export type ChatAck<T = undefined> = { ok: true; data: T } | { ok: false; error: string };

export interface TypingEvent {
  roomId: string;
  /** The typing user's id, as the server knows it. */
  user: string;
  role: z.infer<typeof roleSchema>;
}

export interface MessageSeenEvent {
  roomId: string;
  messageId: string;
  /** The id of the message's sender (whose tick turns double). */
  sender: string;
  readAt: string;
}

export interface RoomStatusEvent extends ChatRoomFlags {
  roomId: string;
  status: ChatRoomStatus;
}

export interface ChatServerToClientEvents {
  newMessage: (message: ChatMessage) => void;
  typing: (event: TypingEvent) => void;
  stopTyping: (event: TypingEvent) => void;
  messageSeen: (event: MessageSeenEvent) => void;
  chatFrozen: (event: RoomStatusEvent) => void;
  chatUnfrozen: (event: RoomStatusEvent) => void;
  chatEnded: (event: RoomStatusEvent) => void;
  chatReopened: (event: RoomStatusEvent) => void;
  /** An admin removed the message (moderation.ts): the message as it now reads. */
  messageRemoved: (message: ChatMessage) => void;
  /** Admins only: the moderation queue grew. */
  moderationFlagged: (event: { flagId: string }) => void;
  /** A new line in the person's bell (notifications.ts). */
  notificationCreated: (notification: AppNotification) => void;
  /** Lines read on any of the person's tabs. */
  notificationsRead: (event: NotificationsReadEvent) => void;
}

type Ack<T = undefined> = (ack: ChatAck<T>) => void;

export interface ChatClientToServerEvents {
  joinRoom: (payload: z.input<typeof joinRoomPayloadSchema>, ack?: Ack<{ room: ChatRoom }>) => void;
  sendMessage: (payload: SendMessagePayload, ack?: Ack<ChatMessage>) => void;
  messageSeen: (payload: MessageSeenPayload, ack?: Ack<{ messageIds: string[] }>) => void;
  typing: (payload: TypingPayload) => void;
  stopTyping: (payload: TypingPayload) => void;
  freezeChatRoom: (payload: { roomId: string }, ack?: Ack<RoomStatusEvent>) => void;
  unfreezeChatRoom: (payload: { roomId: string }, ack?: Ack<RoomStatusEvent>) => void;
  endChatRoom: (payload: { roomId: string }, ack?: Ack<RoomStatusEvent>) => void;
  reopenChatRoom: (payload: { roomId: string }, ack?: Ack<RoomStatusEvent>) => void;
}
