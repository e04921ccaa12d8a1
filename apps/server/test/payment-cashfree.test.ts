import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, refunds } from '../src/db/schema';
import { CashfreeGateway } from '../src/modules/payments/gateway/cashfree';
import { gatewayError, startFakeCashfree, type FakeCashfree } from './fakes/cashfree';
import { createPricedEditor, paymentWebhookBody, postWebhook } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orderInput = (orderId: string) => ({
  orderId,
  amountPaise: 149_950,
  customerId: 'a1b2c3d4e5f6',
  customerPhone: '9876543210',
  returnUrl: 'http://localhost:3000/payment-success?order_id={order_id}',
  expiresAt: new Date(Date.now() + 60 * 60 * 1000),
  note: 'basic plan with someone',
});

describe('Cashfree adapter against a fake that checks requests as Cashfree documents them', () => {
  let fake: FakeCashfree;
  let gateway: CashfreeGateway;

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

  it('creates an order with the documented headers, path and body', async () => {
    const order = await gateway.createOrder(orderInput('order_adapter_1'));
    expect(order).toMatchObject({ orderId: 'order_adapter_1', status: 'ACTIVE', amountPaise: 149_950 });
    expect(order.paymentSessionId).toMatch(/^session_/);
    expect(order.cfOrderId).toMatch(/^\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/pg/orders');
    expect(sent.headers['x-api-version']).toBe('2025-01-01');
    expect(sent.headers['x-client-id']).toBe(fake.clientId);
    expect(sent.headers['x-client-secret']).toBe(fake.clientSecret);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent.body).toMatchObject({
      order_id: 'order_adapter_1',
      order_amount: 1499.5,
      order_currency: 'INR',
      customer_details: { customer_id: 'a1b2c3d4e5f6', customer_phone: '9876543210' },
      order_meta: { return_url: 'http://localhost:3000/payment-success?order_id={order_id}' },
    });
    expect(sent.body.order_meta).not.toHaveProperty('notify_url');
    // As Cashfree's spec writes it: whole seconds and an offset (2021-07-02T10:20:12+05:30), the same instant.
    expect(sent.body.order_expiry_time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    const expiry = orderInput('x').expiresAt.getTime();
    expect(Math.abs(Date.parse(sent.body.order_expiry_time) - expiry)).toBeLessThan(5_000);
    expect(fake.violations).toEqual([]);
  });

  it('maps 409 order_already_exists to a readable conflict', async () => {
    await gateway.createOrder(orderInput('order_adapter_dup'));
    const err = await gatewayError(gateway.createOrder(orderInput('order_adapter_dup')));
    expect(err.statusCode).toBe(409);
    expect(err.code).toBe('order_already_exists');
    expect(err.message).toBe('An order with this id already exists at the payment gateway');
    expect(err.definitive).toBe(true);
  });

  it('maps 4xx refusals, bad credentials and 5xx to readable errors', async () => {
    const refused = await gatewayError(
      gateway.createOrder({ ...orderInput('order_adapter_bad'), customerPhone: '12345' }),
    );
    expect(refused.statusCode).toBe(502);
    expect(refused.definitive).toBe(true);
    expect(refused.message).toContain('customer_phone');
    fake.violations.length = 0;

    const wrongSecret = new CashfreeGateway({
      clientId: fake.clientId,
      clientSecret: 'wrong',
      mode: 'sandbox',
      baseUrl: fake.baseUrl,
    });
    const denied = await gatewayError(wrongSecret.createOrder(orderInput('order_adapter_auth')));
    expect(denied.message).toBe('The payment gateway refused our credentials');
    expect(denied.gatewayStatus).toBe(401);

    fake.failNext(500, { message: 'internal error', code: 'internal_error', type: 'api_error' });
    const down = await gatewayError(gateway.createOrder(orderInput('order_adapter_500')));
    expect(down.statusCode).toBe(502);
    expect(down.definitive).toBe(false);
    expect(down.message).toBe('The payment gateway is not answering. Please try again.');

    fake.failNext(429, { message: 'too many requests', code: 'rate_limit', type: 'rate_limit_error' });
    expect((await gatewayError(gateway.getOrder('order_adapter_1'))).statusCode).toBe(503);

    const unreachable = new CashfreeGateway({
      clientId: 'x',
      clientSecret: 'y',
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:1/pg',
    });
    const offline = await gatewayError(unreachable.getPayments('order_adapter_1'));
    expect(offline.definitive).toBe(false);
  });

  it('reads orders and their payments, and answers null for unknown ones', async () => {
    expect(await gateway.getOrder('order_nobody_knows')).toBeNull();
    expect(await gateway.getPayments('order_nobody_knows')).toEqual([]);
    await gateway.createOrder(orderInput('order_adapter_pay'));
    fake.addPayment('order_adapter_pay', 'FAILED');
    const success = fake.addPayment('order_adapter_pay', 'SUCCESS');
    const attempts = await gateway.getPayments('order_adapter_pay');
    expect(attempts.map((a) => a.status)).toEqual(['FAILED', 'SUCCESS']);
    expect(attempts[1]).toMatchObject({ cfPaymentId: success.cf_payment_id, amountPaise: 149_950 });
    expect((await gateway.getOrder('order_adapter_pay'))?.status).toBe('PAID');
    const get = fake.requests.at(-1)!;
    expect(get.path).toBe('/pg/orders/order_adapter_pay');
    expect(get.headers['x-api-version']).toBe('2025-01-01');
    expect(fake.violations).toEqual([]);
  });

  it('creates and reads refunds as documented', async () => {
    const refund = await gateway.createRefund({
      orderId: 'order_adapter_pay',
      refundId: 'refund_adapter_1',
      amountPaise: 50_025,
      note: 'Refund initiated by admin',
    });
    expect(refund).toMatchObject({ refundId: 'refund_adapter_1', status: 'PENDING', amountPaise: 50_025 });
    expect(refund.cfRefundId).toMatch(/^\d+$/);
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/pg/orders/order_adapter_pay/refunds');
    expect(sent.body).toEqual({
      refund_amount: 500.25,
      refund_id: 'refund_adapter_1',
      refund_note: 'Refund initiated by admin',
    });
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(await gateway.getRefund('order_adapter_pay', 'refund_adapter_1')).toMatchObject({
      status: 'PENDING',
    });
    expect(await gateway.getRefund('order_adapter_pay', 'refund_nope')).toBeNull();
    const tooMuch = await gatewayError(
      gateway.createRefund({
        orderId: 'order_adapter_pay',
        refundId: 'refund_adapter_2',
        amountPaise: 149_950,
        note: 'All',
      }),
    );
    expect(tooMuch.definitive).toBe(true);
    expect(tooMuch.message).toContain('refund amount is greater');
    expect(fake.violations).toEqual([]);
  });

  it('talks to production only when told to', () => {
    const prod = new CashfreeGateway({ clientId: 'a', clientSecret: 'b', mode: 'production' });
    expect((prod as unknown as { baseUrl: string }).baseUrl).toBe('https://api.cashfree.com/pg');
    const sandbox = new CashfreeGateway({ clientId: 'a', clientSecret: 'b', mode: 'sandbox' });
    expect((sandbox as unknown as { baseUrl: string }).baseUrl).toBe('https://sandbox.cashfree.com/pg');
  });
});

describe('payments API with PAYMENT_PROVIDER=cashfree', () => {
  let fake: FakeCashfree;
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  const succeededOrders: string[] = [];

  beforeAll(async () => {
    fake = await startFakeCashfree();
    server = await startTestServer({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: fake.clientId,
      CASHFREE_CLIENT_SECRET: fake.clientSecret,
      CASHFREE_BASE_URL: fake.baseUrl,
      // These tests change the gateway's answer between two reads; the status cache has its own test.
      PAYMENT_STATUS_CACHE_SECONDS: '0',
    });
    api = apiClient(server.url);
    [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 1499, intermediate: 2999 }),
      createTestUser(server.db, 'admin'),
    ]);
    server.app.events.onAfterCommit('payment.succeeded', (e) => void succeededOrders.push(e.orderId), {
      by: 'test',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  // Pay Now pressed again while its order is unpaid hands back the same payment: a test that needs a
  // gateway order of its own pays as a creator of its own.
  const pay = (tier = 'basic', who: TestUser = creator) =>
    api.post(`/api/payment/${editor.id}/${tier}`, { phone: '9876543210', amount: 1 }, { token: who.token });
  const status = (orderId: string, who: TestUser = creator) =>
    api.get(`/api/payment/status/${orderId}`, { token: who.token });
  const newCreator = () => createTestUser(server.db, 'creator');

  it('creates the Cashfree order from the tier, with our return URL and no webhook over http', async () => {
    const res = await pay();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ amount: 1499, provider: 'cashfree', mode: 'sandbox' });
    const order = fake.orders.get(res.body.orderId)!;
    expect(order.payment_session_id).toBe(res.body.paymentSessionId);
    expect(order.body).toMatchObject({
      order_amount: 1499,
      order_currency: 'INR',
      customer_details: { customer_id: creator.id.replace(/-/g, ''), customer_phone: '9876543210' },
      order_meta: { return_url: `${server.url}/payment-success?order_id={order_id}` },
    });
    expect(order.body.order_meta).not.toHaveProperty('notify_url');
    expect(fake.violations).toEqual([]);
    expect((await api.get('/api/payment/gateway')).body).toEqual({ provider: 'cashfree', mode: 'sandbox' });
  });

  it('reconciles an unsettled order with the gateway when its status is read', async () => {
    const { body } = await pay();
    expect((await status(body.orderId)).body.payment.status).toBe('INITIATED');
    fake.addPayment(body.orderId, 'USER_DROPPED');
    expect((await status(body.orderId)).body.payment.status).toBe('FAILED');
    // The payer tried again in the same checkout and paid; no webhook reaches us over http.
    const paid = fake.addPayment(body.orderId, 'SUCCESS');
    const read = await status(body.orderId);
    expect(read.body.payment).toMatchObject({ status: 'SUCCESS', cfPaymentId: paid.cf_payment_id });
    await status(body.orderId);
    expect(succeededOrders.filter((o) => o === body.orderId)).toHaveLength(1);
    // The same payment arriving later by webhook (signed with the client secret) is a duplicate.
    const late = await postWebhook(
      server.url,
      fake.clientSecret,
      paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: body.orderId,
        cfPaymentId: paid.cf_payment_id,
        amount: 1499,
      }),
    );
    expect(late.body.message).toBe('Event duplicate');
  });

  it("reads how the checkout ended from Cashfree's payment_status: payer cancelled or declined", async () => {
    const ended = async (...attempts: string[]) => {
      const payer = await newCreator();
      const { body } = await pay('basic', payer);
      for (const a of attempts) fake.addPayment(body.orderId, a);
      return (await status(body.orderId, payer)).body;
    };
    expect(await ended()).toMatchObject({ outcome: 'pending', payment: { status: 'INITIATED' } });
    expect(await ended('PENDING')).toMatchObject({ outcome: 'pending', payment: { status: 'INITIATED' } });
    for (const cancelled of ['USER_DROPPED', 'CANCELLED']) {
      expect(await ended(cancelled)).toMatchObject({ outcome: 'cancelled', payment: { status: 'FAILED' } });
    }
    for (const declined of ['FAILED', 'VOID']) {
      expect(await ended(declined)).toMatchObject({ outcome: 'failed', payment: { status: 'FAILED' } });
    }
    // The latest attempt decides.
    expect((await ended('USER_DROPPED', 'FAILED')).outcome).toBe('failed');
    expect((await ended('FAILED', 'USER_DROPPED')).outcome).toBe('cancelled');

    // An order Cashfree expired with no attempt is neither.
    const payer = await newCreator();
    const { body } = await pay('basic', payer);
    fake.orders.get(body.orderId)!.order_status = 'EXPIRED';
    expect((await status(body.orderId, payer)).body).toMatchObject({
      outcome: 'expired',
      payment: { status: 'FAILED' },
    });
  });

  it('does not trust a gateway order of another amount, and fails orders the gateway expired', async () => {
    const { body } = await pay();
    fake.setOrderAmount(body.orderId, 1);
    fake.addPayment(body.orderId, 'SUCCESS', 1);
    expect((await status(body.orderId)).body.payment.status).toBe('INITIATED');

    const other = await newCreator();
    const expired = (await pay('basic', other)).body.orderId;
    expect(expired).not.toBe(body.orderId);
    fake.orders.get(expired)!.order_status = 'EXPIRED';
    expect((await status(expired, other)).body.payment.status).toBe('FAILED');
  });

  it('settles on the order amount: a payment_amount lowered by an offer or raised by a surcharge pays', async () => {
    for (const paid of [1, 1520.5]) {
      const payer = await newCreator();
      const { body } = await pay('basic', payer);
      const attempt = fake.addPayment(body.orderId, 'SUCCESS', paid);
      expect(fake.orders.get(body.orderId)!.order_status).toBe('PAID');
      const read = await status(body.orderId, payer);
      expect(read.body.payment).toMatchObject({
        status: 'SUCCESS',
        amount: 1499,
        cfPaymentId: attempt.cf_payment_id,
      });
      expect(succeededOrders.filter((o) => o === body.orderId)).toHaveLength(1);
      const bought = await api.get(`/api/orders/${body.order._id}`, { token: payer.token });
      expect(bought.body.data).toMatchObject({ paid: true, paymentOrderId: body.orderId });
    }
  });

  it('settles an order that lapsed here but that the gateway later reports PAID', async () => {
    const payer = await newCreator();
    const { body } = await pay('basic', payer);
    await server.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.orderId, body.orderId));
    expect((await status(body.orderId, payer)).body.payment.status).toBe('FAILED');
    // The attempt the payer started before the expiry completes afterwards (Cashfree lets it finish).
    const late = fake.addPayment(body.orderId, 'SUCCESS');
    const read = await status(body.orderId, payer);
    expect(read.body.payment).toMatchObject({ status: 'SUCCESS', cfPaymentId: late.cf_payment_id });
    expect(succeededOrders.filter((o) => o === body.orderId)).toHaveLength(1);
  });

  it('reports a gateway outage on create and stores nothing', async () => {
    const payer = await newCreator();
    fake.failNext(503, { message: 'service unavailable', code: 'api_error', type: 'api_error' });
    const res = await pay('basic', payer);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('The payment gateway is not answering. Please try again.');
    const mine = await api.get('/api/payment/creator/me', { token: payer.token });
    expect(mine.body.payments.every((p: any) => fake.orders.has(p.orderId))).toBe(true);
    expect(mine.body.payments).toEqual([]);
  });

  it('creates refunds at Cashfree, releases refused ones, and re-checks unconfirmed ones', async () => {
    const payer = await newCreator();
    const { body } = await pay('intermediate', payer);
    expect(body.amount).toBe(2999);
    fake.addPayment(body.orderId, 'SUCCESS');
    await status(body.orderId, payer);
    const refund = (payload: unknown) =>
      api.post(`/api/payment/refund/${body.orderId}`, payload, { token: admin.token });

    const part = await refund({ refundAmount: 999.5, refundNote: 'One reel dropped' });
    expect(part.status).toBe(201);
    const sent = fake.requests.filter((r) => r.path === `/pg/orders/${body.orderId}/refunds`).at(-1)!;
    expect(sent.body).toEqual({
      refund_amount: 999.5,
      refund_id: part.body.refund.refundId,
      refund_note: 'One reel dropped',
    });
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);

    // Refused by the gateway: nothing is reserved.
    fake.failNext(400, {
      message: 'refund not allowed',
      code: 'refund_invalid',
      type: 'invalid_request_error',
    });
    const refused = await refund({ refundAmount: 100 });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain('refund not allowed');
    // No answer: kept PENDING, then found unknown at the gateway and sent again with the same id.
    fake.failNext(500, { message: 'boom', code: 'internal', type: 'api_error' });
    const lost = await refund({ refundAmount: 100 });
    expect(lost.status).toBe(502);
    const pendingRead = await api.get(`/api/payment/refund/${body.orderId}`, { token: admin.token });
    expect(pendingRead.body.refunds.map((r: any) => [r.amount, r.status])).toEqual([
      [999.5, 'PENDING'],
      [100, 'PENDING'],
    ]);
    expect(pendingRead.body.remainingAmount).toBe(1899.5);

    // Cashfree settles the first; re-checks happen at most every 30 s, so age the rows.
    fake.setRefundStatus(body.orderId, part.body.refund.refundId, 'SUCCESS');
    const [paymentRow] = await server.db.select().from(payments).where(eq(payments.orderId, body.orderId));
    await server.db
      .update(refunds)
      .set({ updatedAt: new Date(Date.now() - 60_000) })
      .where(eq(refunds.paymentId, paymentRow!.id));
    const settled = await api.get(`/api/payment/refund/${body.orderId}`, { token: admin.token });
    expect(settled.body.refunds.map((r: any) => [r.amount, r.status])).toEqual([
      [999.5, 'SUCCESS'],
      [100, 'PENDING'],
    ]);
    expect(settled.body.remainingAmount).toBe(1899.5);
    // Cashfree now holds the lost refund, once, under the id we first chose.
    const lostId = settled.body.refunds[1].refundId;
    expect(fake.refundsOf(body.orderId).filter((r) => r.refund_id === lostId)).toHaveLength(1);
    expect(fake.violations).toEqual([]);
  });
});

