import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobs,
  orderEarnings,
  payments,
  payoutAccounts,
  reconciliationFindings,
  reconciliationRuns,
  refunds,
} from '../src/db/schema';
import { simulatorFor } from '../src/modules/payments/gateway';
import { simSettlements, simVendorMovements } from '../src/modules/payments/gateway/simulator-tables';
import { GatewayError } from '../src/modules/payments/gateway/types';
import { eventually, postWebhook, refundWebhookBody } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom } from './delivery-fixtures';
import { acceptOffer, orderAs, payOrder, refundsOf, sendOffer, startPayment } from './orders/fixtures';
import { activePayoutAccount } from './payouts/fixtures';

describe('reconciliation: our records brought in line with the gateway, each mismatch shown to admins', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;

  beforeAll(async () => {
    // A pass every second, on anything open at all: the tests need not wait two minutes.
    server = await startTestServer({ RECONCILE_INTERVAL_SECONDS: '1', RECONCILE_AFTER_SECONDS: '0' });
    api = apiClient(server.url);
    [admin, creator, editor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  const sim = () => simulatorFor(server.app)!;
  const findingsOf = async (kind: string, gatewayOrderId: string) =>
    (
      await server.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.kind, kind))
    ).filter((f) => f.gatewayOrderId === gatewayOrderId);
  /** An accepted offer of `amount` rupees and its payment opened at the gateway, not yet paid. */
  const openOrder = async (amount: number) => {
    const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    return { orderId: offer._id, payment: await startPayment(api, creator, offer._id) };
  };
  const paidOrder = async (amount: number) => {
    const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const [payment] = await server.db.select().from(payments).where(eq(payments.cutroomOrderId, offer._id));
    return { orderId: offer._id, gatewayOrderId: payment!.orderId };
  };

  it('settles a payment whose webhook was lost, with no page open, and says so', async () => {
    const { orderId, payment } = await openOrder(1234);
    await sim().completeCheckout(payment.paymentSessionId, 'SUCCESS', { webhook: false });
    // Nobody reads the payment: the scheduled pass alone finds it.
    await eventually(async () => (await orderAs(api, creator, orderId)).paid, 20_000);
    const [finding] = await eventually(async () => {
      const found = await findingsOf('payment_confirmed', payment.orderId);
      return found.length ? found : null;
    });
    expect(finding).toMatchObject({ cutroomOrderId: orderId, amountPaise: 123_400 });
    expect(finding!.found).toMatch(/webhook never arrived/);

    const page = await api.get('/api/admin/reconciliation?kind=payment_confirmed', { token: admin.token });
    expect(page.status).toBe(200);
    const item = page.body.items.find(
      (i: { gatewayOrderId: string }) => i.gatewayOrderId === payment.orderId,
    );
    expect(item).toMatchObject({
      kind: 'payment_confirmed',
      kindLabel: 'Payment found at the gateway',
      orderId,
      amount: 1234,
      action: expect.stringMatching(/Marked paid/),
    });
    expect(item.orderReference).toMatch(/^CR-\d+$/);
    expect(page.body.lastRun).toMatchObject({ trigger: 'schedule' });
    // Seen again on every later pass, it is recorded once.
    await new Promise((r) => setTimeout(r, 1500));
    expect(await findingsOf('payment_confirmed', payment.orderId)).toHaveLength(1);
  });

  it('re-sends a refund whose create call timed out, with the same id, and issues it exactly once', async () => {
    const { orderId, gatewayOrderId } = await paidOrder(2000);
    const gateway = sim();
    const create = gateway.createRefund.bind(gateway);
    // The call leaves, and no answer comes back: nothing reached the gateway.
    gateway.createRefund = async () => {
      throw new GatewayError(504, 'The payment gateway did not answer', false);
    };
    const res = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 1000, refundNote: 'Mutual cancellation' },
      { token: admin.token },
    );
    gateway.createRefund = create;
    expect(res.status).toBe(502);
    const [pending] = await server.db
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.orderId, gatewayOrderId));
    expect(pending!.refunds.status).toBe('PENDING');

    await eventually(
      async () => (await refundsOf(api, admin, gatewayOrderId)).refunds[0]?.status === 'SUCCESS',
      20_000,
    );
    const atGateway = gateway.checkoutSession(
      (await server.db.select().from(payments).where(eq(payments.orderId, gatewayOrderId)))[0]!
        .paymentSessionId,
    )!.refunds;
    expect(atGateway.map((r) => [r.refundId, r.amountPaise])).toEqual([[pending!.refunds.refundId, 100_000]]);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.id, pending!.refunds.id));
    expect(row).toMatchObject({ status: 'SUCCESS', resentCount: 1 });
    const [finding] = await findingsOf('refund_resent', gatewayOrderId);
    expect(finding).toMatchObject({ cutroomOrderId: orderId, amountPaise: 100_000 });
    expect(finding!.action).toBe('Sent again with the same refund id.');
    expect((await refundsOf(api, admin, gatewayOrderId)).remainingAmount).toBe(1000);
  });

  it('records a refund made outside Cutroom against its order, once', async () => {
    const { orderId, gatewayOrderId } = await paidOrder(1500);
    const body = refundWebhookBody({
      orderId: gatewayOrderId,
      refundId: 'dashboard_refund_1',
      cfRefundId: 5550001,
      amount: 500,
      status: 'SUCCESS',
    });
    expect((await postWebhook(server.url, server.config.webhookSecret, body)).status).toBe(200);
    expect((await postWebhook(server.url, server.config.webhookSecret, body)).status).toBe(200);
    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect(summary).toMatchObject({ refundedAmount: 500, remainingAmount: 1000 });
    expect(summary.refunds).toEqual([
      expect.objectContaining({ amount: 500, status: 'SUCCESS', note: 'Refunded outside Cutroom' }),
    ]);
    const [row] = await server.db.select().from(refunds).where(eq(refunds.refundId, 'dashboard_refund_1'));
    expect(row!.origin).toBe('gateway');
    const found = await findingsOf('refund_external', gatewayOrderId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ cutroomOrderId: orderId, amountPaise: 50_000 });

    // A refund we never knew of that the gateway cancelled changes nothing.
    const cancelled = refundWebhookBody({
      orderId: gatewayOrderId,
      refundId: 'dashboard_refund_2',
      cfRefundId: 5550002,
      amount: 200,
      status: 'CANCELLED',
    });
    expect((await postWebhook(server.url, server.config.webhookSecret, cancelled)).status).toBe(200);
    expect((await refundsOf(api, admin, gatewayOrderId)).refunds).toHaveLength(1);
  });

  it('finds a refund made on the gateway’s dashboard by its order, before any webhook', async () => {
    const { gatewayOrderId } = await paidOrder(1700);
    // Made at the gateway, not through Cutroom: its webhook comes only when it settles.
    await sim().createRefund({
      orderId: gatewayOrderId,
      refundId: 'dashboard_refund_3',
      amountPaise: 20_000,
      note: 'Dashboard',
    });
    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect(summary.refunds).toEqual([
      expect.objectContaining({ amount: 200, note: 'Refunded outside Cutroom' }),
    ]);
    expect(summary.remainingAmount).toBe(1500);
    expect(await findingsOf('refund_external', gatewayOrderId)).toHaveLength(1);
    // Its webhook settles the same row.
    await eventually(
      async () => (await refundsOf(api, admin, gatewayOrderId)).refunds[0]?.status === 'SUCCESS',
    );
    expect((await refundsOf(api, admin, gatewayOrderId)).refunds).toHaveLength(1);
  });

  it('takes a SUCCESS after our CANCELLED: the money did go back', async () => {
    const { gatewayOrderId } = await paidOrder(1800);
    const created = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 300, refundNote: 'Late success' },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    const refundId: string = created.body.refund.refundId;
    const [row] = await server.db.select().from(refunds).where(eq(refunds.refundId, refundId));
    const send = (status: 'CANCELLED' | 'SUCCESS') =>
      postWebhook(
        server.url,
        server.config.webhookSecret,
        refundWebhookBody({
          orderId: gatewayOrderId,
          refundId,
          cfRefundId: Number(row!.cfRefundId),
          amount: 300,
          status,
        }),
      );
    expect((await send('CANCELLED')).status).toBe(200);
    expect((await refundsOf(api, admin, gatewayOrderId)).remainingAmount).toBe(1800);
    expect((await send('SUCCESS')).status).toBe(200);
    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect(summary).toMatchObject({ refundedAmount: 300, remainingAmount: 1500 });
    expect(await findingsOf('refund_revived', gatewayOrderId)).toHaveLength(1);
  });

  it('sends a share to be split when a paid order has none waiting (an older order, or a lost job)', async () => {
    const { orderId } = await paidOrder(1600);
    // Paid an hour ago with no split ever written: what an order paid before split-at-payment looks like.
    await eventually(async () => {
      const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
      return row && row.splitState !== 'none';
    });
    await server.db
      .delete(jobs)
      .where(sql`${jobs.kind} = 'payout.split' and ${jobs.payload}->>'orderId' = ${orderId}`);
    await server.db
      .update(orderEarnings)
      .set({ splitState: 'none', paidAt: new Date(Date.now() - 3_600_000) })
      .where(eq(orderEarnings.orderId, orderId));
    const [finding] = await eventually(async () => {
      const rows = (
        await server.db
          .select()
          .from(reconciliationFindings)
          .where(eq(reconciliationFindings.kind, 'split_requeued'))
      ).filter((f) => f.cutroomOrderId === orderId);
      return rows.length ? rows : null;
    }, 20_000);
    expect(finding).toMatchObject({ amountPaise: 128_000 });
    // The editor has no payout account yet: the split job runs again and waits for one.
    await eventually(async () => {
      const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
      return row?.splitState === 'waiting';
    });
  });

  it('reads held splits back from Easy Split: a split it lost and a settlement we never heard of are findings', async () => {
    const other = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, other);
    const room = await openRoom(api, creator, other);
    const offer = await sendOffer(api, other, room, { amount: 1100, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    await eventually(async () => {
      const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, offer._id));
      return row?.splitState === 'done';
    });
    const [account] = await server.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.editorId, other.id));
    const [held] = await server.db
      .select()
      .from(simVendorMovements)
      .where(and(eq(simVendorMovements.vendorId, account!.vendorId), eq(simVendorMovements.kind, 'split')));
    // The gateway settled it in a settlement whose webhook never reached us.
    const [lost] = await server.db
      .insert(simSettlements)
      .values({ vendorId: account!.vendorId, amountPaise: held!.amountPaise, status: 'SUCCESS' })
      .returning();
    await server.db
      .update(simVendorMovements)
      .set({ settlementId: lost!.id })
      .where(eq(simVendorMovements.id, held!.id));
    const findingOf = async (kind: string) =>
      (
        await server.db.select().from(reconciliationFindings).where(eq(reconciliationFindings.kind, kind))
      ).find((f) => f.cutroomOrderId === offer._id);
    const unknown = await eventually(() => findingOf('settlement_unknown'), 20_000);
    expect(unknown!.found).toContain(String(lost!.id));
    expect(await findingOf('split_mismatch')).toBeUndefined();
    // Easy Split no longer holds the split at all: a finding, and the split is never sent twice.
    await server.db.delete(simVendorMovements).where(eq(simVendorMovements.id, held!.id));
    const mismatch = await eventually(() => findingOf('split_mismatch'), 20_000);
    expect(mismatch!.found).toMatch(/holds no split/);
    const [row] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, offer._id));
    expect(row!.splitState).toBe('done');
  });

  it('runs on an admin’s request, one run at a time, and pages its findings', async () => {
    const [stuck] = await server.db.insert(reconciliationRuns).values({ trigger: 'admin' }).returning();
    const busy = await api.post('/api/admin/reconciliation/run', undefined, { token: admin.token });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe('Reconciliation is already running. Try again in a minute.');
    await server.db
      .update(reconciliationRuns)
      .set({ finishedAt: new Date() })
      .where(eq(reconciliationRuns.id, stuck!.id));
    const ran = await eventually(async () => {
      const res = await api.post('/api/admin/reconciliation/run', undefined, { token: admin.token });
      return res.status === 200 ? res.body : null;
    });
    expect(ran).toMatchObject({ message: 'Reconciliation ran.', run: { trigger: 'admin', error: null } });
    expect(ran.run.finishedAt).not.toBeNull();
    expect(Object.keys(ran.run.checked).sort()).toEqual(['payments', 'refunds', 'splits']);

    const first = await api.get('/api/admin/reconciliation?limit=2', { token: admin.token });
    expect(first.body.items).toHaveLength(2);
    const second = await api.get(`/api/admin/reconciliation?limit=2&cursor=${first.body.nextCursor}`, {
      token: admin.token,
    });
    const ids = [...first.body.items, ...second.body.items].map((i: { id: string }) => i.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect((await api.get('/api/admin/reconciliation?cursor=nope', { token: admin.token })).status).toBe(400);
    expect((await api.get('/api/admin/reconciliation?kind=nope', { token: admin.token })).status).toBe(400);
  });
});
