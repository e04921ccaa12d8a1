import { and, eq, sql } from 'drizzle-orm';
import { payments, processedGatewayEvents, refunds } from '../../db/schema';
import type { PaymentsContext } from './context';
import type { PaymentRefundedEvent, PaymentSucceededEvent } from './hooks';
import { movePayment, moveRefund } from './states';
import type { GatewayEvent } from './webhook-format';
import { DUPLICATE_PAYMENT_ORIGIN, refundTotalsOf } from './refund-totals';
import { noteSecondOrderPaid, reserveDuplicateRefund } from './duplicates';
import { adoptGatewayRefund } from './reconciliation/external-refund';
import { recordFinding } from './reconciliation/findings';
import { applyDisputeEvent } from './disputes';

export type EventResult = 'applied' | 'duplicate' | 'ignored';

/**
 * The one path by which the gateway changes our records, for webhooks and for reconciliation alike.
 * Each event is applied at most once (keyed by the gateway's own ids), each transition is a conditional
 * UPDATE, and SUCCESS is final while FAILED is not: any number of repeats in any order give one result.
 */
export async function applyGatewayEvent(ctx: PaymentsContext, event: GatewayEvent): Promise<EventResult> {
  if (event.kind === 'vendor_settlement') return ctx.hooks.applyVendorSettlement(event);
  if (event.kind === 'vendor_status') return ctx.hooks.applyVendorStatus(event);
  if (event.kind === 'dispute') return applyDisputeEvent(ctx, event);
  return event.kind === 'payment' ? applyPaymentEvent(ctx, event) : applyRefundEvent(ctx, event);
}

async function applyPaymentEvent(
  ctx: PaymentsContext,
  event: Extract<GatewayEvent, { kind: 'payment' }>,
): Promise<EventResult> {
  const { result, succeeded, after } = await ctx.db.transaction(async (tx) => {
    const done = (
      r: EventResult,
      e: PaymentSucceededEvent | null = null,
      then: (() => Promise<void>)[] = [],
    ) => ({ result: r, succeeded: e, after: then });
    const [payment] = await tx.select().from(payments).where(eq(payments.orderId, event.orderId)).limit(1);
    if (!payment) {
      ctx.log.warn({ orderId: event.orderId }, 'gateway event for an unknown order ignored');
      return done('ignored');
    }
    // The gateway order's amount decides (it is the one we created); the payer's payment_amount may
    // differ through offers or surcharges the gateway applied, and is only recorded.
    if (event.orderAmountPaise !== payment.amountPaise) {
      ctx.log.warn(
        { orderId: event.orderId, got: event.orderAmountPaise, stored: payment.amountPaise },
        'gateway event for an order of a different amount ignored',
      );
      return done('ignored');
    }
    if (event.paymentAmountPaise !== event.orderAmountPaise) {
      ctx.log.info(
        {
          orderId: event.orderId,
          cfPaymentId: event.cfPaymentId,
          orderAmountPaise: event.orderAmountPaise,
          paymentAmountPaise: event.paymentAmountPaise,
        },
        'gateway payment amount differs from the order amount (offer or surcharge)',
      );
    }
    const [fresh] = await tx
      .insert(processedGatewayEvents)
      .values({
        eventKey: `payment:${event.orderId}:${event.cfPaymentId}:${event.outcome}`,
        orderId: event.orderId,
        eventType: `PAYMENT_${event.outcome}`,
      })
      .onConflictDoNothing()
      .returning({ key: processedGatewayEvents.eventKey });
    if (!fresh) return done('duplicate');

    if (event.outcome === 'SUCCESS') {
      const [paid] = await movePayment(tx, eq(payments.id, payment.id), 'SUCCESS', {
        set: { cfPaymentId: event.cfPaymentId, paidAt: new Date() },
      });
      if (paid) {
        await noteSecondOrderPaid(tx, paid);
        const succeeded: PaymentSucceededEvent = {
          paymentId: paid.id,
          orderId: paid.orderId,
          cutroomOrderId: paid.cutroomOrderId,
          creatorId: paid.creatorId,
          editorId: paid.editorId,
          amountPaise: paid.amountPaise,
          planType: paid.planType,
        };
        const then = await ctx.events.emitInTransaction(tx as never, 'payment.succeeded', succeeded);
        return done('applied', succeeded, then);
      }
      // Already SUCCESS by another attempt: the payer was charged twice, and the second is refunded.
      const send = await reserveDuplicateRefund(tx, payment.id, event);
      if (send) return done('applied', null, [() => send(ctx, applyGatewayEvent)]);
    } else {
      // A failed or abandoned attempt; the payer may still try again, so FAILED is not final.
      await movePayment(tx, eq(payments.id, payment.id), 'FAILED', {
        set: { cfPaymentId: event.cfPaymentId },
      });
    }
    return done('applied');
  });
  for (const then of after) {
    await then().catch((err) => ctx.log.error({ err }, 'work after a payment succeeded failed'));
  }
  if (succeeded) await ctx.events.emitAfterCommit('payment.succeeded', succeeded);
  return result;
}

