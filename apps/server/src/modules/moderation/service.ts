import { and, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  MODERATION_MESSAGES,
  orderReference,
  type ChatMessage,
  type ModerationFlag,
  type ModerationPage,
  type ModerationPerson,
  type ModerationQuery,
  type ModerationStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatRooms, moderationFlags, orders, users } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { removeMessage } from '../chat';

const author = alias(users, 'mod_author');
const creator = alias(users, 'mod_creator');
const editor = alias(users, 'mod_editor');
const resolver = alias(users, 'mod_resolver');

type FlagRow = typeof moderationFlags.$inferSelect;

/** One statement for a page of flags with every name the queue shows (no query per flag). */
function selectFlags(db: Db) {
  return db
    .select({
      flag: moderationFlags,
      authorName: author.username,
      authorRole: author.role,
      creatorName: creator.username,
      editorName: editor.username,
      roomFrozen: chatRooms.isFrozen,
      roomEnded: chatRooms.isEnded,
      orderNumber: orders.number,
      resolverName: resolver.username,
    })
    .from(moderationFlags)
    .leftJoin(author, eq(author.id, moderationFlags.authorId))
    .leftJoin(chatRooms, eq(chatRooms.id, moderationFlags.chatRoomId))
    .leftJoin(creator, eq(creator.id, chatRooms.creatorId))
    .leftJoin(editor, eq(editor.id, chatRooms.editorId))
    .leftJoin(orders, eq(orders.id, moderationFlags.orderId))
    .leftJoin(resolver, eq(resolver.id, moderationFlags.resolvedById));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectFlags>['execute']>>[number];

function toFlag(r: Joined): ModerationFlag {
  const f = r.flag;
  return {
    _id: f.id,
    source: f.source,
    status: f.status,
    kind: f.kind,
    reason: f.reason,
    excerpt: f.excerpt,
    match: f.match,
    author:
      f.authorId && r.authorName
        ? { _id: f.authorId, username: r.authorName, role: r.authorRole as ModerationPerson['role'] }
        : null,
    room:
      f.chatRoomId && r.creatorName !== null
        ? {
            _id: f.chatRoomId,
            creator: r.creatorName ?? '',
            editor: r.editorName ?? '',
            isFrozen: r.roomFrozen ?? false,
            isEnded: r.roomEnded ?? false,
          }
        : null,
    messageId: f.messageId,
    order:
      f.orderId && r.orderNumber !== null
        ? { _id: f.orderId, reference: orderReference(r.orderNumber) }
        : null,
    createdAt: f.createdAt.toISOString(),
    resolvedAt: f.resolvedAt ? f.resolvedAt.toISOString() : null,
    resolvedBy: r.resolverName ?? null,
  };
}

/** Open flags, or handled ones, newest first, a page at a time. */
export async function listFlags(db: Db, query: ModerationQuery): Promise<ModerationPage> {
  const inStatus =
    query.status === 'open' ? eq(moderationFlags.status, 'open') : ne(moderationFlags.status, 'open');
  let after: SQL | undefined;
  if (query.cursor) {
    const [cursor] = await db
      .select({ createdAt: moderationFlags.createdAt, id: moderationFlags.id })
      .from(moderationFlags)
      .where(eq(moderationFlags.id, query.cursor));
    if (!cursor) throw badRequest('Invalid cursor');
    // Compared in the database, at its own precision (microseconds), through the cursor row itself.
    after = sql`(${moderationFlags.createdAt}, ${moderationFlags.id}) < (select created_at, id from moderation_flags where id = ${query.cursor})`;
  }
  const [rows, [count]] = await Promise.all([
    selectFlags(db)
      .where(and(inStatus, after))
      .orderBy(desc(moderationFlags.createdAt), desc(moderationFlags.id))
      .limit(query.limit + 1),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(moderationFlags)
      .where(eq(moderationFlags.status, 'open')),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map(toFlag),
    nextCursor: rows.length > query.limit ? page.at(-1)!.flag.id : null,
    openCount: Number(count?.n ?? 0),
  };
}

export async function findFlag(db: Db, id: string): Promise<ModerationFlag> {
  const [row] = await selectFlags(db).where(eq(moderationFlags.id, id));
  if (!row) throw notFound(MODERATION_MESSAGES.notFound);
  return toFlag(row);
}

/** The open flag, locked; 404 when missing, 409 when another admin already handled it. */
async function lockOpenFlag(tx: Db, id: string): Promise<FlagRow> {
  const [flag] = await tx.select().from(moderationFlags).where(eq(moderationFlags.id, id)).for('update');
  if (!flag) throw notFound(MODERATION_MESSAGES.notFound);
  if (flag.status !== 'open') throw conflict(MODERATION_MESSAGES.alreadyHandled);
  return flag;
}

async function close(tx: Db, id: string, status: ModerationStatus, adminId: string): Promise<void> {
  await tx
    .update(moderationFlags)
    .set({ status, resolvedAt: new Date(), resolvedById: adminId })
    .where(eq(moderationFlags.id, id));
}

export async function dismissFlag(db: Db, id: string, adminId: string): Promise<void> {
  await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    await lockOpenFlag(tx, id);
    await close(tx, id, 'dismissed', adminId);
  });
}

/**
 * Replaces the flagged chat message with a notice everyone in the room sees (the flag keeps the text), and
 * the room's last-message preview too when it was that message. Every other open flag on the same message
 * is closed with it.
 */
export async function removeFlaggedMessage(
  db: Db,
  id: string,
  adminId: string,
): Promise<{ roomId: string; creatorId: string; editorId: string; message: ChatMessage }> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const flag = await lockOpenFlag(tx, id);
    if (!flag.messageId) throw conflict(MODERATION_MESSAGES.noMessage);
    // The chat's own removal: the notice in place of the text, and the room's preview by its rule.
    const removed = await removeMessage(tx, flag.messageId);
    if (!removed) throw conflict(MODERATION_MESSAGES.messageGone);
    const { room, message } = removed;
    const now = new Date();
    await tx
      .update(moderationFlags)
      .set({ status: 'message_removed', resolvedAt: now, resolvedById: adminId })
      .where(
        or(
          eq(moderationFlags.id, id),
          and(eq(moderationFlags.messageId, message._id), eq(moderationFlags.status, 'open')),
        ),
      );
    return { roomId: room.id, creatorId: room.creatorId, editorId: room.editorId, message };
  });
}

/** The flag's room, for freezing; the flag stays open until the freeze has succeeded. */
export async function roomOfOpenFlag(db: Db, id: string): Promise<string> {
  const [flag] = await db.select().from(moderationFlags).where(eq(moderationFlags.id, id));
  if (!flag) throw notFound(MODERATION_MESSAGES.notFound);
  if (flag.status !== 'open') throw conflict(MODERATION_MESSAGES.alreadyHandled);
  if (!flag.chatRoomId) throw conflict(MODERATION_MESSAGES.noRoom);
  return flag.chatRoomId;
}

/** Closes every open flag of a room the admin froze from the queue. */
export async function closeRoomFlags(db: Db, roomId: string, adminId: string): Promise<void> {
  await db
    .update(moderationFlags)
    .set({ status: 'room_frozen', resolvedAt: new Date(), resolvedById: adminId })
    .where(and(eq(moderationFlags.chatRoomId, roomId), eq(moderationFlags.status, 'open')));
}
