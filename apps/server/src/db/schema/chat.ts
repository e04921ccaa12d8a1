import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { userRole, users } from './users';

/** One room per creator–editor pair; the admin's moderation flags; a denormalised last-message preview. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isFrozen: boolean('is_frozen').notNull().default(false),
    isEnded: boolean('is_ended').notNull().default(false),
    /** Preview of the last message (truncated), so room lists need no message query. */
    lastMessageText: text('last_message_text'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastMessageSenderId: uuid('last_message_sender_id'),
    /** Sort key of room lists: the last message, or the room's creation while it has none. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The creator's first message and the editor's first message after it (message-writer.ts keeps both
     * in its room update): the editor's typical first response time on their track record.
     */
    firstCreatorMessageAt: timestamp('first_creator_message_at', { withTimezone: true }),
    firstEditorReplyAt: timestamp('first_editor_reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_uq').on(t.creatorId, t.editorId),
    index('chat_rooms_creator_activity_idx').on(t.creatorId, t.lastActivityAt, t.id),
    index('chat_rooms_editor_activity_idx').on(t.editorId, t.lastActivityAt, t.id),
    index('chat_rooms_activity_idx').on(t.lastActivityAt, t.id),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: the paging key within a room (timestamps can tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    chatRoomId: uuid('chat_room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** Null for system lines written by the platform. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: userRole('sender_role'),
    /** The id the sending client chose; unique per room, so a retried send is stored once. */
    clientId: text('client_id').notNull(),
    /** 'text' | 'system' today; later modules add kinds (e.g. delivery cards) with their own renderers. */
    kind: text('kind').notNull().default('text'),
    content: text('content').notNull(),
    /** Structured payload of non-text kinds. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    read: boolean('read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_uq').on(t.chatRoomId, t.clientId),
    uniqueIndex('chat_messages_room_seq_idx').on(t.chatRoomId, t.seq),
    index('chat_messages_unread_idx')
      .on(t.chatRoomId, t.senderId)
      .where(sql`${t.read} = false`),
  ],
);

/**
 * A chat summary owed to a member: written by the first unread message of a room (later ones find it
 * there), removed by the job that sends it ten minutes later. `from_seq` is where its messages start.
 */
export const chatDigests = pgTable(
  'chat_digests',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromSeq: bigint('from_seq', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] })],
);
