import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, type orders } from '../../db/schema';
import { refundTotalsOf } from '../payments';

type OrderRow = typeof orders.$inferSelect;

/**
 * Paid work: the order's payment succeeded and was not fully refunded (confirmed refunds), the rule that
 * also releases final files. A review needs it, so approving unpaid work cannot buy a rating.
 */
export async function isPaidWork(
  tx: Db,
  order: Pick<OrderRow, 'paymentId' | 'pricePaise'>,
): Promise<boolean> {
  if (!order.paymentId) return false;
  const [payment] = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, order.paymentId));
  if (payment?.status !== 'SUCCESS') return false;
  return (await refundTotalsOf(tx, order.paymentId)).refundedPaise < order.pricePaise;
}
