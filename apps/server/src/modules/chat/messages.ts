import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, lt, lte, ne, sql } from 'drizzle-orm';
import {
  LAST_MESSAGE_PREVIEW_LENGTH,
  chatRoomClosedReason,
  messageContentSchema,
  type MessagesPage,
  type MessagesQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { NUL_REFUSED } from '../../lib/media-upload-stream';
import { chatMessages, chatRooms } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../lib/http-error';
import { isSessionLive, type SessionUser } from '../auth';
import { roomForUser } from './rooms';
import type { MessageWriter } from './message-writer';
import { screenText, type Suspicion } from '../../lib/contact-screen';
import type { SenderMemory } from './sender-memory';
import { toChatMessage, type MessageRow, type RoomMembers, type RoomRecord } from './serialize';

type Member = Pick<SessionUser, 'id' | 'role'>;

/** A room's last-message preview: the start of the message (room lists need no message query). */
export const previewOf = (content: string): string => content.slice(0, LAST_MESSAGE_PREVIEW_LENGTH);
/** A member writing: with the session, when it must still be live for the write to count (sockets). */
export type Sender = Member & { sessionId?: string };

/** A page of a room's messages, oldest to newest within the page (SPEC.md §7). */
export async function listMessages(
  db: Db,
  user: Member,
  roomId: string,
  query: MessagesQuery,
): Promise<MessagesPage> {
  await roomForUser(db, user, roomId, 'read');
  if (query.before && query.after) throw badRequest('Use either before or after, not both');
  const cursorId = query.before ?? query.after;
  let cursorSeq: number | undefined;
  if (cursorId) {
    const [cursor] = await db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, cursorId), eq(chatMessages.chatRoomId, roomId)))
      .limit(1);
    if (!cursor) throw badRequest('Invalid cursor');
    cursorSeq = cursor.seq;
  }
  const inRoom = eq(chatMessages.chatRoomId, roomId);
  if (query.after) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(inRoom, gt(chatMessages.seq, cursorSeq!)))
      .orderBy(asc(chatMessages.seq))
      .limit(query.limit + 1);
    return { data: rows.slice(0, query.limit).map(toChatMessage), hasMore: rows.length > query.limit };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(inRoom, cursorSeq === undefined ? undefined : lt(chatMessages.seq, cursorSeq)))
    .orderBy(desc(chatMessages.seq))
    .limit(query.limit + 1);
  return {
    data: rows.slice(0, query.limit).reverse().map(toChatMessage),
    hasMore: rows.length > query.limit,
  };
}

/** Thrown inside the transaction when a concurrent retry stored the same client id first. */
class AlreadyStored extends Error {}
/** Thrown inside the transaction when the room was frozen or ended after the first check. */
class RoomClosed extends Error {}

export interface StoredMessage {
  message: MessageRow;
  room: RoomMembers;
  /** False when this client id was already stored: the retry returns the first copy. */
  created: boolean;
  /** What the contact-detail check found suspicious in a new message (to file for review), or null. */
  suspicion?: Suspicion | null;
}

/** What writes members' messages on this server: the batching writer and the senders' recent lines. */
export interface ChatWriting {
  writer: MessageWriter;
  memory: SenderMemory;
}

export interface NewMessageInput {
  roomId: string;
  content: string;
  clientId?: string;
}

/**
 * Stores a member's message once: validated, free of contact details (SPEC.md §5), only into a room that
 * takes messages, and, for a sender with a session, only while that session is live. A retried send with
 * the same client id returns the first copy instead of a second one.
 *
 * The common case is written with whatever else is being sent at that moment, in one statement
 * (message-writer.ts); when that stores nothing, the checks below run one by one to say exactly why, or to
 * return the first copy of a retry.
 */
