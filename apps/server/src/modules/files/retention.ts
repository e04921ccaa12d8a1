import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { orderReference } from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderFiles, orders } from '../../db/schema';
import type { Storage } from '../../lib/storage';
import type { NotificationInput } from '../notifications';

const DAY = 86_400_000;
const closedAt = sql<Date>`coalesce(${orders.completedAt}, ${orders.cancelledAt})`;
/** A closed order no dispute holds: none open, and none may still be opened. */
const settled = () =>
  and(
    inArray(orders.status, ['completed', 'cancelled']),
    isNull(orders.disputeId),
    or(isNull(orders.disputableUntil), lt(orders.disputableUntil, new Date())),
  );

export interface RetentionDeps {
  db: Db;
  storage: Storage;
  config: Config;
  notify(lines: NotificationInput[]): Promise<void>;
}

/**
 * Footage is kept FOOTAGE_RETENTION_DAYS after its order closes, never while a dispute holds the order
 * (it is the evidence). Both sides are told FOOTAGE_RETENTION_NOTICE_DAYS before; then the bytes go and
 * the files leave the list. Deliveries' originals are the product and stay.
 */
export async function sweepRetention(deps: RetentionDeps): Promise<{ noticed: number; deleted: number }> {
  const { db, config } = deps;
  const keepMs = config.FOOTAGE_RETENTION_DAYS * DAY;
  const noticeBefore = new Date(Date.now() - keepMs + config.FOOTAGE_RETENTION_NOTICE_DAYS * DAY);
  const footage = and(eq(orderFiles.kind, 'footage'), eq(orderFiles.status, 'ready'));

  const toTell = await db
    .select({ order: orders, count: sql<number>`count(*)::int`, closed: closedAt })
    .from(orderFiles)
    .innerJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(and(footage, isNull(orderFiles.retentionNoticeAt), settled(), lt(closedAt, noticeBefore)))
    .groupBy(orders.id)
    .limit(200);
  for (const { order, count, closed } of toTell) {
    const deleteAt = new Date(new Date(closed).getTime() + keepMs).toISOString();
    const ref = orderReference(order.number);
    const link = `/chat?roomId=${order.roomId}`;
    await deps.notify(
      [order.creatorId, order.editorId].map((userId) => ({
        userId,
        kind: 'files_expiring' as const,
        roomId: order.roomId,
        orderId: order.id,
        link,
        dedupeKey: `order:${order.id}:footage-expiring`,
        title: `The footage of ${ref} is deleted soon`,
        body: `${count} ${count === 1 ? 'file' : 'files'} of "${order.title}": download what you want to keep`,
        mail: { kind: 'files_expiring' as const, orderRef: ref, title: order.title, count, deleteAt, link },
      })),
    );
    await db
      .update(orderFiles)
      .set({ retentionNoticeAt: new Date() })
      .where(and(eq(orderFiles.orderId, order.id), footage, isNull(orderFiles.retentionNoticeAt)));
  }

  const due = await db
    .select({ id: orderFiles.id, key: orderFiles.storageKey })
    .from(orderFiles)
    .innerJoin(orders, eq(orders.id, orderFiles.orderId))
    .where(and(footage, settled(), lt(closedAt, new Date(Date.now() - keepMs))))
    .limit(500);
  for (const file of due) {
    if (file.key) await deps.storage.delete('private', file.key);
    await db
      .update(orderFiles)
      .set({ status: 'expired', storageKey: null })
      .where(eq(orderFiles.id, file.id));
  }
  return { noticed: toTell.length, deleted: due.length };
}
