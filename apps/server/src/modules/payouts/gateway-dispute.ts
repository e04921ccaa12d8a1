import { eq, sql } from 'drizzle-orm';
import { formatPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { AfterCommit, GatewayDisputeChanged } from '../../events';
import { orderEarnings, payoutAdjustments } from '../../db/schema';
import { insertJob } from '../../lib/jobs/store';
import { recordFinding } from '../payments';
import { holdForDispute, releaseGatewayDisputeHold } from './dispute-hold';
import { lockEarnings, lockEditorBalance, type EarningsAnnouncer } from './earnings';
import { PAYOUT_JOBS, PAYOUT_JOB_ATTEMPTS } from './jobs';
import { editorBalances, orderAccountPaise, post } from './ledger';
import { gatewayExcessPaise, taxesRefunded } from './refund-earnings';
import { editorPartOfRefund, platformPartsOfRefund, refundLines } from './rules';

/**
 * A gateway dispute (chargeback) moved, in the webhook's transaction: opened, the order's share is held
 * (it does not clear); won, the hold goes; lost, the gateway took the disputed amount back from the
 * platform, so it is booked like a refund (the editor's part out of pending, then available, then an
 * adjustment; the platform's parts out of the commission and taxes) and a DEBIT adjustment takes back
 * what the vendor was already split. Each loss is a reconciliation finding.
 */
export async function applyGatewayDispute(
  tx: Db,
  event: GatewayDisputeChanged,
  announce: Pick<EarningsAnnouncer, 'refundBooked'>,
): Promise<AfterCommit[]> {
  const orderId = event.cutroomOrderId;
  if (!orderId) return [];
  if (event.outcome === 'opened') {
    await holdForDispute(tx, orderId);
    return [];
  }
  const then = event.outcome === 'lost' ? await bookLoss(tx, orderId, event, announce) : [];
  await releaseGatewayDisputeHold(tx, orderId);
  return then;
}

async function bookLoss(
  tx: Db,
  orderId: string,
  event: GatewayDisputeChanged,
  announce: Pick<EarningsAnnouncer, 'refundBooked'>,
): Promise<AfterCommit[]> {
  const row = await lockEarnings(tx, orderId);
  const lostPaise = row ? Math.min(event.amountPaise, row.grossPaise - row.refundedPaise) : 0;
  if (!row || lostPaise <= 0) {
    await noteLoss(tx, event, 'Nothing left to take back: the payment was already refunded.');
    return [];
  }
  const editorPart = editorPartOfRefund(row, row, lostPaise);
  const platform = platformPartsOfRefund(row, taxesRefunded(row), lostPaise, editorPart);
  await lockEditorBalance(tx, row.editorId);
  const pending = row.clearedAt ? 0 : await orderAccountPaise(tx, orderId, 'editor_pending');
  const available = (await editorBalances(tx, row.editorId)).available;
  const lines = refundLines({
    refundPaise: lostPaise,
    editorPartPaise: editorPart,
    platform,
    pendingPaise: pending,
    availablePaise: available,
  });
  // Kind `refund` and a `refund-adjustment:` key: the money went back to the customer like a refund's,
  // so the tax exports (which read refunds and their adjustments) keep tying to the ledger.
  const key = `chargeback:${event.cfDisputeId}`;
  const common = { editorId: row.editorId, orderId };
  if (!(await post(tx, { ...common, key, kind: 'refund', lines: lines.refund }))) return [];
  await post(tx, { ...common, key: `refund-adjustment:${key}`, kind: 'adjustment', lines: lines.adjustment });
  await tx
    .update(orderEarnings)
    .set({
      refundedPaise: row.refundedPaise + lostPaise,
      editorRefundedPaise: row.editorRefundedPaise + editorPart,
      gstRefundedPaise: row.gstRefundedPaise + platform.gstPaise,
      tcsRefundedPaise: row.tcsRefundedPaise + platform.tcsPaise,
      tdsRefundedPaise: row.tdsRefundedPaise + platform.tdsPaise,
      updatedAt: sql`now()`,
    })
    .where(eq(orderEarnings.orderId, orderId));
  // A missed share is the vendor's only once Cutroom credited it (gatewayExcessPaise counts CREDITs).
  const split = row.splitState === 'done' || row.splitState === 'requested' || row.splitState === 'missed';
  const owed = split ? await gatewayExcessPaise(tx, row, row.editorRefundedPaise + editorPart) : 0;
  if (owed > 0) {
    const [adjustment] = await tx
      .insert(payoutAdjustments)
      .values({ editorId: row.editorId, orderId, amountPaise: owed, type: 'DEBIT' })
      .returning();
    await insertJob(tx, {
      kind: PAYOUT_JOBS.adjust,
      payload: { adjustmentId: adjustment!.id },
      maxAttempts: PAYOUT_JOB_ATTEMPTS,
    });
  }
  await noteLoss(
    tx,
    event,
    `Booked like a refund of ${formatPaise(lostPaise)}: the editor's part ${formatPaise(editorPart)}` +
      (owed > 0
        ? `, of which ${formatPaise(owed)} is taken back from their vendor balance (DEBIT adjustment).`
        : '.'),
  );
  // The creator's receipt and the commission invoice get their credit notes, as for a refund.
  return announce.refundBooked(tx, {
    orderId,
    refundId: key,
    refundPaise: lostPaise,
    editorPaise: editorPart,
    ...platform,
  });
}

async function noteLoss(tx: Db, event: GatewayDisputeChanged, action: string): Promise<void> {
  await recordFinding(tx, {
    key: `gateway_dispute_lost:${event.cfDisputeId}`,
    kind: 'gateway_dispute_lost',
    gatewayOrderId: event.gatewayOrderId,
    cutroomOrderId: event.cutroomOrderId,
    amountPaise: event.amountPaise,
    found: `The gateway closed ${event.disputeType.toLowerCase()} ${event.cfDisputeId} against us and took ${formatPaise(event.amountPaise)} back.`,
    action,
  });
}
