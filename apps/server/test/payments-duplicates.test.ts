import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEarnings, payments, payoutLedger, reconciliationFindings, refunds } from '../src/db/schema';
import { simulatorFor } from '../src/modules/payments/gateway';
import { GatewayError } from '../src/modules/payments/gateway/types';
import type { PaymentRefundedEvent } from '../src/modules/payments';
import { eventually, paymentWebhookBody, postWebhook } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom } from './delivery-fixtures';
import { acceptOffer, orderAs, payOrder, refundsOf, sendOffer, startPayment } from './orders/fixtures';

describe('a second SUCCESS on one gateway order: refunded once, counted against nothing, shown', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;
  const refunded: PaymentRefundedEvent[] = [];

  beforeAll(async () => {
    // A reconciliation pass every second on anything open: re-sends and late payments are found quickly.
    server = await startTestServer({ RECONCILE_INTERVAL_SECONDS: '1', RECONCILE_AFTER_SECONDS: '0' });
    api = apiClient(server.url);
    [admin, creator, editor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
    server.app.events.onAfterCommit('refund.succeeded', (e) => void refunded.push(e), { by: 'test' });
  });
  afterAll(() => server?.close());

  const sim = () => simulatorFor(server.app)!;
  const paidOrder = async (amount: number) => {
    const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const [payment] = await server.db.select().from(payments).where(eq(payments.cutroomOrderId, offer._id));
    return { orderId: offer._id, payment: payment! };
  };
  const refundRows = async (paymentId: string) =>
    server.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
  const findingsOf = async (gatewayOrderId: string) =>
    (
      await server.db
        .select()
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.kind, 'duplicate_payment'))
    ).filter((f) => f.gatewayOrderId === gatewayOrderId);
  const books = async (orderId: string) => ({
    earnings: (await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)))[0],
    lines: (await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId))).length,
  });

  it('refunds the duplicate exactly once, through webhook repeats and reconciliation, and shows it', async () => {
    const { orderId, payment } = await paidOrder(999);
    const before = await books(orderId);
    expect(before.earnings).toBeDefined();

    // The payer pays the same gateway order again: a second SUCCESS attempt, its webhook delivered.
    await sim().completeCheckout(payment.paymentSessionId, 'SUCCESS', { duplicate: true });
    const second = sim().checkoutSession(payment.paymentSessionId)!.payments.at(-1)!;
    expect(second.cfPaymentId).not.toBe(payment.cfPaymentId);
    const [refund] = await eventually(async () => {
      const rows = await refundRows(payment.id);
      return rows[0]?.status === 'SUCCESS' ? rows : null;
    });
    expect(refund).toMatchObject({
      refundId: `dup_${second.cfPaymentId}`,
      origin: 'duplicate_payment',
      amountPaise: 99_900,
      createdById: null,
    });

    // The webhook again, and reconciliation passes: nothing more is refunded.
    const again = await postWebhook(
      server.url,
      server.config.webhookSecret,
      paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: payment.orderId,
        cfPaymentId: second.cfPaymentId,
        amount: 999,
      }),
    );
    expect(again.body.message).toBe('Event duplicate');
    const ran = await eventually(async () => {
      const res = await api.post('/api/admin/reconciliation/run', undefined, { token: admin.token });
      return res.status === 200 ? res : null;
    });
    expect(ran.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await refundRows(payment.id)).toHaveLength(1);
    const atGateway = sim().checkoutSession(payment.paymentSessionId)!.refunds;
    expect(atGateway.map((r) => [r.refundId, r.amountPaise])).toEqual([[refund!.refundId, 99_900]]);

    // The order's money and the editor's earnings are untouched; no refund.succeeded was told.
    const summary = await refundsOf(api, admin, payment.orderId);
    expect(summary).toMatchObject({ amount: 999, refundedAmount: 0, remainingAmount: 999 });
    expect(summary.refunds).toEqual([
      expect.objectContaining({
        amount: 999,
        status: 'SUCCESS',
        note: expect.stringMatching(/^Duplicate payment/),
      }),
    ]);
    expect(await books(orderId)).toEqual(before);
    expect(refunded.filter((e) => e.orderId === payment.orderId)).toEqual([]);
    expect((await orderAs(api, creator, orderId)).paid).toBe(true);
    const [row] = await server.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'SUCCESS', cfPaymentId: payment.cfPaymentId });

    // Shown on the admin's Reconciliation page, once.
    expect(await findingsOf(payment.orderId)).toHaveLength(1);
    const page = await api.get('/api/admin/reconciliation?kind=duplicate_payment', { token: admin.token });
    expect(page.status).toBe(200);
    const item = page.body.items.find(
      (i: { gatewayOrderId: string }) => i.gatewayOrderId === payment.orderId,
    );
    expect(item).toMatchObject({ kind: 'duplicate_payment', orderId, amount: 999 });
    expect(item.action).toMatch(/Refunded in full/);

    // The order's own payment can still be refunded in full: the gateway refunds up to what it captured.
    const full = await api.post(
      `/api/payment/refund/${payment.orderId}`,
      { full: true, refundNote: 'Order cancelled by agreement' },
      { token: admin.token },
    );
    expect(full.status).toBe(201);
    expect((await refundsOf(api, admin, payment.orderId)).refundedAmount).toBe(999);
    // Its success is told (the editor's share comes back), and the order is then fully refunded.
    const told = await eventually(async () => refunded.filter((e) => e.orderId === payment.orderId)[0]);
    expect(told).toMatchObject({ refundAmountPaise: 99_900, refundedPaise: 99_900, fullyRefunded: true });
  });

  it('re-sends a duplicate refund whose create call got no answer, with the same id, once', async () => {
    const { payment } = await paidOrder(1200);
    const gateway = sim();
    const create = gateway.createRefund.bind(gateway);
    gateway.createRefund = async () => {
      throw new GatewayError(504, 'The payment gateway did not answer', false);
    };
    try {
      await gateway.completeCheckout(payment.paymentSessionId, 'SUCCESS', { duplicate: true });
      const [pending] = await eventually(async () => {
        const rows = await refundRows(payment.id);
        return rows.length ? rows : null;
      });
      expect(pending).toMatchObject({ status: 'PENDING', origin: 'duplicate_payment' });
    } finally {
      gateway.createRefund = create;
    }
    const [settled] = await eventually(async () => {
      const rows = await refundRows(payment.id);
      return rows[0]?.status === 'SUCCESS' ? rows : null;
    }, 20_000);
    expect(settled!.resentCount).toBeGreaterThanOrEqual(1);
    expect(await refundRows(payment.id)).toHaveLength(1);
    expect(sim().checkoutSession(payment.paymentSessionId)!.refunds).toHaveLength(1);
    expect((await refundsOf(api, admin, payment.orderId)).remainingAmount).toBe(1200);
  });

  it('counts a SUCCESS webhook only once the gateway says the order is PAID', async () => {
    const offer = await sendOffer(api, editor, roomId, { amount: 700, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    const opened = await startPayment(api, creator, offer._id);
    const body = paymentWebhookBody({
      type: 'PAYMENT_SUCCESS_WEBHOOK',
      orderId: opened.orderId,
      cfPaymentId: '7700001',
      amount: 700,
    });
    // Signed, but the gateway's order is still ACTIVE: left to reconciliation.
    const early = await postWebhook(server.url, server.config.webhookSecret, body);
    expect(early.body.message).toBe('Event deferred');
    const [row] = await server.db.select().from(payments).where(eq(payments.orderId, opened.orderId));
    expect(row!.status).toBe('INITIATED');
    expect((await orderAs(api, creator, offer._id)).paid).toBe(false);

    // The attempt completes at the gateway; reconciliation (nobody reads the page) settles it.
    await sim().completeCheckout(opened.paymentSessionId, 'SUCCESS', {
      webhook: false,
      cfPaymentId: '7700001',
    });
    await eventually(async () => (await orderAs(api, creator, offer._id)).paid, 20_000);
    expect((await postWebhook(server.url, server.config.webhookSecret, body)).body.message).toBe(
      'Event duplicate',
    );
  });
});
