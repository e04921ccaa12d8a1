import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TierTitle } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { GatewayEvent } from './webhook-format';

/** A payment became SUCCESS (exactly once per payment). */
export interface PaymentSucceededEvent {
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

/**
 * Runs inside the transaction that marks a payment SUCCESS, so what depends on it (the order becoming
 * paid) commits with it or not at all. May return work to do after the commit.
 */
export type InTransactionListener<E> = (tx: Db, event: E) => Promise<(() => Promise<void>) | void>;

/** A refund of a payment reached SUCCESS; `fullyRefunded` once nothing of the payment is kept. */
export interface PaymentRefundedEvent {
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

type Listener<E> = (event: E) => void | Promise<void>;

/** The vendor split a refund carries (Cashfree's refund_splits), decided with the payment row locked. */
export interface RefundVendorShare {
  vendorId: string;
  amountPaise: number;
}
export type RefundSplitPlanner = (
  tx: Db,
  payment: { id: string; orderId: string; amountPaise: number },
  refundPaise: number,
) => Promise<RefundVendorShare | null>;

/** A VENDOR_SETTLEMENT_* event from the gateway; applied by the payouts module. */
export type VendorSettlementHandler = (
  event: Extract<GatewayEvent, { kind: 'vendor_settlement' }>,
) => Promise<'applied' | 'duplicate' | 'ignored'>;

/** In-process listeners of one server instance; other modules react to payments through these. */
export class PaymentHooks {
  private readonly succeeded: Listener<PaymentSucceededEvent>[] = [];
  private readonly refunded: Listener<PaymentRefundedEvent>[] = [];
  private readonly succeededInTx: InTransactionListener<PaymentSucceededEvent>[] = [];
  private readonly refundedInTx: InTransactionListener<PaymentRefundedEvent>[] = [];
  private refundPlanner: RefundSplitPlanner | null = null;
  private settlementHandler: VendorSettlementHandler | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  onSucceeded(listener: Listener<PaymentSucceededEvent>): () => void {
    return add(this.succeeded, listener);
  }

  onRefunded(listener: Listener<PaymentRefundedEvent>): () => void {
    return add(this.refunded, listener);
  }

  onSucceededInTransaction(listener: InTransactionListener<PaymentSucceededEvent>): () => void {
    return add(this.succeededInTx, listener);
  }

  onRefundedInTransaction(listener: InTransactionListener<PaymentRefundedEvent>): () => void {
    return add(this.refundedInTx, listener);
  }

  /** One planner decides what part of a refund comes back from the editor's vendor balance. */
  planRefundSplitsWith(planner: RefundSplitPlanner): void {
    this.refundPlanner = planner;
  }

  async planRefundSplit(
    tx: Db,
    payment: { id: string; orderId: string; amountPaise: number },
    refundPaise: number,
  ): Promise<RefundVendorShare | null> {
    return this.refundPlanner ? this.refundPlanner(tx, payment, refundPaise) : null;
  }

  handleVendorSettlementsWith(handler: VendorSettlementHandler): void {
    this.settlementHandler = handler;
  }

  async applyVendorSettlement(
    event: Extract<GatewayEvent, { kind: 'vendor_settlement' }>,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.settlementHandler ? this.settlementHandler(event) : 'ignored';
  }

  /** Inside the refund's transaction (it reached SUCCESS): a failing listener fails the transaction. */
  async runRefundedInTransaction(tx: Db, event: PaymentRefundedEvent): Promise<(() => Promise<void>)[]> {
    const after: (() => Promise<void>)[] = [];
    for (const listener of this.refundedInTx) {
      const then = await listener(tx, event);
      if (then) after.push(then);
    }
    return after;
  }

  /** Inside the payment's transaction: a failing listener fails the transaction (the event is retried). */
  async runSucceededInTransaction(tx: Db, event: PaymentSucceededEvent): Promise<(() => Promise<void>)[]> {
    const after: (() => Promise<void>)[] = [];
    for (const listener of this.succeededInTx) {
      const then = await listener(tx, event);
      if (then) after.push(then);
    }
    return after;
  }

  /** Runs after the change is committed; a failing listener is logged and never undoes the payment. */
  async emitSucceeded(event: PaymentSucceededEvent): Promise<void> {
    await run(this.succeeded, event, this.log, 'payment succeeded');
  }

  async emitRefunded(event: PaymentRefundedEvent): Promise<void> {
    await run(this.refunded, event, this.log, 'payment refunded');
  }
}

function add<L>(list: L[], listener: L): () => void {
  list.push(listener);
  return () => {
    const i = list.indexOf(listener);
    if (i >= 0) list.splice(i, 1);
  };
}

async function run<E>(list: Listener<E>[], event: E, log: FastifyBaseLogger, what: string): Promise<void> {
  const results = await Promise.allSettled([...list].map(async (l) => l(event)));
  for (const r of results) {
    if (r.status === 'rejected') log.error({ err: r.reason }, `a "${what}" listener failed`);
  }
}

const registry = new WeakMap<object, PaymentHooks>();

/** The hooks of the server instance `app` belongs to (shared by every plugin context of it). */
export function paymentHooks(app: FastifyInstance): PaymentHooks {
  let hooks = registry.get(app.server);
  if (!hooks) {
    hooks = new PaymentHooks(app.log);
    registry.set(app.server, hooks);
  }
  return hooks;
}

/** Subscribe to payments becoming SUCCESS. Returns an unsubscribe function. */
export function onPaymentSucceeded(app: FastifyInstance, listener: Listener<PaymentSucceededEvent>) {
  return paymentHooks(app).onSucceeded(listener);
}

/** Work that must commit with a payment becoming SUCCESS. Returns an unsubscribe function. */
export function onPaymentSucceededInTransaction(
  app: FastifyInstance,
  listener: InTransactionListener<PaymentSucceededEvent>,
) {
  return paymentHooks(app).onSucceededInTransaction(listener);
}

/** Work that must commit with a refund reaching SUCCESS. Returns an unsubscribe function. */
export function onPaymentRefundedInTransaction(
  app: FastifyInstance,
  listener: InTransactionListener<PaymentRefundedEvent>,
) {
  return paymentHooks(app).onRefundedInTransaction(listener);
}

/** Subscribe to refunds reaching SUCCESS (check `fullyRefunded`). Returns an unsubscribe function. */
export function onPaymentRefunded(app: FastifyInstance, listener: Listener<PaymentRefundedEvent>) {
  return paymentHooks(app).onRefunded(listener);
}
