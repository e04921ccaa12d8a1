import { and, eq, sql } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import { refunds } from '../../../db/schema';
import type { PaymentsContext } from '../context';
import { applyGatewayEvent } from '../events';
import { GatewayError } from '../gateway/types';
import type { PaymentRow } from '../queries';
import { moveRefund } from '../states';
import { refundStatusFromGateway } from '../webhook-format';
import { recordFinding } from './findings';

type RefundRow = typeof refunds.$inferSelect;

/**
 * Asks the gateway about a refund still on its way and brings ours in line. A refund the gateway has no
 * record of was never created there (its create call was lost, or the server died right after our
 * write): it is sent again with the same refund_id, which Cashfree treats as the same refund, so it is
 * issued exactly once. It is given up (CANCELLED) only when the gateway refuses it outright.
 */
export async function recheckRefund(
  ctx: PaymentsContext,
  payment: PaymentRow,
  refund: RefundRow,
  runId: string | null,
): Promise<void> {
  const answer = await ctx.gateway.getRefund(payment.orderId, refund.refundId);
  if (!answer) return resendRefund(ctx, payment, refund, runId);
  const status = refundStatusFromGateway(answer.status);
  if (!status || status === refund.status) return;
  await applyGatewayEvent(ctx, {
    kind: 'refund',
    orderId: payment.orderId,
    refundId: refund.refundId,
    cfRefundId: answer.cfRefundId,
    status,
    amountPaise: answer.amountPaise,
  });
  if (status === 'SUCCESS' || status === 'CANCELLED') {
    await recordFinding(ctx.db, {
      key: `refund_confirmed:${refund.refundId}:${status}`,
      kind: 'refund_confirmed',
      gatewayOrderId: payment.orderId,
      cutroomOrderId: payment.cutroomOrderId,
      amountPaise: refund.amountPaise,
      found: `Refund ${refund.refundId} was ${refund.status} with us and ${status} at the gateway; its webhook never arrived.`,
      action:
        status === 'SUCCESS' ? 'Marked refunded.' : 'Marked cancelled; the amount can be refunded again.',
      runId,
    });
  }
}

async function resendRefund(
  ctx: PaymentsContext,
  payment: PaymentRow,
  refund: RefundRow,
  runId: string | null,
): Promise<void> {
  const vendorId = refund.vendorSplitPaise ? await ctx.hooks.vendorIdOf(payment.editorId) : null;
  const found = `The gateway had no record of refund ${refund.refundId} (${formatPaise(refund.amountPaise)}).`;
  const attempt = refund.resentCount + 1;
  try {
    const answer = await ctx.gateway.createRefund({
      orderId: payment.orderId,
      refundId: refund.refundId,
      amountPaise: refund.amountPaise,
      note: refund.note,
      splits:
        vendorId && refund.vendorSplitPaise
          ? [{ vendorId, amountPaise: refund.vendorSplitPaise }]
          : undefined,
    });
    await ctx.db
      .update(refunds)
      .set({ resentCount: sql`${refunds.resentCount} + 1`, updatedAt: new Date() })
      .where(eq(refunds.id, refund.id));
    await recordFinding(ctx.db, {
      key: `refund_resent:${refund.refundId}:${attempt}`,
      kind: 'refund_resent',
      gatewayOrderId: payment.orderId,
      cutroomOrderId: payment.cutroomOrderId,
      amountPaise: refund.amountPaise,
      found,
      action: 'Sent again with the same refund id.',
      runId,
    });
    const status = refundStatusFromGateway(answer.status) ?? 'PENDING';
    await applyGatewayEvent(ctx, {
      kind: 'refund',
      orderId: payment.orderId,
      refundId: refund.refundId,
      cfRefundId: answer.cfRefundId,
      status,
      amountPaise: answer.amountPaise,
    });
  } catch (err) {
    // No answer, or the refund now exists (a racing pass sent it): the next pass reads it.
    if (!(err instanceof GatewayError) || !err.definitive || err.statusCode === 409) throw err;
    const [cancelled] = await moveRefund(
      ctx.db,
      and(eq(refunds.id, refund.id), eq(refunds.status, refund.status))!,
      'CANCELLED',
    );
    if (!cancelled) return;
    await recordFinding(ctx.db, {
      key: `refund_resent:${refund.refundId}:${attempt}`,
      kind: 'refund_resent',
      gatewayOrderId: payment.orderId,
      cutroomOrderId: payment.cutroomOrderId,
      amountPaise: refund.amountPaise,
      found: `${found} Sending it again was refused: ${err.message}`,
      action: 'Marked cancelled; the amount can be refunded again.',
      runId,
    });
  }
}
