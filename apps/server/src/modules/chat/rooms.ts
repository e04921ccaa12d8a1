import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CHAT_MESSAGES,
  applyChatAction,
  canApplyChatAction,
  chatActionRefusal,
  chatRoomClosedReason,
  type ChatAdminAction,
  type ChatRoom,
  type RoomsPage,
  type RoomsQuery,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, chatRooms, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { keysetTime, olderThan, pageOf, readCursor } from '../../lib/pagination';
import type { SessionUser } from '../auth';
import { toChatRoom, type RoomRecord } from './serialize';

const creator = alias(users, 'creator');
const editor = alias(users, 'editor');

const roomFields = {
  room: chatRooms,
  creatorUsername: creator.username,
  editorUsername: editor.username,
  creatorDeleted: sql<boolean>`${creator.deletedAt} is not null`,
  editorDeleted: sql<boolean>`${editor.deletedAt} is not null`,
  activityKey: keysetTime(chatRooms.lastActivityAt),
};

const selectRooms = (db: Db) =>
  db
    .select(roomFields)
    .from(chatRooms)
    .innerJoin(creator, eq(creator.id, chatRooms.creatorId))
    .innerJoin(editor, eq(editor.id, chatRooms.editorId));

export async function findRoom(db: Db, roomId: string): Promise<RoomRecord | null> {
  const [record] = await selectRooms(db).where(eq(chatRooms.id, roomId)).limit(1);
  return record ?? null;
}

export const isRoomMember = (room: { creatorId: string; editorId: string }, userId: string) =>
  room.creatorId === userId || room.editorId === userId;

/**
 * What a user may do with a room. read: its members, and admins (who observe every room). member: only its
 * creator or editor. write: a member, while the room is neither frozen nor ended and the other side exists.
 */
export type RoomAccess = 'read' | 'member' | 'write';

export async function roomForUser(
  db: Db,
  user: Pick<SessionUser, 'id' | 'role'>,
  roomId: string,
  access: RoomAccess,
): Promise<RoomRecord> {
  const record = await findRoom(db, roomId);
  if (!record) throw notFound(CHAT_MESSAGES.roomNotFound);
  if (!isRoomMember(record.room, user.id)) {
    if (user.role === 'admin' && access === 'read') return record;
    throw forbidden(user.role === 'admin' ? CHAT_MESSAGES.adminsObserveOnly : CHAT_MESSAGES.notMember);
  }
  if (access === 'write') {
    const closed = chatRoomClosedReason(record.room);
    if (closed) throw conflict(closed);
    const counterpartGone = user.id === record.room.creatorId ? record.editorDeleted : record.creatorDeleted;
    if (counterpartGone) throw conflict(CHAT_MESSAGES.counterpartGone);
  }
  return record;
}

// ---------------------------------------------------------------------------------------------------------
// Lists, newest activity first, with a keyset cursor on (lastActivityAt, id)

function statusCondition(status: RoomsQuery['status']): SQL | undefined {
  switch (status) {
    case 'Active':
      return and(eq(chatRooms.isFrozen, false), eq(chatRooms.isEnded, false));
    case 'Frozen':
      return and(eq(chatRooms.isFrozen, true), eq(chatRooms.isEnded, false));
    case 'Ended':
      return eq(chatRooms.isEnded, true);
    default:
      return undefined;
  }
}

async function pageOfRooms(
  db: Db,
  where: SQL | undefined,
  query: RoomsQuery,
): Promise<{ records: RoomRecord[]; nextCursor: string | null }> {
  const rows = await selectRooms(db)
    .where(
      and(
        where,
        statusCondition(query.status),
        olderThan(readCursor(query.cursor), chatRooms.lastActivityAt, chatRooms.id),
      ),
    )
    .orderBy(desc(chatRooms.lastActivityAt), desc(chatRooms.id))
    .limit(query.limit + 1);
  const { data, nextCursor } = pageOf(rows, query.limit, (r) => ({ at: r.activityKey, id: r.room.id }));
  return { records: data, nextCursor };
}

