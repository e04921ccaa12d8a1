import { and, asc, desc, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { orderReference, rupeesFromPaise, type Payment, type Refund, type Role } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { orders, payments, refunds, users } from '../../db/schema';
import { totalsOfRefunds } from './refund-totals';

export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

const creatorUser = alias(users, 'creator_user');
const editorUser = alias(users, 'editor_user');

export interface PaymentWithNames {
  payment: PaymentRow;
  creatorUsername: string;
  editorUsername: string;
  /** Our order the payment is for: its number (CR-…) and title. */
  orderNumber: number | null;
  orderTitle: string | null;
}

/** Payments with both parties' names, newest first; refunds are fetched by `withRefunds` in one query. */
export async function selectPayments(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset?: number },
): Promise<PaymentWithNames[]> {
  return db
    .select({
      payment: payments,
      creatorUsername: creatorUser.username,
      editorUsername: editorUser.username,
      orderNumber: orders.number,
      orderTitle: orders.title,
    })
    .from(payments)
    .innerJoin(creatorUser, eq(creatorUser.id, payments.creatorId))
    .innerJoin(editorUser, eq(editorUser.id, payments.editorId))
    .leftJoin(orders, eq(orders.id, payments.cutroomOrderId))
    .where(where)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset ?? 0);
}

export async function refundsOf(db: Db, paymentIds: string[]): Promise<Map<string, RefundRow[]>> {
  const byPayment = new Map<string, RefundRow[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.paymentId, paymentIds))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
  for (const r of rows) {
    const list = byPayment.get(r.paymentId) ?? [];
    list.push(r);
    byPayment.set(r.paymentId, list);
  }
  return byPayment;
}

export const toRefund = (r: RefundRow): Refund => ({
  refundId: r.refundId,
  amount: rupeesFromPaise(r.amountPaise),
  note: r.note,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  processedAt: r.processedAt?.toISOString() ?? null,
});

/**
 * A payment as `viewer` may see it: editors never see the creator's phone, note or account id;
 * creators see their own; admins see everything.
 */
export function toPayment(row: PaymentWithNames, refundRows: RefundRow[], viewer: Role): Payment {
  const p = row.payment;
  const privateFields = viewer === 'editor' ? {} : { phone: p.phone, creatorNote: p.creatorNote };
  return {
    _id: p.id,
    orderId: p.orderId,
    cfOrderId: p.cfOrderId,
    cfPaymentId: p.cfPaymentId,
    amount: rupeesFromPaise(p.amountPaise),
    status: p.status,
    planType: p.planType,
    order:
      p.cutroomOrderId && row.orderNumber !== null
        ? { _id: p.cutroomOrderId, reference: orderReference(row.orderNumber), title: row.orderTitle ?? '' }
        : null,
    editor: { _id: p.editorId, username: row.editorUsername },
    creator:
      viewer === 'editor'
        ? { username: row.creatorUsername }
        : { _id: p.creatorId, username: row.creatorUsername },
    ...privateFields,
    createdAt: p.createdAt.toISOString(),
    // Refunded or on the way back.
    refundedAmount: rupeesFromPaise(totalsOfRefunds(refundRows).pendingOrRefundedPaise),
    refunds: refundRows.map(toRefund),
  };
}

export async function shapePayments(db: Db, rows: PaymentWithNames[], viewer: Role): Promise<Payment[]> {
  const byPayment = await refundsOf(
    db,
    rows.map((r) => r.payment.id),
  );
  return rows.map((r) => toPayment(r, byPayment.get(r.payment.id) ?? [], viewer));
}

/** Keyset cursor over (createdAt, id), newest first. */
export function encodeCursor(p: PaymentRow): string {
  return Buffer.from(`${p.createdAt.toISOString()}|${p.id}`).toString('base64url');
}

const CURSOR_AT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The page after a cursor from `encodeCursor`; anything else is refused with 400 `Invalid cursor` (a
 * loose one used to reach the database as an invalid uuid or an out-of-range date: a 500).
 */
export function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const [iso, id] = parts;
  const at = iso && CURSOR_AT.test(iso) ? new Date(iso) : null;
  if (
    parts.length !== 2 ||
    !at ||
    Number.isNaN(at.getTime()) ||
    at.toISOString() !== iso ||
    !CURSOR_ID.test(id!)
  ) {
    throw badRequest('Invalid cursor');
  }
  return or(lt(payments.createdAt, at), and(eq(payments.createdAt, at), lt(payments.id, id!)));
}
