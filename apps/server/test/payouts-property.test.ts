import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paiseFromRupees } from '@cutroom/contracts';
import {
  chatRooms,
  orderEarnings,
  orders,
  payments,
  payoutAccounts,
  payoutLedger,
  taxDocuments,
} from '../src/db/schema';
import { transition } from '../src/modules/orders/transitions';
import { payoutsContext, type PayoutsContext } from '../src/modules/payouts/context';
import { clearOrder, recordOrderPaid, type EarningsAnnouncer } from '../src/modules/payouts/earnings';
import { applyGatewayDispute } from '../src/modules/payouts/gateway-dispute';
import { recordRefund } from '../src/modules/payouts/refund-earnings';
import { editorBalances } from '../src/modules/payouts/ledger';
import { loadPayoutKey } from '../src/modules/payouts/sealed-details';
import { applySettlement } from '../src/modules/payouts/settlements';
import { startTestServer, type TestServer } from './helpers/server';
import type { TaxProfileFixture } from './helpers/tax';
import { createTestUser } from './helpers/users';
import { expectLedgerBalanced } from './payouts/fixtures';

type Step =
  | { kind: 'pay'; rupees: number; fee: number }
  | { kind: 'complete' | 'clear'; pick: number }
  | { kind: 'refund'; pick: number; fraction: number; full: boolean }
  | { kind: 'settle'; fraction: number }
  | { kind: 'dispute'; pick: number; fraction: number; lost: boolean };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    rupees: fc.integer({ min: 1, max: 50_000 }),
    fee: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({ kind: fc.constantFrom('complete' as const, 'clear' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    full: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('settle' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
  // A chargeback at the gateway: opened (the share is held), then won (released) or lost (taken back).
  fc.record({
    kind: fc.constant('dispute' as const),
    pick: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    lost: fc.boolean(),
  }),
);

/** No profile (5 % TDS), the default (an individual with PAN, exempt), or a registered firm elsewhere (TCS, IGST). */
const taxProfile = fc.constantFrom<TaxProfileFixture | null | undefined>(null, undefined, {
  legalName: 'Prop Firm',
  entityType: 'firm',
  stateCode: '27',
  pan: 'AAPFU0939F',
  gstin: '27AAPFU0939F1ZV',
});

/**
 * The same random sequences as the rules' property test, but through the real services and SQL on this
 * run's database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the server's own jobs running
 * alongside (an order that completes is cleared by its job at once: the clearing period is zero).
 */
describe('payout ledger on the database, over random sequences of pay, complete, refund, clear, settle (early too) and chargebacks won or lost', () => {
  let server: TestServer;
  let ctx: PayoutsContext;

  let announce: EarningsAnnouncer;

  beforeAll(async () => {
    server = await startTestServer();
    ctx = payoutsContext(server.app, loadPayoutKey(server.config));
    // As the payouts module wires it: what is booked is announced on the app's bus (invoices listens).
    announce = {
      booked: (tx, event) => server.app.events.emitInTransaction(tx, 'earnings.booked', event),
      refundBooked: (tx, event) => server.app.events.emitInTransaction(tx, 'earnings.refund_booked', event),
    };
  });
  afterAll(() => server?.close());

  /**
   * Each order's paper ties to its ledger lines to the paisa: the receipt less its refund credit notes is
   * what the customer account still holds; a commission invoice less its credit notes is the commission
   * and the GST the ledger keeps.
   */
  async function expectPaperMatchesLedger(orderId: string) {
    const docs = await server.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
    const lines = await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId));
    const ledger = (account: string) =>
      lines.filter((l) => l.account === account).reduce((sum, l) => sum + Number(l.amountPaise), 0);
    const net = (kind: string, credit: string, field: 'taxablePaise' | 'taxPaise') =>
      docs.filter((d) => d.kind === kind).reduce((sum, d) => sum + d[field], 0) -
      docs.filter((d) => d.kind === credit).reduce((sum, d) => sum + d[field], 0);
    expect(docs.filter((d) => d.kind === 'receipt')).toHaveLength(1);
    expect(net('receipt', 'receipt_credit_note', 'taxablePaise')).toBe(0 - ledger('customer'));
    if (docs.some((d) => d.kind === 'commission_invoice')) {
      expect(net('commission_invoice', 'commission_credit_note', 'taxablePaise')).toBe(
        ledger('platform_commission'),
      );
      expect(net('commission_invoice', 'commission_credit_note', 'taxPaise')).toBe(
        ledger('gst_on_commission'),
      );
    } else {
      expect(docs.filter((d) => d.kind === 'commission_credit_note')).toHaveLength(0);
    }
  }

  it('always balances: payments − refunds = shares + commission; nothing negative without an adjustment', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 20 }),
        taxProfile,
        async (steps, profile) => {
          const creator = await createTestUser(server.db, 'creator');
          const editor = await createTestUser(server.db, 'editor', { taxProfile: profile });
          const vendorId = `ED_${editor.id.replace(/-/g, '')}`;
          await server.db.insert(payoutAccounts).values({
            editorId: editor.id,
            method: 'upi',
            accountHolder: 'Property Test',
            detailsSealed: 'unused',
            masked: 'pr•••@upi',
            vendorId,
          });
          const [room] = await server.db
            .insert(chatRooms)
            .values({ creatorId: creator.id, editorId: editor.id })
            .returning();
          const paid: { orderId: string; paymentId: string }[] = [];
          const pick = (n: number) => paid[n % Math.max(1, paid.length)];

          for (const s of steps) {
            if (s.kind === 'pay') {
              const [order] = await server.db
                .insert(orders)
                .values({
                  roomId: room!.id,
                  creatorId: creator.id,
                  editorId: editor.id,
                  source: 'offer',
                  title: 'Property order',
                  pricePaise: paiseFromRupees(s.rupees),
                  deliveryDays: 3,
                  revisionsIncluded: 1,
                  status: 'in_progress',
                })
                .returning();
              const [payment] = await server.db
                .insert(payments)
                .values({
                  orderId: `prop_${randomUUID().slice(0, 18)}`,
                  paymentSessionId: 'unused',
                  status: 'SUCCESS',
                  amountPaise: paiseFromRupees(s.rupees),
                  creatorId: creator.id,
                  editorId: editor.id,
                  phone: '9876543210',
                  expiresAt: new Date(Date.now() + 3_600_000),
                  cutroomOrderId: order!.id,
                })
                .returning();
              await server.db.transaction(async (tx) => {
                const [paidOrder] = await tx
                  .update(orders)
                  .set({ paymentId: payment!.id, paidAt: new Date() })
                  .where(eq(orders.id, order!.id))
                  .returning();
                await recordOrderPaid(
                  tx,
                  { feePercent: s.fee, clearingSeconds: 0, platformStateCode: '29', splitAfterSeconds: 0 },
                  announce,
                  paidOrder!,
                  {
                    id: payment!.id,
                    amountPaise: payment!.amountPaise,
                  },
                );
              });
              paid.push({ orderId: order!.id, paymentId: payment!.id });
            } else if (s.kind === 'complete') {
              const o = pick(s.pick);
              if (!o) continue;
              await server.db.transaction(async (tx) => {
                const row = await transition(
                  tx,
                  o.orderId,
                  ['in_progress'],
                  { status: 'completed', completedAt: new Date() },
                  { type: 'completed', actor: 'system' },
                );
                // As the orders kernel does: the close is announced in its transaction, and payouts books it.
                if (row) await server.app.events.emitInTransaction(tx, 'order.closed', { order: row });
              });
            } else if (s.kind === 'clear') {
              const o = pick(s.pick);
              if (o) await server.db.transaction((tx) => clearOrder(tx, o.orderId));
            } else if (s.kind === 'refund') {
              const o = pick(s.pick);
              if (!o) continue;
              const [e] = await server.db
                .select()
                .from(orderEarnings)
                .where(eq(orderEarnings.orderId, o.orderId));
              const left = e!.grossPaise - e!.refundedPaise;
              if (left <= 0) continue;
              const amount = s.full ? left : Math.max(1, Math.floor(left * s.fraction));
              await server.db.transaction((tx) =>
                recordRefund(tx, announce, {
                  paymentId: o.paymentId,
                  orderId: 'unused',
                  creatorId: creator.id,
                  editorId: editor.id,
                  amountPaise: e!.grossPaise,
                  refundId: `prop_refund_${randomUUID()}`,
                  refundAmountPaise: amount,
                  vendorSplitPaise: null,
                  refundedPaise: e!.refundedPaise + amount,
                  fullyRefunded: amount === left,
                }),
              );
            } else if (s.kind === 'dispute') {
              const o = pick(s.pick);
              if (!o) continue;
              const [e] = await server.db
                .select()
                .from(orderEarnings)
                .where(eq(orderEarnings.orderId, o.orderId));
              const cfDisputeId = `prop_dispute_${randomUUID()}`;
              const event = {
                id: randomUUID(),
                cfDisputeId,
                paymentId: o.paymentId,
                gatewayOrderId: 'unused',
                cutroomOrderId: o.orderId,
                disputeType: 'CHARGEBACK',
                amountPaise: Math.max(1, Math.floor(e!.grossPaise * s.fraction)),
              };
              await server.db.transaction((tx) =>
                applyGatewayDispute(tx, { ...event, outcome: 'opened' }, announce),
              );
              await server.db.transaction((tx) =>
                applyGatewayDispute(tx, { ...event, outcome: s.lost ? 'lost' : 'won' }, announce),
              );
            } else if (s.kind === 'settle') {
              // The gateway settles on its own schedule: whatever it holds, cleared by us or not yet.
              const { available, pending } = await editorBalances(server.db, editor.id);
              const payable = Math.max(0, available) + pending;
              if (payable <= 0) continue;
              const result = await applySettlement(ctx, {
                kind: 'vendor_settlement',
                orderId: null,
                vendorId,
                settlementId: randomUUID(),
                status: 'SUCCESS',
                amountPaise: Math.max(1, Math.floor(payable * s.fraction)),
                utr: 'PROPUTR',
                reason: null,
                initiatedAt: null,
                settledAt: null,
              });
              expect(result).toBe('applied');
            }
          }

          await expectLedgerBalanced(server);
          const mine = await editorBalances(server.db, editor.id);
          expect(mine.pending).toBeGreaterThanOrEqual(0);
          expect(mine.paidOut).toBeGreaterThanOrEqual(0);
          if (mine.available < 0) {
            const [adjustment] = await server.db
              .select({ n: sql<number>`count(*)` })
              .from(payoutLedger)
              .where(and(eq(payoutLedger.editorId, editor.id), eq(payoutLedger.kind, 'adjustment')));
            expect(Number(adjustment!.n)).toBeGreaterThan(0);
          }
          for (const o of paid) {
            const [e] = await server.db
              .select()
              .from(orderEarnings)
              .where(eq(orderEarnings.orderId, o.orderId));
            // No order's pending share is ever moved twice (by an early settlement and by its clearing).
            const [orderPending] = await server.db
              .select({ paise: sql<string>`coalesce(sum(${payoutLedger.amountPaise}), 0)` })
              .from(payoutLedger)
              .where(and(eq(payoutLedger.orderId, o.orderId), eq(payoutLedger.account, 'editor_pending')));
            expect(Number(orderPending!.paise)).toBeGreaterThanOrEqual(0);
            expect(e!.editorRefundedPaise).toBeLessThanOrEqual(e!.sharePaise);
            if (e!.refundedPaise === e!.grossPaise) expect(e!.editorRefundedPaise).toBe(e!.sharePaise);
            // Each withheld tax is never given back beyond what was withheld, and all of it on a full refund.
            for (const [back, kept] of [
              [e!.gstRefundedPaise, e!.gstPaise],
              [e!.tcsRefundedPaise, e!.tcsPaise],
              [e!.tdsRefundedPaise, e!.tdsPaise],
            ] as const) {
              expect(back).toBeGreaterThanOrEqual(0);
              expect(back).toBeLessThanOrEqual(kept);
              if (e!.refundedPaise === e!.grossPaise) expect(back).toBe(kept);
            }
            const taxAccounts = await server.db
              .select({ account: payoutLedger.account, paise: sql<string>`sum(${payoutLedger.amountPaise})` })
              .from(payoutLedger)
              .where(
                and(
                  eq(payoutLedger.orderId, o.orderId),
                  sql`${payoutLedger.account} in ('gst_on_commission', 'tcs_payable', 'tds_payable', 'platform_commission')`,
                ),
              )
              .groupBy(payoutLedger.account);
            for (const t of taxAccounts) expect(Number(t.paise)).toBeGreaterThanOrEqual(0);
            await expectPaperMatchesLedger(o.orderId);
            // What the ledger says the creator paid for the order, less refunds, is what was kept.
            const [held] = await server.db
              .select({ paise: sql<string>`coalesce(sum(${payoutLedger.amountPaise}), 0)` })
              .from(payoutLedger)
              .where(and(eq(payoutLedger.orderId, o.orderId), sql`${payoutLedger.account} in ('customer')`));
            expect(Number(held!.paise) + e!.grossPaise - e!.refundedPaise).toBe(0);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