/** Unread messages from the other member, for a page of rooms in one query. */
async function unreadCounts(db: Db, userId: string, roomIds: string[]): Promise<Map<string, number>> {
  if (roomIds.length === 0) return new Map();
  const rows = await db
    .select({ roomId: chatMessages.chatRoomId, count: sql<number>`count(*)::int` })
    .from(chatMessages)
    .where(
      and(
        inArray(chatMessages.chatRoomId, roomIds),
        eq(chatMessages.read, false),
        ne(chatMessages.senderId, userId),
      ),
    )
    .groupBy(chatMessages.chatRoomId);
  return new Map(rows.map((r) => [r.roomId, Number(r.count)]));
}

/** A creator's or an editor's own rooms; nobody else's. */
export async function listMyRooms(
  db: Db,
  user: Pick<SessionUser, 'id' | 'role'>,
  query: RoomsQuery,
): Promise<RoomsPage> {
  if (user.role !== 'creator' && user.role !== 'editor') throw forbidden();
  const own = user.role === 'creator' ? eq(chatRooms.creatorId, user.id) : eq(chatRooms.editorId, user.id);
  const { records, nextCursor } = await pageOfRooms(db, own, query);
  const unread = await unreadCounts(
    db,
    user.id,
    records.map((r) => r.room.id),
  );
  return { data: records.map((r) => toChatRoom(r, unread.get(r.room.id) ?? 0)), nextCursor };
}

export async function listAllRooms(db: Db, query: RoomsQuery): Promise<RoomsPage> {
  const { records, nextCursor } = await pageOfRooms(db, undefined, query);
  return { data: records.map((r) => toChatRoom(r)), nextCursor };
}

// ---------------------------------------------------------------------------------------------------------
// Starting a chat and moderating one

/** The pair's one room, created on the first call (SPEC.md §7 initiate; DESIGN.md §4: idempotent). */
export async function initiateRoom(
  db: Db,
  user: Pick<SessionUser, 'id' | 'role'>,
  editorId: string,
): Promise<{ record: RoomRecord; created: boolean }> {
  if (user.role !== 'creator') throw forbidden(CHAT_MESSAGES.onlyCreatorsInitiate);
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, editorId), eq(users.role, 'editor'), isNull(users.deletedAt)))
    .limit(1);
  if (!target) throw notFound(CHAT_MESSAGES.editorNotFound);
  const inserted = await db
    .insert(chatRooms)
    .values({ creatorId: user.id, editorId })
    .onConflictDoNothing({ target: [chatRooms.creatorId, chatRooms.editorId] })
    .returning({ id: chatRooms.id });
  const [existing] = inserted.length
    ? inserted
    : await db
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(and(eq(chatRooms.creatorId, user.id), eq(chatRooms.editorId, editorId)))
        .limit(1);
  const record = await findRoom(db, existing!.id);
  return { record: record!, created: inserted.length > 0 };
}

/** Applies an admin action if SPEC.md §4 allows it from the room's current state (409 otherwise). */
export async function moderateRoom(db: Db, roomId: string, action: ChatAdminAction): Promise<RoomRecord> {
  await db.transaction(async (tx) => {
    // The row lock makes check-and-set atomic against a concurrent action or message.
    const [room] = await tx.select().from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
    if (!room) throw notFound(CHAT_MESSAGES.roomNotFound);
    if (!canApplyChatAction(room, action)) throw conflict(chatActionRefusal(room, action));
    const next = applyChatAction(room, action);
    await tx
      .update(chatRooms)
      .set({ isFrozen: next.isFrozen, isEnded: next.isEnded, updatedAt: new Date() })
      .where(eq(chatRooms.id, roomId));
  });
  return (await findRoom(db, roomId))!;
}

export async function adminRoom(db: Db, roomId: string): Promise<ChatRoom> {
  const record = await findRoom(db, roomId);
  if (!record) throw notFound(CHAT_MESSAGES.roomNotFound);
  return toChatRoom(record);
}
