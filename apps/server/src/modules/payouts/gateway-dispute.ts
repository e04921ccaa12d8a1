import { formatPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { AfterCommit, GatewayDisputeChanged } from '../../events';
import { recordFinding } from '../payments';
import { holdForDispute, releaseGatewayDisputeHold } from './dispute-hold';
import { lockEarnings, type EarningsAnnouncer } from './earnings';
import { bookMoneyBack } from './refund-earnings';

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
  const key = `chargeback:${event.cfDisputeId}`;
  const booked = row
    ? await bookMoneyBack(tx, announce, row, event.amountPaise, { entry: key, refundId: key })
    : null;
  if (!booked) {
    await noteLoss(tx, event, 'Nothing left to take back: the payment was already refunded.');
    return [];
  }
  const { amountPaise, editorPaise, owedPaise } = booked;
  await noteLoss(
    tx,
    event,
    `Booked like a refund of ${formatPaise(amountPaise)}: the editor's part ${formatPaise(editorPaise)}` +
      (owedPaise > 0
        ? `, of which ${formatPaise(owedPaise)} is taken back from their vendor balance (DEBIT adjustment).`
        : '.'),
  );
  return booked.then;
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
