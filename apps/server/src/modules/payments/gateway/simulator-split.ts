import { randomInt } from 'node:crypto';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { simSettlements, simVendorMovements } from './simulator-tables';
import { insertJob } from '../../../lib/jobs/store';
import { cashfreeTime } from './cashfree';
import type {
  EasySplitGateway,
  GatewayAdjustmentInput,
  GatewayOrderSplit,
  GatewayReleaseInput,
  GatewaySplitInput,
  GatewayTransferInput,
  GatewayVendor,
  GatewayVendorBalance,
  GatewayVendorDocumentInput,
  GatewayVendorInput,
  RefundVendorSplit,
} from './split-types';
import { GatewayError } from './types';
import {
  checkRelease,
  checkSplitTiming,
  ON_DEMAND_MINIMUM_PAISE,
  refuse,
  type SplitTiming,
} from './simulator-split-rules';
import { SETTLEMENT_AMOUNTS, settlementWebhook } from './simulator-webhooks';
import { SimulatorVendors } from './simulator-vendors';
import { lockVendor, takeVendorRefundSplits, unsettledPaise } from './simulator-balances';

export const SIMULATOR_SETTLE_JOB = 'simulator.settle-vendor';

export interface SimulatorSplitOptions {
  db: Db;
  /** How long after a balance becomes eligible the simulated gateway settles it (the vendor's schedule). */
  settleAfterMs: () => number;
  /** Defer Settlement (the dashboard's days): a split share is held this long after the payment. */
  deferMs: () => number;
  /** The 2-minute wait after a payment and the order split delay. */
  splitTiming: () => SplitTiming;
  /** The paid amount of a gateway order the payment simulator knows; null when it does not know it. */
  orderPaidPaise: (orderId: string) => number | null | 'unpaid';
  /** When the order was paid and whether it has a refund; null when the simulator does not know it. */
  splitFacts: (orderId: string) => { paidAt: Date | null; refunded: boolean } | null;
  /** Sends a signed webhook to our endpoint (as the payment simulator does). */
  send: (payload: unknown, amountKeys: string[]) => Promise<void>;
  /** How long the simulated KYC review of a vendor takes (default: at once, by a job). */
  reviewAfterMs?: () => number;
}

/**
 * Easy Split as the simulator plays it, kept in the database (sim_* tables) because settlements are
 * money: vendors, every movement of a vendor's balance, and settlements survive a restart. A vendor's
 * eligible balance is settled by a durable job after the schedule; destinations the README names as
 * failing produce VENDOR_SETTLEMENT_FAILED, the rest SUCCESS with a UTR.
 */
export class SimulatorEasySplit implements EasySplitGateway {
  /** Vendors and their KYC (simulator-vendors.ts); tests drive their status through it. */
  readonly vendors: SimulatorVendors;

  constructor(private readonly opts: SimulatorSplitOptions) {
    this.vendors = new SimulatorVendors({
      db: opts.db,
      reviewAfterMs: opts.reviewAfterMs ?? (() => 0),
      send: (payload) => opts.send(payload, []),
      // A vendor unblocked (or through its review) is settled of what became eligible meanwhile.
      onActive: (db, vendorId) => this.scheduleSettlement(db, vendorId, 0),
    });
  }

  createVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    return this.vendors.create(input);
  }

  updateVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    return this.vendors.update(input);
  }

  getVendor(vendorId: string): Promise<GatewayVendor | null> {
    return this.vendors.get(vendorId);
  }

  uploadVendorDocument = (input: GatewayVendorDocumentInput) => this.vendors.uploadDocument(input);

  async getVendorBalance(vendorId: string): Promise<GatewayVendorBalance> {
    if (!(await this.getVendor(vendorId))) throw refuse('vendor does not exist');
    return {
      vendorId,
      vendorUnsettledPaise: await unsettledPaise(this.opts.db, vendorId),
      merchantUnsettledPaise: 0,
    };
  }

  async splitOrder(input: GatewaySplitInput): Promise<void> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
      throw refuse('Amount should be greater than zero');
    }
    const paid = this.opts.orderPaidPaise(input.orderId);
    if (paid === 'unpaid') throw refuse('Order not paid');
    if (typeof paid === 'number' && input.amountPaise > paid) {
      throw refuse('Total split amount can not be greater than transaction amount / eligible split balance');
    }
    const facts = this.opts.splitFacts(input.orderId);
    checkSplitTiming(facts, this.opts.splitTiming());
    // Deferred settlement: held from the payment until the deferral ends or the merchant releases it.
    const from = facts?.paidAt ?? new Date();
    const heldUntil = new Date(from.getTime() + this.opts.deferMs());
    await this.opts.db.transaction(async (tx) => {
      const vendor = await lockVendor(tx, input.vendorId);
      if (!vendor) throw refuse('vendor does not exist');
      if (vendor.status !== 'ACTIVE') throw refuse('vendor is not active');
      const [moved] = await tx
        .insert(simVendorMovements)
        .values({
          vendorId: input.vendorId,
          kind: 'split',
          reference: input.orderId,
          amountPaise: input.amountPaise,
          eligibleAt: heldUntil,
        })
        .onConflictDoNothing()
        .returning();
      if (!moved) {
        throw new GatewayError(
          409,
          'Transaction already processed, not eligible for split',
          true,
          'api_request_failed',
          409,
        );
      }
      const untilEligible = Math.max(0, heldUntil.getTime() - Date.now());
      await this.scheduleSettlement(tx, input.vendorId, untilEligible + this.opts.settleAfterMs());
    });
  }

  async releaseOrderShare(input: GatewayReleaseInput): Promise<void> {
    await this.opts.db.transaction(async (tx) => {
      if (!(await lockVendor(tx, input.vendorId))) throw refuse('Vendor ID does not exist.');
      const [held] = await tx
        .select()
        .from(simVendorMovements)
        .where(
          and(
            eq(simVendorMovements.kind, 'split'),
            eq(simVendorMovements.reference, input.orderId),
            eq(simVendorMovements.vendorId, input.vendorId),
          ),
        );
      checkRelease(
        held ? { settled: held.settlementId !== null, eligibleAt: held.eligibleAt } : null,
        input.eligibleAt,
      );
      await tx
        .update(simVendorMovements)
        .set({ eligibleAt: input.eligibleAt })
        .where(eq(simVendorMovements.id, held!.id));
      const untilEligible = Math.max(0, input.eligibleAt.getTime() - Date.now());
      await this.scheduleSettlement(tx, input.vendorId, untilEligible + this.opts.settleAfterMs());
    });
  }

  async getOrderSplit(orderId: string): Promise<GatewayOrderSplit | null> {
    const rows = await this.opts.db
      .select()
      .from(simVendorMovements)
      .where(and(eq(simVendorMovements.kind, 'split'), eq(simVendorMovements.reference, orderId)));
    if (rows.length === 0) return null;
    return {
      orderId,
      vendors: rows.map((r) => ({
        vendorId: r.vendorId,
        amountPaise: r.amountPaise,
        settlementId: r.settlementId === null ? null : String(r.settlementId),
        eligibleAt: cashfreeTime(r.eligibleAt),
      })),
    };
  }

  async createAdjustment(input: GatewayAdjustmentInput): Promise<void> {
    if (!Number.isInteger(input.amountPaise) || input.amountPaise <= 0) {
      throw refuse('Amount should be greater than zero');
    }
    await this.opts.db.transaction(async (tx) => {
      const vendor = await lockVendor(tx, input.vendorId);
      if (!vendor) throw refuse('vendor does not exist');
      if (input.type === 'DEBIT' && (await unsettledPaise(tx, input.vendorId)) < input.amountPaise) {
        throw refuse('Vendor does not have sufficient balance');
      }
      await tx
        .insert(simVendorMovements)
        .values({
          vendorId: input.vendorId,
          kind: `adjustment_${input.type.toLowerCase()}`,
          reference: String(input.adjustmentId),
          amountPaise: input.type === 'DEBIT' ? -input.amountPaise : input.amountPaise,
          eligibleAt: sql`now()`,
        })
        .onConflictDoNothing();
    });
  }

  async requestTransfer(input: GatewayTransferInput): Promise<{ settlementId: string | null }> {
    if (!(await this.getVendor(input.vendorId))) throw refuse('vendor does not exist');
    if ((await unsettledPaise(this.opts.db, input.vendorId)) < ON_DEMAND_MINIMUM_PAISE) {
      throw refuse('Vendor balance should be greater than or equal to 1000');
    }
    await this.scheduleSettlement(this.opts.db, input.vendorId, 0);
    return { settlementId: null };
  }

  /** A refund carrying refund_splits takes each vendor's part from its unsettled balance. */
  takeRefundSplits(orderId: string, refundId: string, splits: RefundVendorSplit[]): Promise<void> {
    return takeVendorRefundSplits(this.opts.db, orderId, refundId, splits);
  }

  /**
   * One settlement run for a vendor (the durable job): everything eligible and unsettled is settled if
   * it adds up to more than zero and the vendor is active, with INITIATED then SUCCESS or FAILED sent as
   * Cashfree's VENDOR_SETTLEMENT_* webhooks. A failed settlement leaves the money in the balance.
   */
  async settleVendor(vendorId: string): Promise<void> {
    const run = await this.opts.db.transaction(async (tx) => {
      const vendor = await lockVendor(tx, vendorId);
      if (!vendor || vendor.status !== 'ACTIVE') return null;
      const eligible = and(
        eq(simVendorMovements.vendorId, vendorId),
        isNull(simVendorMovements.settlementId),
        lte(simVendorMovements.eligibleAt, sql`now()`),
      );
      const [sum] = await tx
        .select({ paise: sql<string>`coalesce(sum(${simVendorMovements.amountPaise}), 0)` })
        .from(simVendorMovements)
        .where(eligible);
      const amountPaise = Number(sum?.paise ?? 0);
      if (amountPaise <= 0) return null;
      const [settlement] = await tx
        .insert(simSettlements)
        .values({ vendorId, amountPaise, status: 'INITIATED' })
        .returning();
      await tx.update(simVendorMovements).set({ settlementId: settlement!.id }).where(eligible);
      return { settlement: settlement!, failing: vendor.destination.failing, mode: vendor.destination.kind };
    });
    if (!run) return;
    const { settlement } = run;
    await this.opts.send(
      settlementWebhook('VENDOR_SETTLEMENT_INITIATED', settlement, run.mode),
      SETTLEMENT_AMOUNTS,
    );
    const outcome = await this.opts.db.transaction(async (tx) => {
      if (run.failing) {
        await tx
          .update(simVendorMovements)
          .set({ settlementId: null })
          .where(eq(simVendorMovements.settlementId, settlement.id));
        const [failed] = await tx
          .update(simSettlements)
          .set({ status: 'FAILED', reason: 'Beneficiary account could not be credited (simulated bank)' })
          .where(eq(simSettlements.id, settlement.id))
          .returning();
        return failed!;
      }
      const [done] = await tx
        .update(simSettlements)
        .set({ status: 'SUCCESS', utr: `SIMUTR${randomInt(1e9, 9e9)}`, settledAt: sql`now()` })
        .where(eq(simSettlements.id, settlement.id))
        .returning();
      return done!;
    });
    await this.opts.send(
      settlementWebhook(
        outcome.status === 'SUCCESS' ? 'VENDOR_SETTLEMENT_SUCCESS' : 'VENDOR_SETTLEMENT_FAILED',
        outcome,
        run.mode,
      ),
      SETTLEMENT_AMOUNTS,
    );
  }

  private async scheduleSettlement(db: Db, vendorId: string, delayMs: number): Promise<void> {
    await insertJob(db, { kind: SIMULATOR_SETTLE_JOB, payload: { vendorId }, maxAttempts: 5, delayMs });
  }
}
