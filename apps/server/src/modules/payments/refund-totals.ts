import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refunds } from '../../db/schema';

type RefundStatus = (typeof refunds.$inferSelect)['status'];
type RefundOrigin = (typeof refunds.$inferSelect)['origin'];

/**
 * A refund of a second successful payment on the same gateway order (origin 'duplicate_payment') gives
 * back money the order never kept: it is counted in none of the totals below, so it neither reduces what
 * remains of the order's payment nor makes it "refunded".
 */
export const DUPLICATE_PAYMENT_ORIGIN: RefundOrigin = 'duplicate_payment';

/**
 * What has gone back of a payment, in paise. The one rule for "refunded so far", whoever asks:
 * - `refundedPaise`: SUCCESS refunds only, money the gateway confirmed it returned. Whether a payment
 *   still covers its order (releases final files) and whether it is fully refunded go by this.
 * - `pendingPaise`: refunds reserved or on their way (PENDING, ONHOLD): they may still succeed or be
 *   cancelled.
 * - `pendingOrRefundedPaise`: both (every refund but a CANCELLED one): what may no longer be refunded
 *   again, so the remaining amount and the refund cap go by this.
 */
export interface RefundTotals {
  refundedPaise: number;
  pendingPaise: number;
  pendingOrRefundedPaise: number;
}

export const NO_REFUNDS: RefundTotals = Object.freeze({
  refundedPaise: 0,
  pendingPaise: 0,
  pendingOrRefundedPaise: 0,
});

const REFUNDED: readonly RefundStatus[] = ['SUCCESS'];
const PENDING: readonly RefundStatus[] = ['PENDING', 'ONHOLD'];

/** The totals of refund rows already read (one payment's). */
export function totalsOfRefunds(
  rows: readonly { status: RefundStatus; amountPaise: number; origin?: RefundOrigin }[],
): RefundTotals {
  let refundedPaise = 0;
  let pendingPaise = 0;
  for (const r of rows) {
    if (r.origin === DUPLICATE_PAYMENT_ORIGIN) continue;
    if (REFUNDED.includes(r.status)) refundedPaise += r.amountPaise;
    else if (PENDING.includes(r.status)) pendingPaise += r.amountPaise;
  }
  return { refundedPaise, pendingPaise, pendingOrRefundedPaise: refundedPaise + pendingPaise };
}

const sumOf = (statuses: readonly RefundStatus[]) =>
  sql<number>`coalesce(sum(${refunds.amountPaise}) filter (where ${inArray(refunds.status, [...statuses])}), 0)::int`;

/**
 * The totals of these payments, in one query: every id asked for is in the map (zeros when it has no
 * refund). Pass a transaction that holds the payment's lock to count a refund confirmed a moment ago.
 */
export async function refundTotals(
  db: Db,
  paymentIds: readonly string[],
): Promise<Map<string, RefundTotals>> {
  const ids = [...new Set(paymentIds)];
  const totals = new Map<string, RefundTotals>(ids.map((id) => [id, NO_REFUNDS]));
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      paymentId: refunds.paymentId,
      refundedPaise: sumOf(REFUNDED),
      pendingPaise: sumOf(PENDING),
    })
    .from(refunds)
    .where(and(inArray(refunds.paymentId, ids), ne(refunds.origin, DUPLICATE_PAYMENT_ORIGIN)))
    .groupBy(refunds.paymentId);
  for (const r of rows) {
    const refundedPaise = Number(r.refundedPaise);
    const pendingPaise = Number(r.pendingPaise);
    totals.set(r.paymentId, {
      refundedPaise,
      pendingPaise,
      pendingOrRefundedPaise: refundedPaise + pendingPaise,
    });
  }
  return totals;
}

/** One payment's totals (see `refundTotals`). */
export async function refundTotalsOf(db: Db, paymentId: string): Promise<RefundTotals> {
  return (await refundTotals(db, [paymentId])).get(paymentId)!;
}