export async function storeMessage(
  db: Db,
  writing: ChatWriting,
  user: Sender,
  input: NewMessageInput,
  onWriteError?: (err: unknown, messages: number) => void,
): Promise<StoredMessage> {
  const content = messageContentSchema.parse(input.content);
  // The socket's payloads do not pass the HTTP hook that refuses NUL (plugins/text-bodies.ts).
  if (content.includes('\u0000')) throw badRequest(NUL_REFUSED);
  // Checked with the sender's last few messages in the room, so details typed in pieces are seen whole.
  const { memory } = writing;
  const earlier = await memory.earlier(db, input.roomId, user.id);
  const suspicion = screenText({ source: 'chat_message', roomId: input.roomId }, content, earlier);
  const clientId = input.clientId ?? randomUUID();
  const stored = await writing.writer.write(user, { roomId: input.roomId, content, clientId }, onWriteError);
  if (stored) {
    memory.remember(input.roomId, user.id, content);
    return { ...stored, created: true, suspicion };
  }

  if (user.sessionId !== undefined && !(await isSessionLive(db, user.sessionId))) throw unauthorized();
  const record = await roomForUser(db, user, input.roomId, 'write');

  const existing = await findByClientId(db, input.roomId, clientId);
  if (existing) return sameSenderCopy(existing, user, record);

  try {
    const message = await db.transaction(async (tx) => {
      // Updating the room first takes its row lock and re-checks its state in the same statement, so a
      // freeze that lands meanwhile is never overtaken by a message.
      const preview = previewOf(content);
      const [open] = await tx
        .update(chatRooms)
        .set({
          lastMessageText: preview,
          lastMessageAt: sql`now()`,
          lastMessageSenderId: user.id,
          lastActivityAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(
          and(eq(chatRooms.id, input.roomId), eq(chatRooms.isFrozen, false), eq(chatRooms.isEnded, false)),
        )
        .returning({ id: chatRooms.id });
      if (!open) throw new RoomClosed();
      const [row] = await tx
        .insert(chatMessages)
        .values({
          chatRoomId: input.roomId,
          senderId: user.id,
          senderRole: user.role,
          clientId,
          kind: 'text',
          content,
        })
        .onConflictDoNothing({ target: [chatMessages.chatRoomId, chatMessages.clientId] })
        .returning();
      if (!row) throw new AlreadyStored();
      return row;
    });
    memory.remember(input.roomId, user.id, content);
    return { message, room: record.room, created: true, suspicion };
  } catch (err) {
    if (err instanceof AlreadyStored) {
      return sameSenderCopy((await findByClientId(db, input.roomId, clientId))!, user, record);
    }
    if (err instanceof RoomClosed) {
      const fresh = await roomForUser(db, user, input.roomId, 'member');
      throw conflict(chatRoomClosedReason(fresh.room) ?? 'This chat is not available');
    }
    throw err;
  }
}

async function findByClientId(db: Db, roomId: string, clientId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.chatRoomId, roomId), eq(chatMessages.clientId, clientId)))
    .limit(1);
  return row;
}

function sameSenderCopy(row: MessageRow, user: Member, record: RoomRecord): StoredMessage {
  if (row.senderId !== user.id) throw conflict('This message id is already taken');
  return { message: row, room: record.room, created: false };
}

export interface SystemLineInput {
  roomId: string;
  content: string;
  /** Another kind than 'system' for lines with their own renderer (e.g. a delivery card). */
  kind?: string;
  data?: Record<string, unknown>;
  /** Makes the line idempotent (e.g. `delivery:<id>:approved`); random when omitted. */
  clientId?: string;
}

/**
 * A line written by the platform, not by a member (deliveries, payments). It is written whatever the room's
 * state, is not checked for contact details, and counts as the room's last message.
 */
export async function storeSystemLine(
  db: Db,
  input: SystemLineInput,
): Promise<{ message: MessageRow; created: boolean }> {
  const clientId = input.clientId ?? randomUUID();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chatMessages)
      .values({
        chatRoomId: input.roomId,
        clientId,
        kind: input.kind ?? 'system',
        content: input.content,
        data: input.data ?? null,
        read: false,
      })
      .onConflictDoNothing({ target: [chatMessages.chatRoomId, chatMessages.clientId] })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select()
        .from(chatMessages)
        .where(and(eq(chatMessages.chatRoomId, input.roomId), eq(chatMessages.clientId, clientId)));
      return { message: existing!, created: false };
    }
    await tx
      .update(chatRooms)
      .set({
        lastMessageText: previewOf(input.content),
        lastMessageAt: row.sentAt,
        lastMessageSenderId: null,
        lastActivityAt: row.sentAt,
        updatedAt: row.sentAt,
      })
      .where(eq(chatRooms.id, input.roomId));
    return { message: row, created: true };
  });
}

export interface SeenResult {
  record: RoomRecord;
  /** The messages this call marked read (the given one and any unread one before it from the same side). */
  marked: { id: string; senderId: string; readAt: Date }[];
}

/**
 * The receiver reports a message seen (SPEC.md §4): it and every earlier unread message from the other
 * member become read. Only the room's other member may do this; never the sender, never an admin.
 */
export async function markSeen(
  db: Db,
  user: Member,
  input: { roomId: string; messageId: string },
): Promise<SeenResult> {
  const record = await roomForUser(db, user, input.roomId, 'member');
  const [target] = await db
    .select({ seq: chatMessages.seq, senderId: chatMessages.senderId })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatRoomId, input.roomId)))
    .limit(1);
  if (!target) throw notFound('Message not found');
  if (target.senderId === user.id) throw forbidden('Only the receiver can mark a message as read');
  if (target.senderId === null) return { record, marked: [] };
  const rows = await db
    .update(chatMessages)
    .set({ read: true, readAt: sql`now()` })
    .where(
      and(
        eq(chatMessages.chatRoomId, input.roomId),
        eq(chatMessages.read, false),
        ne(chatMessages.senderId, user.id),
        lte(chatMessages.seq, target.seq),
      ),
    )
    .returning({ id: chatMessages.id, senderId: chatMessages.senderId, readAt: chatMessages.readAt });
  return {
    record,
    marked: rows.map((r) => ({ id: r.id, senderId: r.senderId!, readAt: r.readAt! })),
  };
}