async function applyRefundEvent(
  ctx: PaymentsContext,
  event: Extract<GatewayEvent, { kind: 'refund' }>,
): Promise<EventResult> {
  const { result, refunded, after } = await ctx.db.transaction(async (tx) => {
    const done = (
      r: EventResult,
      e: PaymentRefundedEvent | null = null,
      then: (() => Promise<void>)[] = [],
    ) => ({ result: r, refunded: e, after: then });
    const [known] = await tx
      .select({ refund: refunds, payment: payments })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(refunds.refundId, event.refundId))
      .limit(1);
    const row = known ?? (await adoptGatewayRefund(tx, event));
    // One refund event of a payment at a time: the sum below must see a refund confirmed a moment
    // earlier, or two refunds settling together would each miss the other and none be "full".
    if (row)
      await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.id, row.payment.id))
        .for('update');
    if (!row || row.payment.orderId !== event.orderId || row.refund.amountPaise !== event.amountPaise) {
      ctx.log.warn(
        { refundId: event.refundId, orderId: event.orderId },
        'refund event not matching ours ignored',
      );
      return done('ignored');
    }
    const [fresh] = await tx
      .insert(processedGatewayEvents)
      .values({
        eventKey: `refund:${event.refundId}:${event.cfRefundId ?? ''}:${event.status}`,
        orderId: event.orderId,
        eventType: `REFUND_${event.status}`,
      })
      .onConflictDoNothing()
      .returning({ key: processedGatewayEvents.eventKey });
    if (!fresh) return done('duplicate');

    // SUCCESS and CANCELLED are final; PENDING and ONHOLD may still move.
    const [changed] = await moveRefund(tx, eq(refunds.id, row.refund.id), event.status, {
      set: {
        cfRefundId: sql`coalesce(${refunds.cfRefundId}, ${event.cfRefundId})`,
        processedAt: event.status === 'SUCCESS' ? new Date() : null,
      },
    });
    if (changed?.status === 'SUCCESS' && row.refund.status === 'CANCELLED') {
      await recordFinding(tx, {
        key: `refund_revived:${row.refund.refundId}`,
        kind: 'refund_revived',
        gatewayOrderId: row.payment.orderId,
        cutroomOrderId: row.payment.cutroomOrderId,
        amountPaise: changed.amountPaise,
        found: `Refund ${row.refund.refundId} was cancelled with us and the gateway reported it settled.`,
        action: 'Marked refunded: the money did go back.',
      });
    }
    // A duplicate payment's refund gives back money the order never kept: the order, the editor's
    // earnings and the track record are not told (refund.succeeded would take the editor's share back).
    if (changed?.status === 'SUCCESS' && changed.origin !== DUPLICATE_PAYMENT_ORIGIN) {
      // Confirmed refunds only: "fully refunded" means the money is back, not on its way.
      const { refundedPaise } = await refundTotalsOf(tx, row.payment.id);
      const refundedEvent: PaymentRefundedEvent = {
        paymentId: row.payment.id,
        orderId: row.payment.orderId,
        creatorId: row.payment.creatorId,
        editorId: row.payment.editorId,
        amountPaise: row.payment.amountPaise,
        refundId: changed.refundId,
        refundAmountPaise: changed.amountPaise,
        vendorSplitPaise: changed.vendorSplitPaise,
        refundedPaise,
        fullyRefunded: refundedPaise >= row.payment.amountPaise,
      };
      return done(
        'applied',
        refundedEvent,
        await ctx.events.emitInTransaction(tx, 'refund.succeeded', refundedEvent),
      );
    }
    if (!changed && event.cfRefundId) {
      await tx
        .update(refunds)
        .set({ cfRefundId: event.cfRefundId })
        .where(and(eq(refunds.id, row.refund.id), sql`${refunds.cfRefundId} is null`));
    }
    return done('applied');
  });
  for (const then of after) {
    await then().catch((err) => ctx.log.error({ err }, 'after-refund work failed'));
  }
  if (refunded) await ctx.events.emitAfterCommit('refund.succeeded', refunded);
  return result;
}
