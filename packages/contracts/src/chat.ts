import { z } from 'zod';
import { MAX_PAGE_SIZE } from './limits';
import type { AppNotification, NotificationsReadEvent } from './notifications';
import { roleSchema } from './roles';

/** Chat texts from SPEC.md §2, §4, §5 and §8, used by the pages and the server alike. */
export const CHAT_MESSAGES = {
  yourChats: 'Your Chats',
  noMessagesYet: 'No messages yet',
  emptyForCreator: 'No chats yet. Go to Portfolio and message an editor.',
  emptyForEditor: 'No creators have contacted you yet. Please wait.',
  disabledPlaceholder: 'Chat is disabled',
  frozenBanner: 'Chat frozen by admin.',
  endedBanner: 'Chat ended by admin.',
  sendFailed: 'Failed to send message.',
  startFailed: 'Failed to start chat. Please Try Again after Some Time',
  creatorsOnly: 'Only creators can start chat. Redirecting to login...',
  emptyMessage: 'Message cannot be empty',
  notMember: 'You are not a member of this chat',
  roomNotFound: 'Chat room not found',
  editorNotFound: 'Editor not found or deleted',
  onlyCreatorsInitiate: 'Only creators can start chat',
  adminsObserveOnly: 'Admins can only observe chats',
  counterpartGone: 'This editor is no longer available',
} as const;

/** The longest message a person may send, in characters. */
export const MESSAGE_MAX_LENGTH = 2000;
/** How much of the last message a room list shows (stored denormalised on the room). */
export const LAST_MESSAGE_PREVIEW_LENGTH = 200;

// ---------------------------------------------------------------------------------------------------------
// Room status and the admin's moderation actions (SPEC.md §4)

export const CHAT_ROOM_STATUSES = ['Active', 'Frozen', 'Ended'] as const;
export type ChatRoomStatus = (typeof CHAT_ROOM_STATUSES)[number];

export interface ChatRoomFlags {
  isFrozen: boolean;
  isEnded: boolean;
}

/** Ended if isEnded (takes precedence), else Frozen if isFrozen, else Active. */
export function chatRoomStatus(room: ChatRoomFlags): ChatRoomStatus {
  if (room.isEnded) return 'Ended';
  if (room.isFrozen) return 'Frozen';
  return 'Active';
}

/** The admin actions, named as their REST paths are (`PATCH /api/admin/chat/{id}/{action}`). */
export const CHAT_ADMIN_ACTIONS = ['freeze', 'unfreeze', 'end', 'unend'] as const;
export type ChatAdminAction = (typeof CHAT_ADMIN_ACTIONS)[number];
export const chatAdminActionSchema = z.enum(CHAT_ADMIN_ACTIONS);

/** Button labels (SPEC.md §2: Freeze, Unfreeze, End, Reopen). */
export const CHAT_ADMIN_ACTION_LABELS: Record<ChatAdminAction, string> = {
  freeze: 'Freeze',
  unfreeze: 'Unfreeze',
  end: 'End',
  unend: 'Reopen',
};

/** SPEC.md §8: each action shows a failure toast. */
export const CHAT_ADMIN_ACTION_FAILED: Record<ChatAdminAction, string> = {
  freeze: 'Failed to freeze chat room.',
  unfreeze: 'Failed to unfreeze chat room.',
  end: 'Failed to end chat room.',
  unend: 'Failed to reopen chat room.',
};

export const CHAT_ADMIN_ACTION_DONE: Record<ChatAdminAction, string> = {
  freeze: 'Chat room frozen.',
  unfreeze: 'Chat room unfrozen.',
  end: 'Chat room ended.',
  unend: 'Chat room reopened.',
};

/**
 * Whether SPEC.md §4 allows the action: freeze only an Active room; unfreeze a Frozen, non-ended room;
 * end any non-ended room; reopen (unend) an Ended room.
 */
export function canApplyChatAction(room: ChatRoomFlags, action: ChatAdminAction): boolean {
  switch (action) {
    case 'freeze':
      return !room.isFrozen && !room.isEnded;
    case 'unfreeze':
      return room.isFrozen && !room.isEnded;
    case 'end':
      return !room.isEnded;
    case 'unend':
      return room.isEnded;
  }
}

export const allowedChatActions = (room: ChatRoomFlags): ChatAdminAction[] =>
  CHAT_ADMIN_ACTIONS.filter((a) => canApplyChatAction(room, a));

/** Why an action is refused, for the 409 reply. */
export function chatActionRefusal(room: ChatRoomFlags, action: ChatAdminAction): string {
  if (action === 'unend') return 'This chat has not ended';
  if (room.isEnded) return 'This chat has ended';
  if (action === 'freeze') return 'This chat is already frozen';
  return 'This chat is not frozen';
}

/** The room-level effect of an action. */
export function applyChatAction(room: ChatRoomFlags, action: ChatAdminAction): ChatRoomFlags {
  switch (action) {
    case 'freeze':
      return { ...room, isFrozen: true };
    case 'unfreeze':
      return { ...room, isFrozen: false };
    case 'end':
      return { ...room, isEnded: true };
    case 'unend':
      return { ...room, isEnded: false };
  }
}

/** Why a member cannot write, or null when the room takes messages. */
export function chatRoomClosedReason(room: ChatRoomFlags): string | null {
  if (room.isEnded) return CHAT_MESSAGES.endedBanner;
  if (room.isFrozen) return CHAT_MESSAGES.frozenBanner;
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Rooms and messages as the API returns them (SPEC.md §3)

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

export const messageContentSchema = z
  .string({ error: CHAT_MESSAGES.emptyMessage })
  .trim()
  .min(1, CHAT_MESSAGES.emptyMessage)
  .max(MESSAGE_MAX_LENGTH, `Message must be at most ${MESSAGE_MAX_LENGTH} characters`);

const uuidSchema = (what: string) => z.string({ error: `${what} is required` }).uuid(`Invalid ${what}`);

// ---------------------------------------------------------------------------------------------------------
// REST bodies and queries (SPEC.md §7)

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

// ---------------------------------------------------------------------------------------------------------
// Realtime events (SPEC.md §7), by their exact names

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
