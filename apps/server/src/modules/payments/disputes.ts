import { eq, sql } from 'drizzle-orm';
import type { GatewayDisputeChanged } from '../../events';
import { gatewayDisputes, payments, processedGatewayEvents } from '../../db/schema';
import type { GatewayDisputeOutcome } from '../../db/schema/payments';
import type { PaymentsContext } from './context';
import type { EventResult } from './events';
import type { GatewayEvent } from './webhook-format';

type DisputeEvent = Extract<GatewayEvent, { kind: 'dispute' }>;

/**
 * A DISPUTE_* webhook: records the gateway dispute and, when it opens, is won or is lost, tells payouts in
 * the same transaction (`gateway_dispute.moved`), so the hold or the debit commits with the status.
 * Each notice is applied once (processed key), a status never moves back (its rank, then the gateway's
 * updated_at), and a lost dispute is final: its money is gone whatever arrives later.
 */
export async function applyDisputeEvent(ctx: PaymentsContext, event: DisputeEvent): Promise<EventResult> {
  const { result, changed, after } = await ctx.db.transaction(async (tx) => {
    const done = (
      r: EventResult,
      e: GatewayDisputeChanged | null = null,
      then: (() => Promise<void>)[] = [],
    ) => ({
      result: r,
      changed: e,
      after: then,
    });
    // Locked: notices of one payment's disputes (and its refunds) apply one at a time.
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.orderId, event.orderId))
      .limit(1)
      .for('update');
    if (!payment) {
      ctx.log.warn(
        { orderId: event.orderId, cfDisputeId: event.cfDisputeId },
        'dispute for an unknown order ignored',
      );
      return done('ignored');
    }
    const [fresh] = await tx
      .insert(processedGatewayEvents)
      .values({
        eventKey: `dispute:${event.cfDisputeId}:${event.status}:${event.updatedAt ?? ''}`,
        orderId: event.orderId,
        eventType: event.status,
      })
      .onConflictDoNothing()
      .returning({ key: processedGatewayEvents.eventKey });
    if (!fresh) return done('duplicate');

    const [existing] = await tx
      .select()
      .from(gatewayDisputes)
      .where(eq(gatewayDisputes.cfDisputeId, event.cfDisputeId))
      .for('update');
    if (existing && existing.paymentId !== payment.id) {
      ctx.log.warn({ cfDisputeId: event.cfDisputeId }, 'dispute notice naming another order ignored');
      return done('ignored');
    }
    if (existing && !movesForward(existing, event)) return done('ignored');

    const values = {
      disputeType: event.disputeType,
      status: event.status,
      outcome: event.outcome,
      rank: event.rank,
      amountPaise: event.amountPaise,
      reasonCode: event.reasonCode,
      reasonDescription: event.reasonDescription,
      remarks: event.remarks,
      respondBy: dateOrNull(event.respondBy),
      gatewayUpdatedAt: dateOrNull(event.updatedAt),
      resolvedAt: event.outcome === 'open' ? null : new Date(),
      updatedAt: sql`now()`,
    };
    const [row] = existing
      ? await tx.update(gatewayDisputes).set(values).where(eq(gatewayDisputes.id, existing.id)).returning()
      : await tx
          .insert(gatewayDisputes)
          .values({
            ...values,
            cfDisputeId: event.cfDisputeId,
            paymentId: payment.id,
            gatewayOrderId: payment.orderId,
            cutroomOrderId: payment.cutroomOrderId,
            cfPaymentId: event.cfPaymentId,
          })
          .returning();
    const outcome = transition(existing?.outcome ?? null, event.outcome);
    if (!outcome) return done('applied');
    const changed: GatewayDisputeChanged = {
      id: row!.id,
      cfDisputeId: row!.cfDisputeId,
      paymentId: payment.id,
      gatewayOrderId: payment.orderId,
      cutroomOrderId: payment.cutroomOrderId,
      outcome,
      disputeType: row!.disputeType,
      amountPaise: row!.amountPaise,
    };
    return done('applied', changed, await ctx.events.emitInTransaction(tx, 'gateway_dispute.moved', changed));
  });
  for (const then of after) {
    await then().catch((err) => ctx.log.error({ err }, 'work after a gateway dispute failed'));
  }
  if (changed) await ctx.events.emitAfterCommit('gateway_dispute.moved', changed);
  return result;
}

/** A later stage, or open → closed; at the same rank only a newer update of an open case. Lost is final. */
function movesForward(
  held: { outcome: GatewayDisputeOutcome; rank: number; gatewayUpdatedAt: Date | null },
  next: DisputeEvent,
): boolean {
  if (held.outcome === 'lost') return false;
  if (next.rank !== held.rank) return next.rank > held.rank;
  if (held.outcome !== 'open') return false;
  const at = dateOrNull(next.updatedAt);
  return !!at && (!held.gatewayUpdatedAt || at > held.gatewayUpdatedAt);
}

/** What payouts must do: hold on opening (or reopening after a win), release on a win, debit on a loss. */
function transition(
  before: GatewayDisputeOutcome | null,
  after: GatewayDisputeOutcome,
): GatewayDisputeChanged['outcome'] | null {
  if (after === 'open') return before === 'open' ? null : 'opened';
  if (after === 'won') return before === 'open' ? 'won' : null;
  return before === 'lost' ? null : 'lost';
}

function dateOrNull(value: string | null): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}
