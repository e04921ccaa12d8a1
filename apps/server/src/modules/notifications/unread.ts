import { and, eq, isNull, sql } from 'drizzle-orm';
import { NOTIFICATIONS_READ_EVENT, type NotificationsReadEvent } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { userChannel, type AppIo } from '../../plugins/realtime';

/**
 * What a notice is about: a chat room (its messages, and the orders shown in it) or one order. Every notice
 * of an order carries its room too, so acting in the room reaches them as well.
 */
export type NoticeSubject = { roomId: string } | { orderId: string };

/** The person's unread lines: the bell's figure, and the tab title's (one count, see use-unread-count). */
export async function unreadCount(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Tells every tab of the person which lines were read and the figure now (the bell listens). */
export async function announceRead(db: Db, io: AppIo, userId: string, ids: string[] | null): Promise<number> {
  const count = await unreadCount(db, userId);
  const event: NotificationsReadEvent = { ids, unreadCount: count };
  io.to(userChannel(userId)).emit(NOTIFICATIONS_READ_EVENT, event);
  return count;
}

/**
 * The person acted on the subject (opened or answered the room, accepted, paid, reviewed…): their unread
 * lines about it are read. One statement on the person's unread lines (a partial index holds them), and no
 * event at all when there were none, so calling it on every message costs one index probe.
 */
export async function markSubjectRead(
  db: Db,
  io: AppIo,
  userId: string,
  subject: NoticeSubject,
): Promise<string[]> {
  const about =
    'roomId' in subject
      ? eq(notifications.roomId, subject.roomId)
      : eq(notifications.orderId, subject.orderId);
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), about))
    .returning({ id: notifications.id });
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  await announceRead(db, io, userId, ids);
  return ids;
}
