import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, formatPaise, percentOf, type DisputeDecision } from '@cutroom/contracts';
import { payoutLedger } from '../src/db/schema';
import { editorPartOfRefund, splitPayment } from '../src/modules/payouts/rules';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom, refundsOf } from './orders/fixtures';
import {
  finishedRefunds,
  paidDelivered,
  paidOrder,
  paise,
  refundJobsFinished,
  refundJobsOf,
  settledRefunds,
  type Pair,
} from './orders/settlement-fixtures';
import { NOTE, decide, disputeStep, openDispute, orderRow } from './disputes/fixtures';

interface Case {
  /** Whole rupees, as offers are priced. */
  price: number;
  /** Paise an admin refunded before the dispute (0: none); at least ₹1 stays paid. */
  earlier: number;
  /** Where the order is when the dispute opens. */
  stage: 'in_progress' | 'delivered' | 'completed';
  decision: DisputeDecision;
  /** Where the partial refund falls in [₹1, two rupees more than what remains]: sometimes too much. */
  fraction: number;
}

const caseOf: fc.Arbitrary<Case> = fc
  .record({
    price: fc.integer({ min: 100, max: 200_000 }),
    earlierFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    stage: fc.constantFrom('in_progress' as const, 'delivered' as const, 'completed' as const),
    decision: fc.constantFrom<DisputeDecision>(
      'full_refund',
      'partial_refund',
      'release',
      'cancel_no_refund',
    ),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ price, earlierFraction, stage, decision, fraction }) => ({
    price,
    earlier: earlierFraction === null ? 0 : Math.floor(earlierFraction * (price * 100 - 100)),
    stage,
    decision,
    fraction,
  }));

/** The partial refund asked for, in whole rupees: from ₹1 to two rupees above what remains paid. */
function askedOf(c: Case): number {
  const wholeRupeesLeft = Math.floor((c.price * 100 - c.earlier) / 100);
  return 1 + Math.floor(c.fraction * (wholeRupeesLeft + 2));
}

/**
 * For random prices, platform fees, earlier refunds, orders in progress, delivered or completed, decisions and partial
 * amounts, through the real server (PGlite, or PostgreSQL with TEST_DATABASE_URL): a refund larger than
 * what remains paid is refused and moves nothing; otherwise exactly what the decision says goes back, all
 * the refunds together never exceed what was paid, and the editor's share and the commission in the
 * ledger add up to what is kept, split by the fee as the ledger splits any refund. Each fee is a server of
 * its own (the fee is fixed on an order when it is paid).
 */
