import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentOf } from '@cutroom/contracts';
import { payoutLedger } from '../src/db/schema';
import { editorPartOfRefund, splitPayment } from '../src/modules/payouts/rules';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom, refundsOf, step } from './orders/fixtures';
import {
  finishedRefunds,
  paidDelivered,
  paise,
  propose,
  refundJobsFinished,
  settledRefunds,
  type Pair,
} from './orders/settlement-fixtures';

interface Case {
  /** Whole rupees, as offers are priced. */
  price: number;
  /** Paise an admin refunded before anyone proposed (0: none). */
  earlier: number;
  /** Where in (0, what remains) the agreed amount falls. */
  fraction: number;
  proposer: 'creator' | 'editor';
}

const caseOf: fc.Arbitrary<Case> = fc
  .record({
    price: fc.integer({ min: 100, max: 200_000 }),
    earlierFraction: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    proposer: fc.constantFrom('creator' as const, 'editor' as const),
  })
  .map(({ price, earlierFraction, fraction, proposer }) => ({
    price,
    // Leave more than ₹1 paid, so that some whole amount can still be agreed below it.
    earlier: earlierFraction === null ? 0 : Math.floor(earlierFraction * (price * 100 - 101)),
    fraction,
    proposer,
  }));

/** The whole rupees agreed: at least ₹1, strictly less than what remains paid. */
function agreedOf(c: Case): number {
  const remaining = c.price * 100 - c.earlier;
  const most = Math.ceil(remaining / 100) - 1;
  return Math.min(most, 1 + Math.floor(c.fraction * most));
}

/**
 * For random prices, platform fees, agreed amounts and earlier admin refunds, through the real server
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): after a settlement, refunds never exceed what was paid,
 * exactly what was paid less what is kept went back, and the editor's share and the commission in the
 * ledger add up to what is kept, split by the fee as the ledger's rule splits any refund. Each fee is a
 * server of its own (the fee is fixed on an order when it is paid).
 */
describe.each([0, 7, 33, 90])(
  'a settlement at a %i % platform fee, over random amounts',
  { timeout: 180_000 },
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

    /** Sums of the ledger's lines of one order, per account. */
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

    it('refunds paid − kept, never more than paid; share + commission = kept, split by the fee', async () => {
      await fc.assert(
        fc.asyncProperty(caseOf, async (c) => {
          const grossPaise = c.price * 100;
          const agreed = agreedOf(c);
          const keptPaise = agreed * 100;
          const { order } = await paidDelivered(api, server, p, { amount: c.price });
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
          const [proposer, answerer] =
            c.proposer === 'creator' ? [p.creator, p.editor] : [p.editor, p.creator];
          await propose(api, proposer, order._id, agreed);
          await step(api, answerer, `/api/orders/${order._id}/settlement/accept`);
          await refundJobsFinished(server, order._id);
          const back = await finishedRefunds(api, admin, gateway);

          // The money that went back.
          const refunds = back.refunds.map((r) => paise(r.amount));
          const total = refunds.reduce((s, r) => s + r, 0);
          expect(total).toBeLessThanOrEqual(grossPaise);
          expect(total).toBe(grossPaise - keptPaise);
          expect(refunds).toEqual(
            c.earlier > 0 ? [c.earlier, grossPaise - c.earlier - keptPaise] : [grossPaise - keptPaise],
          );
          expect(paise(back.remainingAmount)).toBe(keptPaise);

          // Where the kept money is, as the ledger booked it and GET /money reports it.
          const { sharePaise, commissionPaise } = splitPayment(grossPaise, fee);
          const fromEditor = editorPartOfRefund(
            { grossPaise, sharePaise },
            { refundedPaise: 0, editorRefundedPaise: 0 },
            total,
          );
          const editorKeeps = sharePaise - fromEditor;
          const platformKeeps = commissionPaise - (total - fromEditor);
          expect(editorKeeps + platformKeeps).toBe(keptPaise);
          expect(Math.abs(editorKeeps - (keptPaise - percentOf(keptPaise, fee)))).toBeLessThanOrEqual(1);
          const m = await eventually(async () => {
            const res = await api.get(`/api/orders/${order._id}/money`, { token: p.editor.token });
            return paise(res.body.refunded) === total ? res.body : null;
          });
          const ledger = await ledgerOf(order._id);
          expect(ledger.customer).toBe(-keptPaise);
          expect(ledger.editor + ledger.platform).toBe(keptPaise);
          // The taxes give back their own proportion of a refund, each rounded: within two paise.
          expect(Math.abs(ledger.editor - editorKeeps)).toBeLessThanOrEqual(2);
          // GET /money says what the ledger holds: the editor's net, and the rest kept by the platform.
          expect({
            fee: m.feePercent,
            editor: paise(m.editorKeeps),
            platform: paise(m.platformKeeps),
          }).toEqual({ fee, editor: ledger.net, platform: keptPaise - ledger.net });
          // Nothing more goes back later.
          expect(paise((await refundsOf(api, admin, gateway)).refundedAmount)).toBe(total);
        }),
        { numRuns: 6 },
      );
    });
  },
);

/**
 * The same split without a server, over many more cases: the ledger takes an earlier refund and then the
 * settlement's refund one after the other (editorPartOfRefund is cumulative), and what stays must be the
 * kept amount, shared by the fee to the paisa.
 */
describe("the ledger's rule over an earlier refund and then a settlement's", () => {
  it('leaves share + commission = kept, neither negative, the share within a paisa of kept less the fee', () => {
    fc.assert(
      fc.property(caseOf, fc.integer({ min: 0, max: 90 }), (c, fee) => {
        const grossPaise = c.price * 100;
        const keptPaise = agreedOf(c) * 100;
        const order = { grossPaise, ...splitPayment(grossPaise, fee) };
        const first = editorPartOfRefund(order, { refundedPaise: 0, editorRefundedPaise: 0 }, c.earlier);
        const settlementRefund = grossPaise - c.earlier - keptPaise;
        expect(settlementRefund).toBeGreaterThan(0);
        const second = editorPartOfRefund(
          order,
          { refundedPaise: c.earlier, editorRefundedPaise: first },
          settlementRefund,
        );
        const editorKeeps = order.sharePaise - first - second;
        const platformKeeps = order.commissionPaise - (c.earlier + settlementRefund - first - second);
        expect(editorKeeps + platformKeeps).toBe(keptPaise);
        expect(editorKeeps).toBeGreaterThanOrEqual(0);
        expect(platformKeeps).toBeGreaterThanOrEqual(0);
        expect(Math.abs(editorKeeps - (keptPaise - percentOf(keptPaise, fee)))).toBeLessThanOrEqual(1);
      }),
      { numRuns: 2000 },
    );
  });
});
