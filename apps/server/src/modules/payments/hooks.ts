import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentSucceeded, RefundSucceeded } from '../../events';
import type { GatewayEvent } from './webhook-format';

/** Old names of the payment events, kept for readers of payments' face. */
export type PaymentSucceededEvent = PaymentSucceeded;
export type PaymentRefundedEvent = RefundSucceeded;

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

/** A VENDOR_STATUS_UPDATE from the gateway; applied by the payouts module. */
export type VendorStatusHandler = (
  event: Extract<GatewayEvent, { kind: 'vendor_status' }>,
) => Promise<'applied' | 'duplicate' | 'ignored'>;

/**
 * Questions payments asks of the module that owns editors' money (payouts), which plugs its answers in:
 * payments cannot import payouts (it sits below it), and these are answers, not reactions, so they are
 * not events.
 */
export class PayoutPorts {
  private refundPlanner: RefundSplitPlanner | null = null;
  private settlementHandler: VendorSettlementHandler | null = null;
  private vendorStatusHandler: VendorStatusHandler | null = null;
  private vendorLookup: ((editorId: string) => Promise<string | null>) | null = null;
  private payoutReconciler: ((runId: string) => Promise<number>) | null = null;

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

  /** Reconciliation's payouts part: finds shares whose split was never sent; returns how many it checked. */
  reconcilePayoutsWith(reconciler: (runId: string) => Promise<number>): void {
    this.payoutReconciler = reconciler;
  }

  async reconcilePayouts(runId: string): Promise<number> {
    return this.payoutReconciler ? this.payoutReconciler(runId) : 0;
  }

  /** How a refund sent again finds the vendor its refund_splits named (the editor's, whatever its state). */
  findVendorsWith(lookup: (editorId: string) => Promise<string | null>): void {
    this.vendorLookup = lookup;
  }

  async vendorIdOf(editorId: string): Promise<string | null> {
    return this.vendorLookup ? this.vendorLookup(editorId) : null;
  }

  handleVendorSettlementsWith(handler: VendorSettlementHandler): void {
    this.settlementHandler = handler;
  }

  handleVendorStatusWith(handler: VendorStatusHandler): void {
    this.vendorStatusHandler = handler;
  }

  async applyVendorStatus(
    event: Extract<GatewayEvent, { kind: 'vendor_status' }>,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.vendorStatusHandler ? this.vendorStatusHandler(event) : 'ignored';
  }

  async applyVendorSettlement(
    event: Extract<GatewayEvent, { kind: 'vendor_settlement' }>,
  ): Promise<'applied' | 'duplicate' | 'ignored'> {
    return this.settlementHandler ? this.settlementHandler(event) : 'ignored';
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers payouts gives payments (see PayoutPorts); made by the payments plugin. */
    payoutPorts: PayoutPorts;
  }
}

/** The ports of the server instance `app` belongs to. */
export function paymentHooks(app: FastifyInstance): PayoutPorts {
  return app.payoutPorts;
}