describe.each([0, 20, 37])(
  'a dispute decided at a %i % platform fee, over random amounts',
  { timeout: 240_000 },
  (fee) => {
    let server: TestServer;
    let api: ApiClient;
    let admin: TestUser;
    let p: Pair;

    beforeAll(async () => {
      server = await startTestServer({ PLATFORM_FEE_PERCENT: String(fee) });
      api = apiClient(server.url);
      const [creator, editor] = await Promise.all([
        createTestUser(server.db, 'creator'),
        createTestUser(server.db, 'editor'),
      ]);
      admin = await createTestUser(server.db, 'admin');
      p = { creator, editor, roomId: await openRoom(api, creator, editor) };
    });
    afterAll(() => server?.close());

    async function ledgerOf(orderId: string) {
      const lines = await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId));
      const sum = (accounts: string[]) =>
        lines.filter((l) => accounts.includes(l.account)).reduce((s, l) => s + Number(l.amountPaise), 0);
      return {
        customer: sum(['customer']),
        /** What the editor holds: their share after the taxes withheld from it. */
        net: sum(['editor_pending', 'editor_available', 'editor_paid_out']),
        // The editor's side before tax: what they hold and the TCS and TDS withheld from it (the shared
        // editor crosses the ₹5 lakh TDS limit over the runs); the platform's: the fee, GST inside.
        editor: sum(['editor_pending', 'editor_available', 'editor_paid_out', 'tcs_payable', 'tds_payable']),
        platform: sum(['platform_commission', 'gst_on_commission']),
      };
    }

    it('refunds what the decision says, never more than paid; share + commission = kept, split by the fee', async () => {
      await fc.assert(
        fc.asyncProperty(caseOf, async (c) => {
          const grossPaise = c.price * 100;
          const remaining = grossPaise - c.earlier;
          const delivered = c.stage !== 'in_progress';
          const made = delivered
            ? await paidDelivered(api, server, p, { amount: c.price })
            : { order: await paidOrder(api, server, p, { amount: c.price }), deliveryId: null };
          const { order } = made;
          if (c.stage === 'completed') {
            const res = await api.post(
              `/api/deliveries/${made.deliveryId}/approve`,
              {},
              { token: p.creator.token },
            );
            expect(res.status).toBe(200);
          }
          const gateway = order.paymentOrderId!;
          if (c.earlier > 0) {
            const res = await api.post(
              `/api/payment/refund/${gateway}`,
              { refundAmount: c.earlier / 100, refundNote: 'Goodwill for the delay' },
              { token: admin.token },
            );
            expect(res.status).toBe(201);
            await settledRefunds(api, admin, gateway, c.earlier / 100);
          }
          const d = await openDispute(api, delivered ? p.creator : p.editor, order._id);
          await disputeStep(api, delivered ? p.editor : p.creator, d._id, 'answer');
          await disputeStep(api, p.creator, d._id, 'escalate');

          let decision = c.decision;
          let refundPaise = 0;
          if (c.decision === 'partial_refund') {
            const asked = askedOf(c);
            if (asked * 100 > remaining) {
              const res = await api.post(
                `/api/admin/disputes/${d._id}/decide`,
                { decision: 'partial_refund', amount: asked, note: NOTE },
                { token: admin.token },
              );
              expect([res.status, res.body.message]).toEqual([
                409,
                DISPUTE_MESSAGES.refundTooLarge(formatPaise(remaining)),
              ]);
              expect(await refundJobsOf(server, order._id)).toEqual([]);
              decision = 'release';
            } else {
              refundPaise = asked * 100;
              await decide(api, admin, d._id, 'partial_refund', asked);
            }
          }
          if (decision === 'cancel_no_refund' && c.stage === 'completed') {
            const res = await api.post(
              `/api/admin/disputes/${d._id}/decide`,
              { decision, note: NOTE },
              { token: admin.token },
            );
            expect([res.status, res.body.message]).toEqual([409, DISPUTE_MESSAGES.completedNotCancelled]);
            decision = 'release';
          }
          if (decision !== 'partial_refund') {
            await decide(api, admin, d._id, decision);
            if (decision === 'full_refund') refundPaise = remaining;
          }
          const total = c.earlier + refundPaise;
          const keptPaise = grossPaise - total;

          // Where the order ended.
          const row = await orderRow(server, order._id);
          const cancels =
            decision === 'full_refund' ||
            decision === 'cancel_no_refund' ||
            (decision === 'partial_refund' && c.stage === 'in_progress');
          expect(row).toMatchObject({ status: cancels ? 'cancelled' : 'completed', disputeId: null });

          // The money that went back.
          if (refundPaise > 0) {
            expect(await refundJobsFinished(server, order._id)).toHaveLength(1);
            const back = await finishedRefunds(api, admin, gateway);
            await eventually(
              async () => paise((await refundsOf(api, admin, gateway)).refundedAmount) === total,
            );
            expect(paise(back.amount)).toBe(grossPaise);
          } else {
            expect(await refundJobsOf(server, order._id)).toEqual([]);
          }
          const back = await refundsOf(api, admin, gateway);
          const refunds = back.refunds.map((r) => paise(r.amount));
          expect(refunds.reduce((s, r) => s + r, 0)).toBe(total);
          expect(total).toBeLessThanOrEqual(grossPaise);
          expect(paise(back.remainingAmount)).toBe(keptPaise);

          // Where the kept money is, as the ledger booked it.
          const { sharePaise, commissionPaise } = splitPayment(grossPaise, fee);
          const first = editorPartOfRefund(
            { grossPaise, sharePaise },
            { refundedPaise: 0, editorRefundedPaise: 0 },
            c.earlier,
          );
          const second = editorPartOfRefund(
            { grossPaise, sharePaise },
            { refundedPaise: c.earlier, editorRefundedPaise: first },
            refundPaise,
          );
          const editorKeeps = sharePaise - first - second;
          const platformKeeps = commissionPaise - (total - first - second);
          expect(editorKeeps + platformKeeps).toBe(keptPaise);
          expect(editorKeeps).toBeGreaterThanOrEqual(0);
          expect(platformKeeps).toBeGreaterThanOrEqual(0);
          expect(Math.abs(editorKeeps - (keptPaise - percentOf(keptPaise, fee)))).toBeLessThanOrEqual(1);
          const ledger = await eventually(async () => {
            const l = await ledgerOf(order._id);
            return l.customer === -keptPaise ? l : null;
          });
          // (0, not -0, when everything went back.) The taxes give back their own proportion of a refund,
          // each rounded to the paisa, so the editor's side may differ from one rounding by two paise.
          expect(ledger.customer).toBe(keptPaise ? -keptPaise : 0);
          expect(ledger.editor + ledger.platform).toBe(keptPaise);
          expect(Math.abs(ledger.editor - editorKeeps)).toBeLessThanOrEqual(2);
        }),
        { numRuns: 8 },
      );
    });
  },
);
