import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rupeesFromPaise } from '@cutroom/contracts';
import { orderEarnings, payments, payoutAccounts, payoutAdjustments, payoutLedger } from '../src/db/schema';
import { simVendorMovements } from '../src/modules/payments/gateway/simulator-tables';
import { simulatorSplitsFor } from '../src/modules/payments/gateway';
import { payoutsContext, type PayoutsContext } from '../src/modules/payouts/context';
import { clearOrder } from '../src/modules/payouts/earnings';
import { loadPayoutKey } from '../src/modules/payouts/sealed-details';
import { splitOrderShare } from '../src/modules/payouts/splits';
import { releaseHold } from '../src/modules/payouts/vendors';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, openRoom, payOrder, sendOffer } from './orders/fixtures';
import { activePayoutAccount, BANK, completedPaidOrder, expectLedgerBalanced } from './payouts/fixtures';

describe('payouts: refunds, races and gateway failures keep one consistent ledger', () => {
  let server: TestServer;
  let api: ApiClient;
  let ctx: PayoutsContext;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    ctx = payoutsContext(server.app, loadPayoutKey(server.config));
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const earningsOf = async (orderId: string) =>
    (await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)))[0]!;
  const vendorOf = async (editor: TestUser) =>
    (await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id)))[0]!
      .vendorId;
  const gatewayBalance = async (vendorId: string) =>
    (await ctx.gateway.getVendorBalance(vendorId)).vendorUnsettledPaise;
  const refund = async (gatewayOrderId: string, refundAmount: number | null) => {
    const res = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { ...(refundAmount === null ? { full: true } : { refundAmount }), refundNote: 'Ledger test refund' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
  };
  /** Moves an order past its clearing period and the simulated gateway past its settlement date. */
  const clearAndSettle = async (orderId: string, vendorId: string) => {
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: sql`now()` })
      .where(eq(orderEarnings.orderId, orderId));
    await server.db.transaction((tx) => clearOrder(tx, orderId));
    await server.db
      .update(simVendorMovements)
      .set({ eligibleAt: sql`now()` })
      .where(eq(simVendorMovements.vendorId, vendorId));
    await simulatorSplitsFor(server.app)!.settleVendor(vendorId);
  };
  const balances = async (editor: TestUser) =>
    (await api.get('/api/earnings', { token: editor.token })).body.balances;

  it('gives one ledger, and the same balance at the gateway, when a refund races the split (×4)', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const vendorId = await vendorOf(editor);
    const roomId = await openRoom(api, creator, editor);
    let expectedAtGateway = 0;
    for (let i = 0; i < 4; i++) {
      const offer = await sendOffer(api, editor, roomId, { amount: 1999, revisions: 1, deliveryDays: 3 });
      await acceptOffer(api, creator, offer._id, true);
      await payOrder(api, server, creator, offer._id);
      const gatewayOrderId = await gatewayOrderOf(offer._id);
      // Split and refund at once: whichever takes the order's earnings first, the other sees it.
      await Promise.all([splitOrderShare(ctx, offer._id), refund(gatewayOrderId, 500)]);
      const settled = await eventually(async () => {
        const e = await earningsOf(offer._id);
        const [pendingAdjustment] = await server.db
          .select()
          .from(payoutAdjustments)
          .where(eq(payoutAdjustments.orderId, offer._id));
        return e.refundedPaise === 50_000 &&
          e.splitState === 'done' &&
          pendingAdjustment?.state !== 'requested'
          ? e
          : null;
      });
      // ₹500 of ₹1,999 back: the editor gives 80% of it, to the paisa (floor(50000 × 159920 / 199900)).
      expect(settled.editorRefundedPaise).toBe(40_000);
      expectedAtGateway += settled.sharePaise - settled.editorRefundedPaise;
      expect(await gatewayBalance(vendorId)).toBe(expectedAtGateway);
      await expectLedgerBalanced(server);
    }
    expect((await balances(editor)).pending).toBe(rupeesFromPaise(expectedAtGateway));
  });

  it('recovers a refund after payout from the next earnings: a negative balance, an adjustment, a Retry', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const vendorId = await vendorOf(editor);
    const first = await completedPaidOrder(api, server, creator, editor, 1999);
    await eventually(async () => (await earningsOf(first.orderId)).splitState === 'done');
    await clearAndSettle(first.orderId, vendorId);
    await eventually(async () => (await balances(editor)).paidOut === 1599.2);

    await refund(first.gatewayOrderId, null);
    const failed = await eventually(async () => {
      const list = (await api.get('/api/admin/payouts/failures', { token: admin.token })).body.items;
      return list.find(
        (f: { kind: string; editor: { id: string } }) => f.kind === 'adjustment' && f.editor.id === editor.id,
      );
    });
    expect(failed).toMatchObject({ amount: 1599.2, reason: 'Vendor does not have sufficient balance' });
    expect(await balances(editor)).toEqual({ available: -1599.2, pending: 0, paidOut: 1599.2 });
    const kinds = await server.db
      .select({ kind: payoutLedger.kind })
      .from(payoutLedger)
      .where(eq(payoutLedger.orderId, first.orderId));
    expect(kinds.map((k) => k.kind)).toContain('adjustment');
    const rows = (await api.get('/api/earnings/orders', { token: editor.token })).body.items;
    expect(rows.find((r: { orderId: string }) => r.orderId === first.orderId)).toMatchObject({
      state: 'refunded',
      share: 0,
      gross: 0,
    });

    // The next order's share reaches the gateway; Retry takes the refund's part from it.
    const second = await completedPaidOrder(api, server, creator, editor, 1999);
    await eventually(async () => (await earningsOf(second.orderId)).splitState === 'done');
    const retried = await api.post(`/api/admin/payouts/failures/adjustment/${failed.id}/retry`, undefined, {
      token: admin.token,
    });
    expect(retried.status).toBe(200);
    const again = await api.post(`/api/admin/payouts/failures/adjustment/${failed.id}/retry`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
    await eventually(async () => {
      const [a] = await server.db.select().from(payoutAdjustments).where(eq(payoutAdjustments.id, failed.id));
      return a?.state === 'done';
    });
    expect(await gatewayBalance(vendorId)).toBe(0);
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: sql`now()` })
      .where(eq(orderEarnings.orderId, second.orderId));
    await server.db.transaction((tx) => clearOrder(tx, second.orderId));
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 1599.2 });
    await expectLedgerBalanced(server);
  });

  it("shows a failed settlement with the gateway's reason and settles again on Retry", async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    // The simulated bank refuses every settlement to an account ending 0000 (README).
    await activePayoutAccount(api, editor, { ...BANK, accountNumber: '123456780000' });
    const vendorId = await vendorOf(editor);
    const order = await completedPaidOrder(api, server, creator, editor, 999);
    await eventually(async () => (await earningsOf(order.orderId)).splitState === 'done');
    await clearAndSettle(order.orderId, vendorId);
    const failure = await eventually(async () => {
      const list = (await api.get('/api/admin/payouts/failures', { token: admin.token })).body.items;
      return list.find(
        (f: { kind: string; editor: { id: string } }) => f.kind === 'settlement' && f.editor.id === editor.id,
      );
    });
    expect(failure.reason).toContain('could not be credited');
    expect(await balances(editor)).toEqual({ available: 799.2, pending: 0, paidOut: 0 });
    const summary = (await api.get('/api/earnings', { token: editor.token })).body;
    expect(summary.settlements[0]).toMatchObject({ status: 'FAILED', amount: 799.2 });

    const retry = () =>
      api.post(`/api/admin/payouts/failures/settlement/${failure.id}/retry`, undefined, {
        token: admin.token,
      });
    // Cashfree transfers on demand only from ₹1,000 of vendor balance: ₹799.20 waits for the schedule.
    const tooLittle = await retry();
    expect(tooLittle.status).toBe(400);
    expect(tooLittle.body.message).toBe(
      'The gateway pays on demand only from ₹1,000 of vendor balance, and this vendor holds ₹799.20. It goes out with the next scheduled settlement.',
    );
    // A second order's split brings the vendor's balance to ₹1,598.40.
    const second = await completedPaidOrder(api, server, creator, editor, 999);
    await eventually(async () => (await earningsOf(second.orderId)).splitState === 'done');
    expect(await gatewayBalance(vendorId)).toBe(159_840);
    expect((await retry()).status).toBe(200);
    // The account still refuses money: a second settlement, failed again, and the money still ours.
    await eventually(async () => {
      const s = (await api.get('/api/earnings', { token: editor.token })).body.settlements;
      return s.length === 2 && s.every((x: { status: string }) => x.status === 'FAILED');
    });
    expect(await balances(editor)).toEqual({ available: 799.2, pending: 799.2, paidOut: 0 });
    await expectLedgerBalanced(server);
  });

  it('holds a changed account for 24 hours: the split waits, and goes when the hold ends', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const changed = await api.put(
      '/api/earnings/payout-details',
      { method: 'upi', accountHolder: 'Ravi K', phone: '9876543210', vpa: 'ravi.k@okaxis' },
      { token: editor.token },
    );
    expect(changed.status).toBe(200);
    const vendorId = await vendorOf(editor);
    await eventually(async () => (await ctx.gateway.getVendor(vendorId))?.status === 'BLOCKED');
    const order = await completedPaidOrder(api, server, creator, editor, 999);
    await eventually(async () => (await earningsOf(order.orderId)).splitState === 'waiting');
    expect(await gatewayBalance(vendorId)).toBe(0);

    // The hold ends (moved into the past rather than waited for): the vendor is active again, the split goes.
    await server.db
      .update(payoutAccounts)
      .set({ heldUntil: sql`now() - interval '1 second'` })
      .where(eq(payoutAccounts.editorId, editor.id));
    await releaseHold(ctx, editor.id);
    expect((await ctx.gateway.getVendor(vendorId))?.status).toBe('ACTIVE');
    await eventually(async () => (await earningsOf(order.orderId)).splitState === 'done');
    expect(await gatewayBalance(vendorId)).toBe(79_920);
  });

  it('refuses a vendor the gateway will not create, with its reason, and never changes a ledger line', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await api.put(
      '/api/earnings/payout-details',
      { ...BANK, accountNumber: '000000000000' },
      { token: editor.token },
    );
    const account = await eventually(async () => {
      const res = await api.get('/api/earnings', { token: editor.token });
      return res.body.payoutAccount?.vendorState === 'failed' ? res.body.payoutAccount : null;
    });
    expect(account.vendorError).toContain('Invalid bank account number');
    await expect(server.db.execute(sql`update payout_ledger set amount_paise = 0`)).rejects.toThrow();
    await expect(server.db.execute(sql`delete from payout_ledger`)).rejects.toThrow();
  });

  async function gatewayOrderOf(orderId: string): Promise<string> {
    const [row] = await server.db
      .select({ id: payments.orderId })
      .from(payments)
      .where(and(eq(payments.cutroomOrderId, orderId), eq(payments.status, 'SUCCESS')));
    return row!.id;
  }
});