describe('payments API with Cashfree behind https', () => {
  let fake: FakeCashfree;
  let server: TestServer;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    server = await startTestServer({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: fake.clientId,
      CASHFREE_CLIENT_SECRET: fake.clientSecret,
      CASHFREE_BASE_URL: fake.baseUrl,
      PUBLIC_URL: 'https://cutroom.example',
    });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  it('asks Cashfree to notify our webhook', async () => {
    const [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 700 }),
    ]);
    const res = await apiClient(server.url).post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(res.status).toBe(201);
    expect(fake.orders.get(res.body.orderId)!.body.order_meta).toEqual({
      return_url: 'https://cutroom.example/payment-success?order_id={order_id}',
      notify_url: 'https://cutroom.example/api/payment/webhook',
    });
    expect(fake.violations).toEqual([]);
  });
});

describe('payment status reads: a brief cache of the gateway answer, and a per-user limit', () => {
  let fake: FakeCashfree;
  let server: TestServer;
  let api: ApiClient;
  let editor: TestUser;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    server = await startTestServer({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_CLIENT_ID: fake.clientId,
      CASHFREE_CLIENT_SECRET: fake.clientSecret,
      CASHFREE_BASE_URL: fake.baseUrl,
      RATE_LIMIT_DISABLED: '0',
    });
    api = apiClient(server.url);
    editor = await createPricedEditor(server.db, { basic: 1499 });
  });
  afterAll(async () => {
    await server?.close();
    await fake?.close();
  });

  const openPayment = async () => {
    const payer = await createTestUser(server.db, 'creator');
    const res = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: payer.token },
    );
    expect(res.status).toBe(201);
    return { payer, orderId: res.body.orderId as string };
  };
  const status = (orderId: string, who: TestUser) =>
    api.get(`/api/payment/status/${orderId}`, { token: who.token });

  it('asks the gateway at most once in a few seconds however often an open order is read', async () => {
    const { payer, orderId } = await openPayment();
    const before = fake.readsOf(orderId);
    const together = await Promise.all(Array.from({ length: 8 }, () => status(orderId, payer)));
    expect(together.map((r) => r.status)).toEqual(Array(8).fill(200));
    for (let i = 0; i < 8; i++) {
      expect((await status(orderId, payer)).body.payment.status).toBe('INITIATED');
    }
    // One reconciliation reads the payments and then the order: one gateway answer, two calls at most.
    const calls = fake.readsOf(orderId) - before;
    expect(calls).toBeGreaterThan(0);
    expect(calls).toBeLessThanOrEqual(2);
  });

  it('still tells a cancel from a decline when the webhook lands within the cached answer', async () => {
    for (const [type, outcome] of [
      ['PAYMENT_USER_DROPPED_WEBHOOK', 'cancelled'],
      ['PAYMENT_FAILED_WEBHOOK', 'failed'],
    ] as const) {
      const { payer, orderId } = await openPayment();
      // The result page's first read: nothing attempted yet, and that answer is kept a few seconds.
      expect((await status(orderId, payer)).body.outcome).toBe('pending');
      const attempt = fake.addPayment(orderId, type === 'PAYMENT_FAILED_WEBHOOK' ? 'FAILED' : 'USER_DROPPED');
      const hook = await postWebhook(
        server.url,
        fake.clientSecret,
        paymentWebhookBody({ type, orderId, cfPaymentId: attempt.cf_payment_id, amount: 1499 }),
      );
      expect(hook.status).toBe(200);
      // Read again at once: the cached answer names no attempt; the webhook's record does.
      expect((await status(orderId, payer)).body).toMatchObject({ outcome, payment: { status: 'FAILED' } });
    }
  });

  it('limits one user’s status reads with a readable 429, without touching another user', async () => {
    const { payer, orderId } = await openPayment();
    let limited: Awaited<ReturnType<typeof status>> | undefined;
    for (let i = 0; i < 200 && !limited; i++) {
      const res = await status(orderId, payer);
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(200);
    }
    expect(limited?.status).toBe(429);
    expect(limited?.body.message).toMatch(/^Too many requests, please try again in \d+ seconds$/);
    const other = await openPayment();
    expect((await status(other.orderId, other.payer)).status).toBe(200);
  });
});
