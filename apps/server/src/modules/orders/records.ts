import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orders, payments, refunds, reviews, users } from '../../db/schema';
import { notFound } from '../../lib/http-error';
import { ORDER_MESSAGES } from '@cutroom/contracts';

export type OrderRow = typeof orders.$inferSelect;

const creatorUser = alias(users, 'order_creator');
const editorUser = alias(users, 'order_editor');

/** Refunds of the order's payment: confirmed ones (they take coverage away) and all but cancelled ones. */
const refundedPaise = (statuses: SQL) =>
  sql<number>`coalesce((select sum(${refunds.amountPaise}) from ${refunds} where ${refunds.paymentId} = ${orders.paymentId} and ${statuses}), 0)::int`;

/** An order with what every screen shows beside it: both names and the state of its payment. */
export interface OrderRecord {
  order: OrderRow;
  creatorUsername: string;
  editorUsername: string;
  /** The gateway's order id of the successful payment. */
  paymentOrderId: string | null;
  paymentStatus: 'INITIATED' | 'SUCCESS' | 'FAILED' | null;
  confirmedRefundPaise: number;
  activeRefundPaise: number;
  review: { id: string; rating: number; hidden: boolean } | null;
}

/** Orders with names and payment state, newest first, in one query. */
export function selectOrders(db: Db, where: SQL | undefined, page: { limit: number; offset?: number }) {
  return db
    .select({
      order: orders,
      creatorUsername: creatorUser.username,
      editorUsername: editorUser.username,
      paymentOrderId: payments.orderId,
      paymentStatus: payments.status,
      confirmedRefundPaise: refundedPaise(sql`${refunds.status} = 'SUCCESS'`),
      activeRefundPaise: refundedPaise(sql`${refunds.status} <> 'CANCELLED'`),
      reviewId: reviews.id,
      reviewRating: reviews.rating,
      reviewHiddenAt: reviews.hiddenAt,
    })
    .from(orders)
    .innerJoin(creatorUser, eq(creatorUser.id, orders.creatorId))
    .innerJoin(editorUser, eq(editorUser.id, orders.editorId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset ?? 0)
    .then((rows) =>
      rows.map(({ reviewId, reviewRating, reviewHiddenAt, ...r }) => ({
        ...r,
        review: reviewId ? { id: reviewId, rating: reviewRating!, hidden: reviewHiddenAt !== null } : null,
      })),
    ) as Promise<OrderRecord[]>;
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

/** Keyset cursor over (createdAt, id), newest first. */
export function encodeOrderCursor(o: OrderRow): string {
  return Buffer.from(`${o.createdAt.toISOString()}|${o.id}`).toString('base64url');
}

export function beforeOrderCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) return sql`false`;
  return or(lt(orders.createdAt, at), and(eq(orders.createdAt, at), lt(orders.id, id)));
}
