import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orderEarnings, payoutAccounts, reconciliationFindings } from '../src/db/schema';
import { simulatorFor, simulatorSplitsFor } from '../src/modules/payments/gateway';
import { simSettlements, simVendorMovements } from '../src/modules/payments/gateway/simulator-tables';
import { SETTLEMENT_AMOUNTS, settlementWebhook } from '../src/modules/payments/gateway/simulator-webhooks';
import { GatewayError } from '../src/modules/payments/gateway/types';
import { clearOrder } from '../src/modules/payouts/earnings';
import { PAYOUT_JOBS } from '../src/modules/payouts/jobs';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { activePayoutAccount, completedPaidOrder, expectLedgerBalanced } from './payouts/fixtures';

/** The gateway pays on its own schedule and may take back what it paid: our books follow it. */
describe('payouts on the gateway’s schedule', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
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
  /** The simulated gateway settles everything the vendor holds now, whatever our clearing says. */
  const gatewaySettlesNow = async (vendorId: string) => {
    await server.db
      .update(simVendorMovements)
      .set({ eligibleAt: sql`now()` })
      .where(eq(simVendorMovements.vendorId, vendorId));
    await simulatorSplitsFor(server.app)!.settleVendor(vendorId);
  };
  const editorWithOrder = async (amount: number) => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const order = await completedPaidOrder(api, server, creator, editor, amount);
    await eventually(async () => (await earningsOf(order.orderId)).splitState === 'done');
    return { editor, order, vendorId: await vendorOf(editor) };
  };

  it('counts a ₹999 order settled before it clears once: paid out ₹799.20, nothing available or pending', async () => {
    const { editor, order, vendorId } = await editorWithOrder(999);
    await gatewaySettlesNow(vendorId);
    await eventually(async () => (await balances(editor)).paidOut === 799.2);
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 799.2 });
    // Our clearing comes later and finds nothing left to move.
    await server.db
      .update(orderEarnings)
      .set({ clearsAt: sql`now()` })
      .where(eq(orderEarnings.orderId, order.orderId));
    expect(await server.db.transaction((tx) => clearOrder(tx, order.orderId))).toBe(true);
    expect(await balances(editor)).toEqual({ available: 0, pending: 0, paidOut: 799.2 });
    await expectLedgerBalanced(server);
  });

  it('gives the money back when a settlement reported paid fails afterwards, once', async () => {
    const { editor, vendorId } = await editorWithOrder(1999);
    await gatewaySettlesNow(vendorId);
    await eventually(async () => (await balances(editor)).paidOut === 1599.2);
    const [settled] = await server.db
      .select()
      .from(simSettlements)
      .where(eq(simSettlements.vendorId, vendorId));
    const failed = settlementWebhook(
      'VENDOR_SETTLEMENT_FAILED',
      { ...settled!, status: 'FAILED', reason: 'Returned by the beneficiary bank' },
      'sandbox',
    );
    const sim = simulatorFor(server.app)!;
    await sim.sendWebhook(failed, SETTLEMENT_AMOUNTS);
    await sim.sendWebhook(failed, SETTLEMENT_AMOUNTS);
    await eventually(async () => (await balances(editor)).available === 1599.2);
    expect(await balances(editor)).toEqual({ available: 1599.2, pending: 0, paidOut: 0 });
    const findings = await server.db
      .select()
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.kind, 'settlement_failed_after_success'));
    expect(findings.filter((f) => f.found.includes(String(settled!.id)))).toHaveLength(1);
    const list = (await api.get('/api/admin/payouts/failures', { token: admin.token })).body.items;
    expect(
      list.find(
        (f: { kind: string; editor: { id: string } }) => f.kind === 'settlement' && f.editor.id === editor.id,
      ),
    ).toMatchObject({ amount: 1599.2 });
    await expectLedgerBalanced(server);
  });

  it('shows a split whose job gave up as failed, with the reason, for an admin to retry', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const splits = simulatorSplitsFor(server.app)!;
    const splitOrder = splits.splitOrder.bind(splits);
    splits.splitOrder = async () => {
      throw new GatewayError(504, 'The payment gateway did not answer', false);
    };
    try {
      const order = await completedPaidOrder(api, server, creator, editor, 1499);
      // Seven attempts already spent: the next is the last.
      await eventually(async () => {
        const moved = await server.db
          .update(jobs)
          .set({ attempts: 7, runAfter: sql`now()` })
          .where(
            sql`${jobs.kind} = ${PAYOUT_JOBS.split} and ${jobs.status} = 'queued' and ${jobs.payload}->>'orderId' = ${order.orderId}`,
          )
          .returning();
        return moved.length > 0;
      });
      const e = await eventually(async () => {
        const row = await earningsOf(order.orderId);
        return row.splitState === 'failed' ? row : null;
      }, 20_000);
      expect(e.splitError).toMatch(/^No answer from the payment gateway after 8 attempts/);
      const list = (await api.get('/api/admin/payouts/failures', { token: admin.token })).body.items;
      expect(
        list.find((f: { kind: string; id: string }) => f.kind === 'split' && f.id === order.orderId),
      ).toMatchObject({ kind: 'split', id: order.orderId });
      splits.splitOrder = splitOrder;
      const retried = await api.post(`/api/admin/payouts/failures/split/${order.orderId}/retry`, undefined, {
        token: admin.token,
      });
      expect(retried.status).toBe(200);
      await eventually(async () => (await earningsOf(order.orderId)).splitState === 'done');
    } finally {
      splits.splitOrder = splitOrder;
    }
  });
});
