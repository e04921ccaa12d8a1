import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders, payments, reviews, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { encodeCursor, keysetTime, olderThan, readCursor } from '../../lib/pagination';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import { NO_REFUNDS, refundTotals } from '../payments';

export type OrderRow = typeof orders.$inferSelect;

const creatorUser = alias(users, 'order_creator');
const editorUser = alias(users, 'order_editor');

/** An order with what every screen shows beside it: both names and the state of its payment. */
export interface OrderRecord {
  order: OrderRow;
  creatorUsername: string;
  editorUsername: string;
  /** The gateway's order id of the successful payment. */
  paymentOrderId: string | null;
  paymentStatus: 'INITIATED' | 'SUCCESS' | 'FAILED' | null;
  /** Refunds of the order's payment (payments' refundTotals): confirmed ones take coverage away. */
  confirmedRefundPaise: number;
  /** Refunded or on the way back. */
  activeRefundPaise: number;
  review: { id: string; rating: number; hidden: boolean } | null;
  /** `createdAt` to the microsecond, for list cursors. */
  listKey: string;
}

/** Orders with names and payment state, newest first: one query, and one for their payments' refunds. */
export async function selectOrders(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number },
): Promise<OrderRecord[]> {
  const rows = await db
    .select({
      order: orders,
      creatorUsername: creatorUser.username,
      editorUsername: editorUser.username,
      paymentOrderId: payments.orderId,
      paymentStatus: payments.status,
      reviewId: reviews.id,
      reviewRating: reviews.rating,
      reviewHiddenAt: reviews.hiddenAt,
      listKey: keysetTime(orders.createdAt),
    })
    .from(orders)
    .innerJoin(creatorUser, eq(creatorUser.id, orders.creatorId))
    .innerJoin(editorUser, eq(editorUser.id, orders.editorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  const refunded = await refundTotals(
    db,
    rows.flatMap((r) => (r.order.paymentId ? [r.order.paymentId] : [])),
  );
  return rows.map(({ reviewId, reviewRating, reviewHiddenAt, ...r }) => {
    const totals = (r.order.paymentId && refunded.get(r.order.paymentId)) || NO_REFUNDS;
    return {
      ...r,
      confirmedRefundPaise: totals.refundedPaise,
      activeRefundPaise: totals.pendingOrRefundedPaise,
      review: reviewId ? { id: reviewId, rating: reviewRating!, hidden: reviewHiddenAt !== null } : null,
    };
  });
}

export async function findOrderRecord(db: Db, id: string): Promise<OrderRecord | null> {
  const [record] = await selectOrders(db, eq(orders.id, id), { limit: 1 });
  return record ?? null;
}

/** The order row, locked for the rest of the transaction: every transition starts here. */
export async function lockOrder(tx: Db, id: string): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return row;
}

export async function findOrder(db: Db, id: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ?? null;
}

/** A paid order: its one successful payment, not fully refunded (the rule that releases final files). */
export const isPaidRecord = (r: Pick<OrderRecord, 'order' | 'paymentStatus' | 'confirmedRefundPaise'>) =>
  r.order.paymentId !== null && r.paymentStatus === 'SUCCESS' && r.confirmedRefundPaise < r.order.pricePaise;

/**
 * The list's keyset cursor over (createdAt, id), newest first, in lib/pagination's one format: anything
 * not made there is a 400 `Invalid cursor` (a hand-rolled decoder here used to answer an empty page).
 */
export function encodeOrderCursor(r: OrderRecord): string {
  return encodeCursor({ at: r.listKey, id: r.order.id });
}

export function beforeOrderCursor(cursor: string | undefined): SQL | undefined {
  return olderThan(readCursor(cursor), orders.createdAt, orders.id);
}
