import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderEarnings, payments, payoutAccounts, payoutAdjustments } from '../src/db/schema';
import { simulatorFor, simulatorSplitsFor } from '../src/modules/payments/gateway';
import { simVendorMovements } from '../src/modules/payments/gateway/simulator-tables';
import { payoutsContext, type PayoutsContext } from '../src/modules/payouts/context';
import { clearOrder } from '../src/modules/payouts/earnings';
import { PAYOUT_JOBS } from '../src/modules/payouts/jobs';
import { loadPayoutKey } from '../src/modules/payouts/sealed-details';
import { SplitTooSoon, splitOrderShare } from '../src/modules/payouts/splits';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { activePayoutAccount, completedPaidOrder, expectLedgerBalanced } from './payouts/fixtures';

/**
 * Cashfree's timing, with its real values: a split no sooner than 2 minutes after the payment and no
 * later than the order split delay, none after a refund, and the share held (deferred settlement) until
 * Cutroom releases it when it clears.
 */
describe('payouts: split at payment, held at the gateway until it clears', () => {
  let server: TestServer;
  let api: ApiClient;
  let ctx: PayoutsContext;
  let admin: TestUser;
  let creator: TestUser;

  beforeAll(async () => {
    server = await startTestServer({
      PAYOUT_SPLIT_AFTER_SECONDS: '150',
      SIMULATOR_SPLIT_WAIT_SECONDS: '120',
      SIMULATOR_SETTLEMENT_DELAY_SECONDS: '1',
    });
    api = apiClient(server.url);
    ctx = payoutsContext(server.app, loadPayoutKey(server.config));
    [admin, creator] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
    ]);
  });
  afterAll(() => server?.close());

  const earningsOf = async (orderId: string) =>
    (await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)))[0]!;
  const balances = async (editor: TestUser) =>
    (await api.get('/api/earnings', { token: editor.token })).body.balances;
  const vendorOf = async (editor: TestUser) =>
    (await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id)))[0]!
      .vendorId;
  /** Moves the payment `ms` into the past, in our books and at the simulated gateway alike. */
  const paidAgo = async (orderId: string, gatewayOrderId: string, ms: number) => {
    const at = new Date(Date.now() - ms);
    await server.db.update(orderEarnings).set({ paidAt: at }).where(eq(orderEarnings.orderId, orderId));
    const [payment] = await server.db.select().from(payments).where(eq(payments.orderId, gatewayOrderId));
    const session = simulatorFor(server.app)!.checkoutSession(payment!.paymentSessionId)!;
    for (const p of session.payments) p.time = at.toISOString();
  };
  const clearNow = async (orderId: string) => {
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: sql`now()` })
      .where(eq(orderEarnings.orderId, orderId));
    expect(await server.db.transaction((tx) => clearOrder(tx, orderId))).toBe(true);
  };
  const settle = (vendorId: string) => simulatorSplitsFor(server.app)!.settleVendor(vendorId);
  const editorWithOrder = async (amount: number) => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const order = await completedPaidOrder(api, server, creator, editor, amount);
    return { editor, order, vendorId: await vendorOf(editor) };
  };

  it('splits about two and a half minutes after the payment, never sooner, and pays out only once cleared', async () => {
    const { editor, order, vendorId } = await editorWithOrder(1999);
    const [job] = await server.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, PAYOUT_JOBS.split), sql`${jobs.payload}->>'orderId' = ${order.orderId}`));
    const delay = (job!.runAfter.getTime() - job!.createdAt.getTime()) / 1000;
    expect(delay).toBeGreaterThanOrEqual(149);
    expect(delay).toBeLessThanOrEqual(152);
    // Sent now, the split would be refused: our job will not send it, and the gateway says why.
    await expect(splitOrderShare(ctx, order.orderId)).rejects.toBeInstanceOf(SplitTooSoon);
    await expect(
      simulatorSplitsFor(server.app)!.splitOrder({
        orderId: order.gatewayOrderId,
        vendorId,
        amountPaise: 100,
      }),
    ).rejects.toThrow(/only 2 minutes after the payment/);
    expect((await earningsOf(order.orderId)).splitState).toBe('none');

    await paidAgo(order.orderId, order.gatewayOrderId, 3 * 60_000);
    await splitOrderShare(ctx, order.orderId);
    expect(await earningsOf(order.orderId)).toMatchObject({ splitState: 'done', splitPaise: 159_920 });
    // Held by deferred settlement: the gateway's schedule pays nothing before we release it.
    await settle(vendorId);
    expect(await balances(editor)).toEqual({ available: 0, pending: 1599.2, paidOut: 0 });
    const [held] = await server.db
      .select()
      .from(simVendorMovements)
      .where(and(eq(simVendorMovements.vendorId, vendorId), eq(simVendorMovements.kind, 'split')));
    expect(held!.eligibleAt.getTime()).toBeGreaterThan(Date.now() + 50 * 86_400_000);

    await clearNow(order.orderId);
    await eventually(async () => (await balances(editor)).paidOut === 1599.2, 20_000);
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 1599.2 });
    await expectLedgerBalanced(server);
  });

  it('misses a split past its window: Cutroom pays the share from its own balance when it clears', async () => {
    const { editor, order, vendorId } = await editorWithOrder(1499);
    await paidAgo(order.orderId, order.gatewayOrderId, 21 * 3_600_000);
    await splitOrderShare(ctx, order.orderId);
    const missed = await earningsOf(order.orderId);
    expect(missed.splitState).toBe('missed');
    expect(missed.splitError).toMatch(/split window passed/);
    // The gateway agrees: past its own window (24 h in the simulator, T+1 at Cashfree) it refuses.
    await paidAgo(order.orderId, order.gatewayOrderId, 25 * 3_600_000);
    await expect(
      simulatorSplitsFor(server.app)!.splitOrder({
        orderId: order.gatewayOrderId,
        vendorId,
        amountPaise: 100,
      }),
    ).rejects.toThrow('Settlement eligibility time passed');

    await clearNow(order.orderId);
    const credit = await eventually(async () => {
      const [a] = await server.db
        .select()
        .from(payoutAdjustments)
        .where(and(eq(payoutAdjustments.orderId, order.orderId), eq(payoutAdjustments.type, 'CREDIT')));
      return a?.state === 'done' ? a : null;
    });
    expect(credit.amountPaise).toBe(119_920);
    await settle(vendorId);
    await eventually(async () => (await balances(editor)).paidOut === 1199.2);
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 1199.2 });
    expect((await simulatorSplitsFor(server.app)!.getVendorBalance(vendorId)).vendorUnsettledPaise).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('misses the split after a refund (the gateway refuses one), and credits only what the refund left', async () => {
    const { editor, order, vendorId } = await editorWithOrder(1999);
    const refund = await api.post(
      `/api/payment/refund/${order.gatewayOrderId}`,
      { refundAmount: 500, refundNote: 'Partly refunded before the split' },
      { token: admin.token },
    );
    expect(refund.status).toBe(201);
    await eventually(async () => (await earningsOf(order.orderId)).refundedPaise === 50_000);
    await paidAgo(order.orderId, order.gatewayOrderId, 3 * 60_000);
    await expect(
      simulatorSplitsFor(server.app)!.splitOrder({
        orderId: order.gatewayOrderId,
        vendorId,
        amountPaise: 100,
      }),
    ).rejects.toThrow('Refund already exists, cannot create split');
    await splitOrderShare(ctx, order.orderId);
    expect(await earningsOf(order.orderId)).toMatchObject({ splitState: 'missed', splitPaise: 0 });

    await clearNow(order.orderId);
    await eventually(async () => {
      const [a] = await server.db
        .select()
        .from(payoutAdjustments)
        .where(eq(payoutAdjustments.orderId, order.orderId));
      return a?.state === 'done';
    });
    await settle(vendorId);
    // ₹500 of ₹1,999 back: the editor's part is 80 % of it, ₹400; ₹1,199.20 is paid out.
    await eventually(async () => (await balances(editor)).paidOut === 1199.2);
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 1199.2 });
    await expectLedgerBalanced(server);
  });
});
