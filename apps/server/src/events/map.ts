import type { ModerationSource, TierTitle } from '@cutroom/contracts';
import type { orders } from '../db/schema';
import type { ScreenPlace, Suspicion } from '../lib/contact-screen';

type OrderRow = typeof orders.$inferSelect;

/** A payment became SUCCESS (exactly once per payment). Emitted by payments. */
export interface PaymentSucceeded {
  paymentId: string;
  /** The gateway's order id. */
  orderId: string;
  /** Our order the payment is for (orders.id); null only for payments made before orders existed. */
  cutroomOrderId: string | null;
  creatorId: string;
  editorId: string;
  amountPaise: number;
  planType: TierTitle | null;
}

/** A refund of a payment reached SUCCESS; `fullyRefunded` once nothing of the payment is kept. Emitted by payments. */
export interface RefundSucceeded {
  paymentId: string;
  orderId: string;
  creatorId: string;
  editorId: string;
  amountPaise: number;
  refundId: string;
  refundAmountPaise: number;
  /** The part this refund took back from the editor's vendor balance at the gateway, if it carried one. */
  vendorSplitPaise: number | null;
  /** All successful refunds of the payment so far. */
  refundedPaise: number;
  fullyRefunded: boolean;
}

/** A payment became an order's payment (the order is paid). Emitted by orders. */
export interface OrderPaid {
  order: OrderRow;
  payment: { id: string; amountPaise: number };
}

/**
 * An order's money was booked in the ledger (issue 27): the commission, the taxes withheld from the
 * share and the editor's net share. Emitted by payouts, in the payment's transaction.
 */
export interface EarningsBooked {
  order: OrderRow;
  paymentId: string;
  grossPaise: number;
  commissionPaise: number;
  gstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
  sharePaise: number;
}

/** A refund was booked against an order's money: what came back from each side. Emitted by payouts, in the refund's transaction. */
export interface EarningsRefundBooked {
  orderId: string;
  refundId: string;
  refundPaise: number;
  editorPaise: number;
  commissionPaise: number;
  gstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
}

/** An order reached `completed` or `cancelled`. Emitted by orders, in the transition's transaction. */
export interface OrderClosed {
  order: OrderRow;
}

/**
 * Orders decided the review of the delivery under review by itself: the order auto-completed
 * (`approved`), or the editor accepted the extra revision the creator asked for (`changes_requested`,
 * with the creator's note). Emitted by orders, in the order's transaction; the deliveries module records
 * the decision on its own row there. (The creator's own approval or request for changes starts in the
 * deliveries module, which records it itself.)
 */
export interface OrderReviewDecided {
  order: OrderRow;
  /** The delivery that was under review (deliveries.id). */
  deliveryId: string;
  /** `settled`: the sides agreed on an amount, and the newest delivery is the final one, whatever its review. */
  outcome: 'approved' | 'changes_requested' | 'settled';
  /** What the creator asked for, with `changes_requested`. */
  note: string | null;
}

/** A dispute was opened on an order: the order is frozen. Emitted by orders, in the dispute's transaction. */
export interface OrderDisputeOpened {
  order: OrderRow;
  disputeId: string;
}

/**
 * An order's open dispute ended: `settled` (the sides agreed, or the order ended by a side's own right),
 * `withdrawn` by the side that opened it, or `decided` by admins (`lost` when against the editor).
 * Emitted by orders, in the transaction that unfroze the order.
 */
export interface OrderDisputeClosed {
  order: OrderRow;
  disputeId: string;
  how: 'settled' | 'withdrawn' | 'decided';
  lost: boolean;
}

/**
 * A gateway dispute (chargeback) on a payment opened (or reopened at a higher stage), was won, or was lost
 * (the gateway took `amountPaise` back from the platform). Emitted by payments, in the webhook's transaction.
 */
export interface GatewayDisputeChanged {
  /** gateway_disputes.id, and the gateway's own dispute id. */
  id: string;
  cfDisputeId: string;
  paymentId: string;
  gatewayOrderId: string;
  cutroomOrderId: string | null;
  outcome: 'opened' | 'won' | 'lost';
  disputeType: string;
  amountPaise: number;
}

/** Where a suspicious text was written, to file it for review. */
export interface FlagPlace {
  source: ModerationSource;
  authorId: string;
  roomId?: string | null;
  messageId?: string | null;
  orderId?: string | null;
}

/** A text people wrote to each other may hide contact details; it was delivered and waits for review. */
export interface ContentSuspected {
  suspicion: Suspicion;
  place: FlagPlace;
}

/**
 * A text was refused for contact details (nothing was stored). Emitted where the refusal leaves the
 * server (lib/contact-refusals.ts: the HTTP error handler, the chat service for sockets).
 */
export interface ContentRefused {
  authorId: string;
  place: ScreenPlace;
  kind: string | null;
  reason: string;
}

/**
 * Every cross-module reaction of the server, by name. Past tense: each says what happened to the
 * emitter's own records. ARCHITECTURE.md lists who emits and who listens.
 */
export interface DomainEventMap {
  'payment.succeeded': PaymentSucceeded;
  'refund.succeeded': RefundSucceeded;
  'order.paid': OrderPaid;
  'order.closed': OrderClosed;
  'earnings.booked': EarningsBooked;
  'earnings.refund_booked': EarningsRefundBooked;
  'order.review_decided': OrderReviewDecided;
  'order.dispute_opened': OrderDisputeOpened;
  'order.dispute_closed': OrderDisputeClosed;
  'gateway_dispute.moved': GatewayDisputeChanged;
  'content.suspected': ContentSuspected;
  'content.refused': ContentRefused;
}
