/**
 * What other modules may use from payments: whether a creator has paid an editor, and in-process
 * hooks fired when a payment succeeds or is refunded.
 */
import { and, desc, eq, inArray, notExists } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';

export { onPaymentRefunded, onPaymentSucceeded } from './hooks';
export type { PaymentRefundedEvent, PaymentSucceededEvent } from './hooks';

export interface CoveringPayment {
  paymentId: string;
  orderId: string;
  planType: 'basic' | 'intermediate' | 'pro';
  amountPaise: number;
  paidAt: Date | null;
}

/**
 * The newest successful payment from this creator to this editor that nothing has been refunded from
 * (no refund pending, on hold or done), or null. Deliveries release an original only against one.
 */
export async function findCoveringPayment(
  db: Db,
  pair: { creatorId: string; editorId: string },
): Promise<CoveringPayment | null> {
  const [row] = await db
    .select({
      paymentId: payments.id,
      orderId: payments.orderId,
      planType: payments.planType,
      amountPaise: payments.amountPaise,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(
      and(
        eq(payments.creatorId, pair.creatorId),
        eq(payments.editorId, pair.editorId),
        eq(payments.status, 'SUCCESS'),
        notExists(
          db
            .select({ id: refunds.id })
            .from(refunds)
            .where(
              and(
                eq(refunds.paymentId, payments.id),
                inArray(refunds.status, ['PENDING', 'ONHOLD', 'SUCCESS']),
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row ?? null;
}
