import { and, desc, eq, gt, inArray, ne } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import { payments } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { PaymentsContext } from './context';
import { GatewayError } from './gateway/types';
import type { PaymentRow } from './queries';
import { reconcilePayment } from './reconcile';
import { movePayment } from './states';

/** At most this many older gateway orders are closed when a new one is made (normally one). */
const MAX_SUPERSEDED = 5;

/**
 * Before a new gateway order is made for a Cutroom order, the older ones the gateway may still hold open
 * (INITIATED, or FAILED, which the payer may retry, and not yet expired) are terminated, so only the new
 * checkout can take money. A termination the gateway refuses (the old order was paid meanwhile) loses
 * nothing: that payment is reconciled at once and, when it paid the order, no new gateway order is made
 * (409, already paid). A gateway that does not answer is logged and the new order is made anyway: should
 * both be paid, the second payment is refunded in full (the orders module's automatic refund) and shown
 * as a duplicate payment on the Reconciliation page.
 */
export async function terminateSuperseded(ctx: PaymentsContext, reserved: PaymentRow): Promise<void> {
  if (!reserved.cutroomOrderId) return;
  const older = await ctx.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.cutroomOrderId, reserved.cutroomOrderId),
        ne(payments.id, reserved.id),
        inArray(payments.status, ['INITIATED', 'FAILED']),
        ne(payments.paymentSessionId, ''),
        gt(payments.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(MAX_SUPERSEDED);
  for (const old of older) {
    if ((await terminateOne(ctx, old)) === 'paid') throw conflict(ORDER_MESSAGES.alreadyPaid);
  }
}

async function terminateOne(ctx: PaymentsContext, old: PaymentRow): Promise<'closed' | 'open' | 'paid'> {
  try {
    const order = await ctx.gateway.terminateOrder(old.orderId);
    // TERMINATION_REQUESTED: an attempt is in flight and may still complete; its webhook or
    // reconciliation settles it, so the payment is left as it is.
    if (order && order.status !== 'TERMINATED') return 'open';
    await movePayment(ctx.db, eq(payments.id, old.id), 'FAILED', { from: ['INITIATED'] });
    ctx.log.info({ orderId: old.orderId }, 'an older gateway order of the same order was terminated');
    return 'closed';
  } catch (err) {
    if (!(err instanceof GatewayError) || !err.definitive) {
      ctx.log.warn({ err, orderId: old.orderId }, 'could not terminate an older gateway order');
      return 'open';
    }
    // Refused: paid (or expired) meanwhile. Its payment counts; reconciliation applies it now.
    await reconcilePayment(ctx, old);
    const [now] = await ctx.db.select().from(payments).where(eq(payments.id, old.id));
    return now?.status === 'SUCCESS' ? 'paid' : 'closed';
  }
}
