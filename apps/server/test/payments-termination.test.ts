import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, reconciliationFindings } from '../src/db/schema';
import { CashfreeGateway } from '../src/modules/payments/gateway/cashfree';
import { simulatorFor } from '../src/modules/payments/gateway';
import { GatewayError } from '../src/modules/payments/gateway/types';
import { gatewayError, startFakeCashfree, type FakeCashfree } from './fakes/cashfree';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { openRoom } from './delivery-fixtures';
import { acceptOffer, orderAs, refundsOf, sendOffer, startPayment } from './orders/fixtures';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

describe('a new gateway order closes the older one still open (simulator)', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer();
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
  const paymentRow = async (gatewayOrderId: string) =>
    (await server.db.select().from(payments).where(eq(payments.orderId, gatewayOrderId)))[0]!;
  /** An accepted offer and its first checkout, made too close to its expiry to be handed out again. */
  const openThenStale = async (amount: number) => {
    const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    const first = await startPayment(api, creator, offer._id);
    await server.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(payments.orderId, first.orderId));
    return { orderId: offer._id, first };
  };
  const pay = (orderId: string) =>
    api.post(`/api/orders/${orderId}/pay`, { phone: '9876543210' }, { token: creator.token });

  it('terminates the old gateway order: its checkout refuses, and the new one pays', async () => {
    const { orderId, first } = await openThenStale(800);
    const second = await startPayment(api, creator, orderId);
    expect(second.orderId).not.toBe(first.orderId);
    expect(sim().checkoutSession(first.paymentSessionId)!.status).toBe('TERMINATED');
    expect((await paymentRow(first.orderId)).status).toBe('FAILED');
    const refused = await sim()
      .completeCheckout(first.paymentSessionId, 'SUCCESS')
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GatewayError);
    expect((refused as GatewayError).statusCode).toBe(410);
    const page = await fetch(`${server.url}/simulator/checkout/${first.paymentSessionId}`);
    expect(page.status).toBe(410);

    await sim().completeCheckout(second.paymentSessionId, 'SUCCESS');
    await eventually(async () => (await orderAs(api, creator, orderId)).paid);
    expect((await orderAs(api, creator, orderId)).paymentOrderId).toBe(second.orderId);
  });

  it('keeps a payment made while the termination was on its way: it pays the order, no new checkout', async () => {
    const { orderId, first } = await openThenStale(900);
    // Paid at the gateway, its webhook lost: the termination is refused because the order is PAID.
    await sim().completeCheckout(first.paymentSessionId, 'SUCCESS', { webhook: false });
    const res = await pay(orderId);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already (been )?paid/i);
    expect((await paymentRow(first.orderId)).status).toBe('SUCCESS');
    const order = await orderAs(api, creator, orderId);
    expect(order).toMatchObject({ paid: true, paymentOrderId: first.orderId });
    const rows = await server.db.select().from(payments).where(eq(payments.cutroomOrderId, orderId));
    expect(rows).toHaveLength(1);
  });

  it('refunds the second of two paid gateway orders in full and shows it as a duplicate', async () => {
    const { orderId, first } = await openThenStale(1100);
    const gateway = sim();
    const terminate = gateway.terminateOrder.bind(gateway);
    // The termination gets no answer: the new checkout is made anyway, and both get paid.
    gateway.terminateOrder = async () => {
      throw new GatewayError(504, 'The payment gateway did not answer', false);
    };
    const second = await startPayment(api, creator, orderId).finally(() => {
      gateway.terminateOrder = terminate;
    });
    await gateway.completeCheckout(first.paymentSessionId, 'SUCCESS');
    await eventually(async () => (await orderAs(api, creator, orderId)).paid);
    await gateway.completeCheckout(second.paymentSessionId, 'SUCCESS');
    const back = await eventually(async () => {
      const s = await refundsOf(api, admin, second.orderId);
      return s.refunds[0]?.status === 'SUCCESS' ? s : null;
    }, 20_000);
    expect(back).toMatchObject({ amount: 1100, refundedAmount: 1100, remainingAmount: 0 });
    expect((await refundsOf(api, admin, first.orderId)).refunds).toEqual([]);
    expect((await orderAs(api, creator, orderId)).paymentOrderId).toBe(first.orderId);
    const found = (
      await server.db
        .select()
        .from(reconciliationFindings)
        .where(eq(reconciliationFindings.kind, 'duplicate_payment'))
    ).filter((f) => f.gatewayOrderId === second.orderId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ cutroomOrderId: orderId, amountPaise: 110_000 });
  });
});

describe('Cashfree adapter: Terminate Order against the fake', () => {
  let fake: FakeCashfree;
  let gateway: CashfreeGateway;
  const order = (orderId: string) =>
    gateway.createOrder({
      orderId,
      amountPaise: 50_000,
      customerId: 'a1b2c3',
      customerPhone: '9876543210',
      returnUrl: 'http://localhost:3000/payment-success?order_id={order_id}',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });

  beforeAll(async () => {
    fake = await startFakeCashfree();
    gateway = new CashfreeGateway({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      mode: 'sandbox',
      baseUrl: fake.baseUrl,
    });
  });
  afterAll(() => fake?.close());

  it('sends PATCH /orders/{id} with order_status TERMINATED, as documented', async () => {
    await order('order_term_1');
    const closed = await gateway.terminateOrder('order_term_1');
    expect(closed).toMatchObject({ orderId: 'order_term_1', status: 'TERMINATED', amountPaise: 50_000 });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('PATCH');
    expect(sent.path).toBe('/pg/orders/order_term_1');
    expect(sent.body).toEqual({ order_status: 'TERMINATED' });
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-api-version']).toBe('2025-01-01');
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect((await gateway.getOrder('order_term_1'))!.status).toBe('TERMINATED');
    expect(() => fake.addPayment('order_term_1', 'SUCCESS')).toThrow(/terminated/);
    expect(await gateway.terminateOrder('order_nobody_knows')).toBeNull();
    expect(fake.violations).toEqual([]);
  });

  it('is refused, definitively, for an order paid meanwhile', async () => {
    await order('order_term_paid');
    fake.addPayment('order_term_paid', 'SUCCESS');
    const err = await gatewayError(gateway.terminateOrder('order_term_paid'));
    expect(err.definitive).toBe(true);
    expect(err.gatewayStatus).toBe(400);
    expect(err.message).toContain('PAID');
    expect((await gateway.getOrder('order_term_paid'))!.status).toBe('PAID');
  });

  it('refunds up to what the order captured: a second SUCCESS can be refunded beside the first', async () => {
    await order('order_term_dup');
    fake.addPayment('order_term_dup', 'SUCCESS');
    const base = { orderId: 'order_term_dup', amountPaise: 50_000, note: 'Duplicate payment refunded' };
    await gateway.createRefund({ ...base, refundId: 'dup_1' });
    const over = await gatewayError(gateway.createRefund({ ...base, refundId: 'dup_2' }));
    expect(over.code).toBe('refund_amount_invalid');
    fake.addPayment('order_term_dup', 'SUCCESS');
    expect(await gateway.createRefund({ ...base, refundId: 'dup_3' })).toMatchObject({
      refundId: 'dup_3',
      amountPaise: 50_000,
    });
  });
});
