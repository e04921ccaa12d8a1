import { ORDER_MESSAGES } from '@cutroom/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, users } from '../src/db/schema';
import { simulatorFor } from '../src/modules/payments/gateway';
import type {
  RefundSucceeded as PaymentRefundedEvent,
  PaymentSucceeded as PaymentSucceededEvent,
} from '../src/events';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  createPricedEditor,
  eventually,
  paymentWebhookBody,
  postWebhook,
  refundWebhookBody,
} from './fakes/payment-fixtures';

describe('payments through the simulator', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let otherCreator: TestUser;
  let editor: TestUser;
  let otherEditor: TestUser;
  let admin: TestUser;
  const succeeded: PaymentSucceededEvent[] = [];
  const refunded: PaymentRefundedEvent[] = [];

  beforeAll(async () => {
    // Tests here change the gateway's answer between two reads; the status cache has its own test.
    server = await startTestServer({ PAYMENT_STATUS_CACHE_SECONDS: '0' });
    api = apiClient(server.url);
    [creator, otherCreator, editor, otherEditor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 1499, intermediate: 2999, pro: null }),
      createPricedEditor(server.db, { basic: 500 }),
      createTestUser(server.db, 'admin'),
    ]);
    server.app.events.onAfterCommit('payment.succeeded', (e) => void succeeded.push(e), { by: 'test' });
    server.app.events.onAfterCommit('refund.succeeded', (e) => void refunded.push(e), { by: 'test' });
  });
  afterAll(() => server?.close());

  const pay = (who: TestUser, editorId: string, tier: string, body: unknown = { phone: '9876543210' }) =>
    api.post(`/api/payment/${editorId}/${tier}`, body, { token: who.token });

  /** Drives the simulator's checkout page as a browser would: a form post, then the 303 back to us. */
  async function checkout(sessionId: string, outcome: 'SUCCESS' | 'FAILED' | 'USER_DROPPED') {
    const res = await fetch(`${server.url}/simulator/checkout/${sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    });
    return { status: res.status, location: res.headers.get('location') };
  }

  const status = (orderId: string, who: TestUser = creator) =>
    api.get(`/api/payment/status/${orderId}`, { token: who.token });

  /**
   * The attempt is paid at the simulated gateway (its order PAID) and its webhook lost, so the test can
   * sign that webhook itself: a SUCCESS webhook counts only once the gateway confirms the order PAID.
   */
  const paidAtGateway = (sessionId: string, cfPaymentId: string, amountRupees?: number) =>
    simulatorFor(server.app)!.completeCheckout(sessionId, 'SUCCESS', {
      webhook: false,
      cfPaymentId,
      paymentAmountPaise: amountRupees === undefined ? undefined : Math.round(amountRupees * 100),
    });

  it('charges the amount of the editor tier, whatever the client sends', async () => {
    const res = await pay(creator, editor.id, 'basic', {
      phone: '9876543210',
      creatorNote: 'Two reels please',
      amount: 1,
      amountPaise: 100,
      orderAmount: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount: 1499,
      planType: 'basic',
      provider: 'simulator',
      mode: 'sandbox',
    });
    expect(res.body.orderId).toMatch(/^[A-Za-z0-9_-]{3,45}$/);
    expect(res.body.paymentSessionId).toMatch(/^session_/);
    const [row] = await server.db.select().from(payments).where(eq(payments.orderId, res.body.orderId));
    expect(row).toMatchObject({ amountPaise: 149_900, status: 'INITIATED', creatorNote: 'Two reels please' });

    const intermediate = await pay(creator, editor.id, 'intermediate');
    expect(intermediate.body.amount).toBe(2999);
  });

  it('refuses what cannot be paid, with readable messages', async () => {
    const noPrice = await pay(creator, editor.id, 'pro');
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toMatch(/Contact for pricing/);
    const noTier = await pay(creator, otherEditor.id, 'pro');
    expect(noTier.status).toBe(400);
    expect((await pay(creator, editor.id, 'platinum')).status).toBe(400);
    for (const phone of ['12345', '98765432101', 'abcdefghij', '']) {
      const bad = await pay(creator, editor.id, 'basic', { phone });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Please enter a valid 10-digit phone number');
    }
    const unknown = await pay(creator, '00000000-0000-4000-8000-000000000000', 'basic');
    expect(unknown.status).toBe(404);
    expect((await pay(creator, 'not-a-uuid', 'basic')).status).toBe(404);
    expect((await pay(creator, creator.id, 'basic')).status).toBe(404);

    const gone = await createPricedEditor(server.db, { basic: 999 });
    await server.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const deleted = await pay(creator, gone.id, 'basic');
    expect(deleted.status).toBe(404);
    expect(deleted.body.message).toBe('Editor not found or deleted');
  });

  it("keeps the payer's phone as its 10 digits, however it was typed", async () => {
    const payer = await createTestUser(server.db, 'creator');
    const res = await pay(payer, otherEditor.id, 'basic', { phone: '+91 98765-43210' });
    expect(res.status).toBe(201);
    const [row] = await server.db.select().from(payments).where(eq(payments.orderId, res.body.orderId));
    expect(row!.phone).toBe('9876543210');
  });

  it('lets only creators pay', async () => {
    expect((await api.post(`/api/payment/${editor.id}/basic`, { phone: '9876543210' })).status).toBe(401);
    expect((await pay(otherEditor, editor.id, 'basic')).status).toBe(403);
    expect((await pay(admin, editor.id, 'basic')).status).toBe(403);
  });

  it('pays through the simulator checkout: webhook, then back to the result page', async () => {
    const created = await pay(creator, editor.id, 'basic');
    const page = await fetch(`${server.url}/simulator/checkout/${created.body.paymentSessionId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('₹1,499');
    expect(html).toContain(created.body.orderId);
    for (const label of ['Success', 'Failure', 'Cancel']) expect(html).toContain(`>${label}</button>`);
    expect(html).not.toContain('<script');
    // Nobody mistakes the simulator for a real checkout.
    expect(html).toMatch(/<div[^>]*role="alert"[^>]*>[^<]*Test payments/);

    const before = succeeded.length;
    const done = await checkout(created.body.paymentSessionId, 'SUCCESS');
    expect(done.status).toBe(303);
    expect(done.location).toBe(`${server.url}/payment-success?order_id=${created.body.orderId}`);
    // The simulator delivered a signed webhook before redirecting, so the status is already known.
    const [row] = await server.db.select().from(payments).where(eq(payments.orderId, created.body.orderId));
    expect(row!.status).toBe('SUCCESS');
    expect(row!.cfPaymentId).toMatch(/^\d+$/);
    const read = await status(created.body.orderId);
    expect(read.status).toBe(200);
    expect(read.body.payment).toMatchObject({
      orderId: created.body.orderId,
      status: 'SUCCESS',
      amount: 1499,
      planType: 'basic',
      editor: { _id: editor.id, username: editor.username },
      creator: { username: creator.username },
      refundedAmount: 0,
      refunds: [],
    });
    expect(succeeded.length - before).toBe(1);
    expect(succeeded.at(-1)).toMatchObject({ orderId: created.body.orderId, creatorId: creator.id });

    // Paying again on a paid session changes nothing.
    expect((await checkout(created.body.paymentSessionId, 'FAILED')).status).toBe(303);
    expect((await status(created.body.orderId)).body.payment.status).toBe('SUCCESS');
    expect(succeeded.length - before).toBe(1);
    // The payment pays the order Pay Now created for this pair and tier: that order is paid, and it is
    // this creator's with this editor, nobody else's.
    expect(read.body.payment.order).toEqual(created.body.order);
    const bought = await api.get(`/api/orders/${created.body.order._id}`, { token: creator.token });
    expect(bought.body.data).toMatchObject({
      status: 'in_progress',
      paid: true,
      paymentOrderId: created.body.orderId,
      tier: 'basic',
      amount: 1499,
      editor: { _id: editor.id },
      creator: { _id: creator.id },
    });
    expect(
      (await api.get(`/api/orders/${created.body.order._id}`, { token: otherCreator.token })).status,
    ).toBe(404);
  });

  it('marks failed and cancelled checkouts FAILED, and a later success still wins', async () => {
    const failed = await pay(creator, editor.id, 'basic');
    await checkout(failed.body.paymentSessionId, 'FAILED');
    expect((await status(failed.body.orderId)).body.payment.status).toBe('FAILED');

    const dropped = await pay(creator, editor.id, 'basic');
    await checkout(dropped.body.paymentSessionId, 'USER_DROPPED');
    expect((await status(dropped.body.orderId)).body.payment.status).toBe('FAILED');

    // Pay Now again opened a new checkout for the same order: the older one was closed at the gateway.
    expect((await checkout(failed.body.paymentSessionId, 'SUCCESS')).status).toBe(410);
    // FAILED is not final: the payer retries on the open checkout and succeeds.
    await checkout(dropped.body.paymentSessionId, 'SUCCESS');
    expect((await status(dropped.body.orderId)).body.payment.status).toBe('SUCCESS');
  });

  it("says how a checkout ended: the simulator's Cancel is 'cancelled', a decline 'failed'", async () => {
    // Each payer has an unpaid order of their own (Pay Now again would hand back the same payment).
    const [canceller, declined, retried, lapsed] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'creator'),
    ]);
    const cancelled = await pay(canceller, editor.id, 'basic');
    expect((await status(cancelled.body.orderId, canceller)).body.outcome).toBe('pending');
    const back = await checkout(cancelled.body.paymentSessionId, 'USER_DROPPED');
    expect(back.location).toBe(`${server.url}/payment-success?order_id=${cancelled.body.orderId}`);
    const read = await status(cancelled.body.orderId, canceller);
    // SPEC's reply stays as it was: the payment, FAILED; the outcome comes beside it.
    expect(read.body).toMatchObject({ outcome: 'cancelled', payment: { status: 'FAILED' } });
    expect(Object.keys(read.body).sort()).toEqual(['outcome', 'payment']);
    // The payee and admins read the same outcome.
    expect((await status(cancelled.body.orderId, editor)).body.outcome).toBe('cancelled');
    expect((await status(cancelled.body.orderId, admin)).body.outcome).toBe('cancelled');

    const failed = await pay(declined, editor.id, 'basic');
    await checkout(failed.body.paymentSessionId, 'FAILED');
    expect((await status(failed.body.orderId, declined)).body).toMatchObject({
      outcome: 'failed',
      payment: { status: 'FAILED' },
    });

    // The last attempt decides: cancelled, then tried again and declined, reads as a decline; paid wins.
    const again = await pay(retried, editor.id, 'basic');
    await checkout(again.body.paymentSessionId, 'USER_DROPPED');
    expect((await status(again.body.orderId, retried)).body.outcome).toBe('cancelled');
    await checkout(again.body.paymentSessionId, 'FAILED');
    expect((await status(again.body.orderId, retried)).body.outcome).toBe('failed');
    await checkout(again.body.paymentSessionId, 'SUCCESS');
    expect((await status(again.body.orderId, retried)).body).toMatchObject({
      outcome: 'paid',
      payment: { status: 'SUCCESS' },
    });

    // Lapsed without any attempt: neither cancelled nor declined.
    const expired = await pay(lapsed, editor.id, 'basic');
    await server.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.orderId, expired.body.orderId));
    expect((await status(expired.body.orderId, lapsed)).body).toMatchObject({
      outcome: 'expired',
      payment: { status: 'FAILED' },
    });
  });

  it('simulates an offer (payment_amount below order_amount) and a late PAID after local expiry', async () => {
    const sim = simulatorFor(server.app)!;
    const offerPayer = await createTestUser(server.db, 'creator');
    const offer = await pay(offerPayer, editor.id, 'basic');
    await sim.completeCheckout(offer.body.paymentSessionId, 'SUCCESS', { paymentAmountPaise: 100 });
    expect(sim.checkoutSession(offer.body.paymentSessionId)!.payments.at(-1)!.amountPaise).toBe(100);
    expect((await status(offer.body.orderId, offerPayer)).body.payment).toMatchObject({
      status: 'SUCCESS',
      amount: 1499,
    });

    // The order lapses here; the payer's attempt completes at the gateway afterwards and its webhook is
    // lost: reading the status still finds the payment and settles the order.
    const latePayer = await createTestUser(server.db, 'creator');
    const late = await pay(latePayer, editor.id, 'basic');
    await server.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.orderId, late.body.orderId));
    expect((await status(late.body.orderId, latePayer)).body.payment.status).toBe('FAILED');
    await sim.completeCheckout(late.body.paymentSessionId, 'SUCCESS', { late: true, webhook: false });
    expect((await status(late.body.orderId, latePayer)).body.payment.status).toBe('SUCCESS');
    expect(succeeded.filter((e) => e.orderId === late.body.orderId)).toHaveLength(1);
    const order = await api.get(`/api/orders/${late.body.order._id}`, { token: latePayer.token });
    expect(order.body.data).toMatchObject({ paid: true, paymentOrderId: late.body.orderId });
  });

  it('shows the checkout page only for real sessions', async () => {
    const res = await fetch(`${server.url}/simulator/checkout/session_nope`);
    expect(res.status).toBe(404);
    const post = await checkout('session_nope', 'SUCCESS');
    expect(post.status).toBe(404);
  });

  describe('webhooks', () => {
    const secret = () => server.config.webhookSecret;

    it('refuses forged, unsigned and stale events with 401', async () => {
      const created = await pay(creator, editor.id, 'basic');
      const body = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: created.body.orderId,
        cfPaymentId: '111',
        amount: 1499,
      });
      expect((await postWebhook(server.url, 'not-the-secret', body)).status).toBe(401);
      expect((await postWebhook(server.url, secret(), body, { signature: '' })).status).toBe(401);
      // Signed properly, but the body was changed afterwards.
      const signedFor = await postWebhook(server.url, secret(), body, {
        signature: (await import('../src/modules/payments/webhook-format')).signWebhook(
          secret(),
          String(Date.now()),
          body.replace('1499.00', '1.00'),
        ),
      });
      expect(signedFor.status).toBe(401);
      // Cashfree retries for well over half an hour and processing is idempotent, so the window is wide;
      // an event signed days ago is still refused.
      const stale = String(Date.now() - 2 * 24 * 60 * 60 * 1000);
      const old = await postWebhook(server.url, secret(), body, { timestamp: stale });
      expect(old.status).toBe(401);
      expect(old.body.message).toMatch(/timestamp/);
      const unsigned = await fetch(`${server.url}/api/payment/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(unsigned.status).toBe(401);
      expect((await status(created.body.orderId)).body.payment.status).toBe('INITIATED');
    });

    it('accepts an event the gateway retries 40 minutes after it was first signed', async () => {
      const payer = await createTestUser(server.db, 'creator');
      const created = await pay(payer, editor.id, 'basic');
      const body = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: created.body.orderId,
        cfPaymentId: '909001',
        amount: 1499,
      });
      await paidAtGateway(created.body.paymentSessionId, '909001');
      const retried = await postWebhook(server.url, secret(), body, {
        timestamp: String(Date.now() - 40 * 60 * 1000),
      });
      expect(retried.status).toBe(200);
      expect(retried.body.message).toBe('Event processed');
      expect((await status(created.body.orderId, payer)).body.payment.status).toBe('SUCCESS');
    });

    it('settles on order_amount: an offer (paid less) or a surcharge (paid more) still pays', async () => {
      for (const [n, paid] of [
        [1, 1],
        [2, 1520.5],
      ] as const) {
        const payer = await createTestUser(server.db, 'creator');
        const created = await pay(payer, editor.id, 'basic');
        const body = paymentWebhookBody({
          type: 'PAYMENT_SUCCESS_WEBHOOK',
          orderId: created.body.orderId,
          cfPaymentId: `808${n}`,
          amount: paid,
          orderAmount: 1499,
        });
        await paidAtGateway(created.body.paymentSessionId, `808${n}`, paid);
        const res = await postWebhook(server.url, secret(), body);
        expect(res.body.message).toBe('Event processed');
        const read = await status(created.body.orderId, payer);
        expect(read.body.payment).toMatchObject({ status: 'SUCCESS', amount: 1499, cfPaymentId: `808${n}` });
        expect(succeeded.filter((e) => e.orderId === created.body.orderId)).toHaveLength(1);
      }
    });

    it('verifies the raw bytes (two-decimal amounts, odd spacing) and de-duplicates replays', async () => {
      const created = await pay(creator, editor.id, 'basic');
      const body = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: created.body.orderId,
        cfPaymentId: '222001',
        amount: 1499,
      }).replace('{"data":', '{ "data" :  ');
      await paidAtGateway(created.body.paymentSessionId, '222001');
      const before = succeeded.length;
      const first = await postWebhook(server.url, secret(), body);
      expect(first.status).toBe(200);
      expect(first.body.message).toBe('Event processed');
      const again = await Promise.all([1, 2, 3, 4, 5].map(() => postWebhook(server.url, secret(), body)));
      expect(again.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(again.map((r) => r.body.message)).toEqual(Array(5).fill('Event duplicate'));
      expect((await status(created.body.orderId)).body.payment.status).toBe('SUCCESS');
      expect(succeeded.filter((e) => e.orderId === created.body.orderId)).toHaveLength(1);
      expect(succeeded.length - before).toBe(1);
    });

    it('ends in SUCCESS whatever the order of FAILED and SUCCESS events, and however often', async () => {
      let n = 0;
      for (const order of [
        ['F', 'S'],
        ['S', 'F'],
        ['F', 'S', 'F', 'S', 'F'],
        ['S', 'S', 'F', 'F'],
      ]) {
        const created = await pay(creator, editor.id, 'intermediate');
        const events = {
          F: paymentWebhookBody({
            type: 'PAYMENT_FAILED_WEBHOOK',
            orderId: created.body.orderId,
            cfPaymentId: `5550${++n}`,
            amount: 2999,
          }),
          S: paymentWebhookBody({
            type: 'PAYMENT_SUCCESS_WEBHOOK',
            orderId: created.body.orderId,
            cfPaymentId: `5550${++n}`,
            amount: 2999,
          }),
        } as const;
        await paidAtGateway(created.body.paymentSessionId, `5550${n}`);
        for (const e of order) {
          expect((await postWebhook(server.url, secret(), events[e as 'F' | 'S'])).status).toBe(200);
        }
        expect((await status(created.body.orderId)).body.payment.status).toBe('SUCCESS');
        expect(succeeded.filter((e) => e.orderId === created.body.orderId)).toHaveLength(1);
      }
      const onlyFailed = await pay(creator, editor.id, 'basic');
      await postWebhook(
        server.url,
        secret(),
        paymentWebhookBody({
          type: 'PAYMENT_USER_DROPPED_WEBHOOK',
          orderId: onlyFailed.body.orderId,
          cfPaymentId: '333',
          amount: 1499,
        }),
      );
      expect((await status(onlyFailed.body.orderId)).body.payment.status).toBe('FAILED');
    });

    it('ignores events whose amount or order does not match ours', async () => {
      const created = await pay(creator, editor.id, 'basic');
      const cheap = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: created.body.orderId,
        cfPaymentId: '444',
        amount: 1,
      });
      const res = await postWebhook(server.url, secret(), cheap);
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Event ignored');
      const mixed = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: created.body.orderId,
        cfPaymentId: '445',
        amount: 1499,
        orderAmount: 14.99,
      });
      expect((await postWebhook(server.url, secret(), mixed)).body.message).toBe('Event ignored');
      const unknown = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: 'order_unknown_123',
        cfPaymentId: '446',
        amount: 1499,
      });
      expect((await postWebhook(server.url, secret(), unknown)).body.message).toBe('Event ignored');
      expect((await status(created.body.orderId)).body.payment.status).toBe('INITIATED');
      // A signed but broken body, and a signed event type we do not handle.
      expect((await postWebhook(server.url, secret(), '{"type":"PAYMENT_SUCCESS_WEBHOOK"}')).status).toBe(
        400,
      );
      const other = await postWebhook(server.url, secret(), '{"type":"SETTLEMENT_WEBHOOK","data":{}}');
      expect(other.status).toBe(200);
    });
  });

  it('lets only the payer, the payee and admins read an order, each shaped for them', async () => {
    // A payer with no unpaid order waiting (Pay Now again on one hands back its open payment as it was).
    const creator = await createTestUser(server.db, 'creator');
    const created = await pay(creator, editor.id, 'basic', { phone: '9123456780', creatorNote: 'Hi' });
    const own = await status(created.body.orderId, creator);
    expect(own.status).toBe(200);
    expect(own.body.payment).toMatchObject({ phone: '9123456780', creatorNote: 'Hi' });
    const payee = await status(created.body.orderId, editor);
    expect(payee.status).toBe(200);
    expect(payee.body.payment).not.toHaveProperty('phone');
    expect(payee.body.payment).not.toHaveProperty('creatorNote');
    expect(payee.body.payment.creator).toEqual({ username: creator.username });
    expect(JSON.stringify(payee.body)).not.toContain(creator.email!);
    const adminView = await status(created.body.orderId, admin);
    expect(adminView.status).toBe(200);
    expect(adminView.body.payment.creator).toEqual({ _id: creator.id, username: creator.username });
    expect((await status(created.body.orderId, otherCreator)).status).toBe(403);
    expect((await status(created.body.orderId, otherEditor)).status).toBe(403);
    expect((await api.get(`/api/payment/status/${created.body.orderId}`)).status).toBe(401);
    expect((await status('order_does_not_exist', admin)).status).toBe(404);
  });

  it('turns an order left INITIATED past its expiry into FAILED', async () => {
    const created = await pay(creator, editor.id, 'basic');
    await server.db
      .update(payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.orderId, created.body.orderId));
    expect((await status(created.body.orderId)).body.payment.status).toBe('FAILED');
  });

  it('lists own payments newest first, with a cursor, and all payments to admins page by page', async () => {
    const fresh = await createTestUser(server.db, 'creator');
    const made: string[] = [];
    // Five payments: each checkout is abandoned, so the next Pay Now opens a new payment of the order.
    for (let i = 0; i < 5; i++) {
      const created = await pay(fresh, otherEditor.id, 'basic');
      expect(created.status).toBe(201);
      made.push(created.body.orderId);
      await checkout(created.body.paymentSessionId, 'FAILED');
    }
    expect(new Set(made).size).toBe(5);
    const first = await api.get('/api/payment/creator/me?limit=3', { token: fresh.token });
    expect(first.status).toBe(200);
    expect(first.body.payments.map((p: any) => p.orderId)).toEqual(made.slice(2).reverse());
    expect(first.body.nextCursor).toBeTruthy();
    const second = await api.get(`/api/payment/creator/me?limit=3&before=${first.body.nextCursor}`, {
      token: fresh.token,
    });
    expect(second.body.payments.map((p: any) => p.orderId)).toEqual(made.slice(0, 2).reverse());
    expect(second.body.nextCursor).toBeUndefined();

    const received = await api.get('/api/payment/editor/me', { token: otherEditor.token });
    expect(received.status).toBe(200);
    expect(received.body.payments.slice(0, 5).map((p: any) => p.orderId)).toEqual([...made].reverse());
    expect(received.body.payments[0]).not.toHaveProperty('phone');

    const page1 = await api.get('/api/payment/admin?page=1&limit=2', { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.payments.map((p: any) => p.orderId)).toEqual([made[4], made[3]]);
    expect(page1.body.total).toBeGreaterThanOrEqual(5);
    const page2 = await api.get('/api/payment/admin?page=2&limit=2', { token: admin.token });
    expect(page2.body.payments.map((p: any) => p.orderId)).toEqual([made[2], made[1]]);
    expect((await api.get('/api/payment/admin?limit=1000', { token: admin.token })).status).toBe(400);

    expect((await api.get('/api/payment/creator/me', { token: editor.token })).status).toBe(403);
    expect((await api.get('/api/payment/editor/me', { token: creator.token })).status).toBe(403);
    expect((await api.get('/api/payment/admin', { token: creator.token })).status).toBe(403);
  });

  describe('refunds', () => {
    async function paidOrder(tier = 'basic', who: TestUser = creator): Promise<string> {
      const created = await pay(who, editor.id, tier);
      await checkout(created.body.paymentSessionId, 'SUCCESS');
      return created.body.orderId;
    }
    const refund = (orderId: string, body: unknown, who: TestUser = admin) =>
      api.post(`/api/payment/refund/${orderId}`, body, { token: who.token });

    it('refunds part, then the rest, then nothing more; each settles by webhook', async () => {
      const orderId = await paidOrder();
      const part = await refund(orderId, { refundAmount: 499.5, refundNote: 'Partial for one reel' });
      expect(part.status).toBe(201);
      expect(part.body.message).toBe('Refund created successfully!');
      expect(part.body.refund).toMatchObject({
        amount: 499.5,
        status: 'PENDING',
        note: 'Partial for one reel',
      });
      expect(part.body.refunds).toMatchObject({
        amount: 1499,
        refundedAmount: 499.5,
        remainingAmount: 999.5,
      });

      const rest = await refund(orderId, { full: true });
      expect(rest.status).toBe(201);
      expect(rest.body.refund).toMatchObject({ amount: 999.5, note: 'Refund initiated by admin' });
      const more = await refund(orderId, { refundAmount: 1 });
      expect(more.status).toBe(409);
      expect(more.body.message).toBe('This payment has already been fully refunded');

      const settled = await eventually(async () => {
        const r = await api.get(`/api/payment/refund/${orderId}`, { token: admin.token });
        return r.body.refunds.every((x: any) => x.status === 'SUCCESS') ? r.body : null;
      });
      expect(settled.refunds).toHaveLength(2);
      expect(settled.remainingAmount).toBe(0);
      // The events go out after their commits, a moment after the refunds read SUCCESS.
      const events = await eventually(async () => {
        const mine = refunded.filter((e) => e.orderId === orderId);
        return mine.length >= 2 ? mine : null;
      });
      expect(events).toHaveLength(2);
      expect(events.find((e) => e.fullyRefunded)).toMatchObject({ refundedPaise: 149_900 });
      const shown = await status(orderId);
      expect(shown.body.payment.refundedAmount).toBe(1499);
      expect(shown.body.payment.refunds.map((r: any) => r.status)).toEqual(['SUCCESS', 'SUCCESS']);
      // Fully refunded, the payment no longer pays its order.
      const order = await api.get(`/api/orders/${shown.body.payment.order._id}`, { token: creator.token });
      expect(order.body.data).toMatchObject({ paid: false, paymentOrderId: orderId, refundedAmount: 1499 });
      // Its one payment is spent: paying again is refused with the reason, not 'already paid'.
      const again = await api.post(
        `/api/orders/${order.body.data._id}/pay`,
        { phone: '9876543210' },
        { token: creator.token },
      );
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(ORDER_MESSAGES.paymentRefunded);

      // Replayed refund webhooks change nothing.
      const body = refundWebhookBody({
        orderId,
        refundId: settled.refunds[0].refundId,
        cfRefundId: 1,
        amount: 499.5,
        status: 'CANCELLED',
      });
      await postWebhook(server.url, server.config.webhookSecret, body);
      expect(
        (await api.get(`/api/payment/refund/${orderId}`, { token: admin.token })).body.refunds[0].status,
      ).toBe('SUCCESS');
    });

    it('never refunds more than was paid, even with 20 concurrent requests', async () => {
      const orderId = await paidOrder('intermediate');
      const results = await Promise.all(
        Array.from({ length: 20 }, () => refund(orderId, { refundAmount: 400, refundNote: 'Concurrent' })),
      );
      const ok = results.filter((r) => r.status === 201);
      expect(ok).toHaveLength(7); // 7 × ₹400 = ₹2,800 of ₹2,999
      expect(results.filter((r) => r.status !== 201).every((r) => r.status === 400)).toBe(true);
      const read = await api.get(`/api/payment/refund/${orderId}`, { token: admin.token });
      expect(read.body.refundedAmount).toBe(2800);
      expect(read.body.remainingAmount).toBe(199);
      const again = await Promise.all(Array.from({ length: 20 }, () => refund(orderId, { full: true })));
      expect(again.filter((r) => r.status === 201)).toHaveLength(1);
      const after = await api.get(`/api/payment/refund/${orderId}`, { token: admin.token });
      expect(after.body.refundedAmount).toBe(2999);
      expect(after.body.refunds.reduce((s: number, r: any) => s + r.amount, 0)).toBe(2999);
    });

    it('refunds only successful payments, only for admins, with valid input', async () => {
      const unpaid = (await pay(creator, editor.id, 'basic')).body.orderId;
      const res = await refund(unpaid, { full: true });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only successful payments can be refunded');
      const orderId = await paidOrder();
      expect((await refund(orderId, { refundAmount: 2000 })).status).toBe(400);
      expect((await refund(orderId, { refundAmount: -5 })).status).toBe(400);
      expect((await refund(orderId, { refundAmount: 1.234 })).status).toBe(400);
      expect((await refund(orderId, { refundAmount: 10, refundNote: 'no' })).status).toBe(400);
      expect((await refund(orderId, { refundAmount: 10, refundNote: 'x'.repeat(101) })).status).toBe(400);
      expect((await refund(orderId, { refundAmount: 10 }, creator)).status).toBe(403);
      expect((await refund(orderId, { refundAmount: 10 }, editor)).status).toBe(403);
      expect((await api.post(`/api/payment/refund/${orderId}`, { refundAmount: 10 })).status).toBe(401);
      expect((await refund('order_missing', { refundAmount: 10 })).status).toBe(404);
      expect((await api.get(`/api/payment/refund/${orderId}`, { token: creator.token })).status).toBe(403);
      const read = await api.get(`/api/payment/refund/${orderId}`, { token: admin.token });
      expect(read.body).toMatchObject({ orderId, amount: 1499, refundedAmount: 0, remainingAmount: 1499 });
    });
  });

  it('tells the pages which checkout to prepare', async () => {
    const res = await api.get('/api/payment/gateway');
    expect(res.body).toEqual({ provider: 'simulator', mode: 'sandbox' });
  });
});
