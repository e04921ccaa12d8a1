import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { payments, refunds } from '../../db/schema';
import type { PaymentsContext } from './context';
import { GatewayError } from './gateway/types';
import type { PaymentRow } from './queries';
import { recordFinding } from './reconciliation/findings';
import { DUPLICATE_PAYMENT_ORIGIN } from './refund-totals';
import { refundStatusFromGateway, type GatewayEvent } from './webhook-format';

type PaymentEvent = Extract<GatewayEvent, { kind: 'payment' }>;
type RefundEventOf = Extract<GatewayEvent, { kind: 'refund' }>;
/** events.ts's applyGatewayEvent, passed in (this module is called from there). */
export type ApplyRefundEvent = (ctx: PaymentsContext, event: RefundEventOf) => Promise<unknown>;

/**
 * The refund id of a duplicate payment, derived from the gateway's id of that payment: a repeated
 * webhook, a reconciliation pass or a re-send after a crash all name the same refund, so the gateway
 * refunds it once (Cashfree treats a refund_id it knows as the same refund). 3–40 of [A-Za-z0-9_-].
 */
export function duplicateRefundId(orderId: string, cfPaymentId: string): string {
  const safe = /^[A-Za-z0-9_-]{1,36}$/.test(cfPaymentId)
    ? cfPaymentId
    : createHash('sha256').update(`${orderId}:${cfPaymentId}`).digest('hex').slice(0, 32);
  return `dup_${safe}`;
}

/**
 * A second successful attempt on a gateway order whose payment is already SUCCESS (another
 * cf_payment_id): the payer was charged twice for one order. In the event's transaction, with the
 * payment locked: the duplicate is recorded as a finding and a refund of what that attempt charged is
 * reserved (origin 'duplicate_payment', counted against nothing of the order). Returns the work that
 * sends it to the gateway after the commit, or null when there is nothing to do (the same attempt, a
 * refund already reserved for it).
 */
export async function reserveDuplicateRefund(
  tx: Db,
  paymentId: string,
  event: PaymentEvent,
): Promise<((ctx: PaymentsContext, apply: ApplyRefundEvent) => Promise<void>) | null> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.status !== 'SUCCESS' || payment.cfPaymentId === event.cfPaymentId) return null;
  const refundId = duplicateRefundId(payment.orderId, event.cfPaymentId);
  const amountPaise = event.paymentAmountPaise;
  const [reserved] = await tx
    .insert(refunds)
    .values({
      refundId,
      paymentId: payment.id,
      amountPaise,
      note: `Duplicate payment ${event.cfPaymentId} refunded; not counted against the order`.slice(0, 100),
      origin: DUPLICATE_PAYMENT_ORIGIN,
    })
    .onConflictDoNothing()
    .returning();
  if (!reserved) return null;
  await recordFinding(tx, {
    key: `duplicate_payment:${payment.orderId}:${event.cfPaymentId}`,
    kind: 'duplicate_payment',
    gatewayOrderId: payment.orderId,
    cutroomOrderId: payment.cutroomOrderId,
    amountPaise,
    found: `A second successful payment (${event.cfPaymentId}, ${formatPaise(amountPaise)}) arrived on gateway order ${payment.orderId}, already paid by ${payment.cfPaymentId ?? 'another payment'}.`,
    action: `Refunded in full as ${refundId}; the order, its refunds and the editor's earnings are unchanged.`,
  });
  return (ctx, apply) => sendDuplicateRefund(ctx, payment, reserved, apply);
}

/**
 * Sends a reserved duplicate-payment refund to the gateway and applies its answer. An answer that never
 * comes leaves it PENDING: reconciliation asks the gateway about it and sends it again with the same id
 * (reconciliation/refunds.ts). A refusal also leaves it to reconciliation, which gives it up only when
 * the gateway refuses it again there.
 */
async function sendDuplicateRefund(
  ctx: PaymentsContext,
  payment: PaymentRow,
  refund: typeof refunds.$inferSelect,
  apply: ApplyRefundEvent,
): Promise<void> {
  try {
    const answer = await ctx.gateway.createRefund({
      orderId: payment.orderId,
      refundId: refund.refundId,
      amountPaise: refund.amountPaise,
      note: refund.note,
    });
    const event: RefundEventOf = {
      kind: 'refund',
      orderId: payment.orderId,
      refundId: refund.refundId,
      cfRefundId: answer.cfRefundId,
      status: refundStatusFromGateway(answer.status) ?? 'PENDING',
      amountPaise: answer.amountPaise,
    };
    await apply(ctx, event);
  } catch (err) {
    const definitive = err instanceof GatewayError && err.definitive;
    ctx.log.warn(
      { err, orderId: payment.orderId, refundId: refund.refundId, definitive },
      'duplicate payment refund not confirmed; reconciliation checks it again',
    );
  }
}

/**
 * A payment became SUCCESS while another gateway order of the same Cutroom order is already SUCCESS (an
 * older checkout paid before it could be terminated): the orders module refunds this one in full (it is
 * not the order's payment, so nothing of the order or the editor moves); it is shown as a duplicate
 * payment. In the payment's transaction.
 */
export async function noteSecondOrderPaid(tx: Db, paid: PaymentRow): Promise<void> {
  if (!paid.cutroomOrderId) return;
  const [first] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(
      and(
        eq(payments.cutroomOrderId, paid.cutroomOrderId),
        eq(payments.status, 'SUCCESS'),
        ne(payments.id, paid.id),
      ),
    )
    .limit(1);
  if (!first) return;
  await recordFinding(tx, {
    key: `duplicate_payment:${paid.orderId}:${paid.cfPaymentId ?? ''}`,
    kind: 'duplicate_payment',
    gatewayOrderId: paid.orderId,
    cutroomOrderId: paid.cutroomOrderId,
    amountPaise: paid.amountPaise,
    found: `Gateway order ${paid.orderId} was paid while gateway order ${first.orderId} of the same order was paid already.`,
    action: 'Refunded in full by the order’s automatic refund; the order keeps its first payment.',
  });
}
