import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorSplitsFor } from '../src/modules/payments/gateway';
import { signWebhook } from '../src/modules/payments/webhook-format';
import { eventually, paymentWebhookBody, postWebhook, refundWebhookBody } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, openRoom, payOrder, refundsOf, sendOffer } from './orders/fixtures';
import { activePayoutAccount, expectLedgerBalanced } from './payouts/fixtures';

/**
 * Hostile API tests of what docs/payouts.md and docs/api.md (Payments, Reconciliation, Payment webhook,
 * Payouts) promise: concurrent refunds, concurrent reconciliation runs, webhook abuse, query abuse, and a
 * refund before the split. Written from the documents only.
 */
describe('payouts, hostile: refunds, webhooks and reconciliation under abuse', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let admin2: TestUser;
  let creator: TestUser;

  beforeAll(async () => {
    // Reconciliation only on request, so the concurrency test owns every run.
    server = await startTestServer({ RECONCILE_INTERVAL_SECONDS: '0' });
    api = apiClient(server.url);
    [admin, admin2, creator] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
    ]);
  });
  afterAll(() => server?.close());

  const secret = () => server.config.webhookSecret;
  const balancesOf = async (editor: TestUser) =>
    (await api.get('/api/earnings', { token: editor.token })).body.balances as {
      available: number;
      pending: number;
      paidOut: number;
    };
  /** A paid (not completed) order of `amount` rupees between the creator and this editor. */
  const paidOrder = async (editor: TestUser, amount: number) => {
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const mine = await api.get('/api/payment/creator/me', { token: creator.token });
    expect(mine.status).toBe(200);
    const payment = (mine.body.payments as any[]).find(
      (p) => p.cutroomOrderId === offer._id || p.orderId?.includes(offer._id) || p.order?._id === offer._id,
    );
    expect(payment, JSON.stringify(mine.body.payments[0])).toBeTruthy();
    return { orderId: offer._id as string, gatewayOrderId: payment.orderId as string, payment };
  };
  const refund = (gatewayOrderId: string, body: unknown, who: TestUser = admin) =>
    api.post(`/api/payment/refund/${gatewayOrderId}`, body, { token: who.token });
  const allRefundsSettled = (gatewayOrderId: string) =>
    eventually(async () => {
      const s = await refundsOf(api, admin, gatewayOrderId);
      return s.refunds.every((r) => r.status !== 'PENDING' && r.status !== 'ONHOLD') ? s : null;
    }, 20_000);

  it('many partial refunds at once never exceed what was paid, and a full refund takes back exactly the share', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId } = await paidOrder(editor, 1000);
    // Eight refunds of ₹150 at once (₹1,200 asked of ₹1,000 paid) while the split job runs.
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => refund(gatewayOrderId, { refundAmount: 150, refundNote: 'partial' })),
    );
    // Within the remainder each is made (201); past it, refused (400/409). A gateway refusal of the
    // order's own refund split (502) means Cutroom sent the gateway a part the vendor did not hold.
    const statuses = replies.map((r) => `${r.status} ${JSON.stringify(r.body?.message ?? '')}`);
    for (const r of replies) expect.soft([201, 400, 409], statuses.join(' | ')).toContain(r.status);
    const made = replies.filter((r) => r.status === 201).length;
    expect.soft(made, statuses.join(' | ')).toBe(6);
    expect(made).toBeGreaterThanOrEqual(1);
    expect(made * 150).toBeLessThanOrEqual(1000);
    let summary = await allRefundsSettled(gatewayOrderId);
    expect(summary.refundedAmount).toBeLessThanOrEqual(1000);
    expect(summary.refundedAmount).toBeCloseTo(made * 150, 2);
    expect(summary.remainingAmount).toBeCloseTo(1000 - made * 150, 2);
    await expectLedgerBalanced(server);

    // Then full refunds at once: only the remainder goes back, once.
    const fulls = await Promise.all(Array.from({ length: 4 }, () => refund(gatewayOrderId, { full: true })));
    for (const r of fulls) expect([201, 400, 409], JSON.stringify(r.body)).toContain(r.status);
    expect(fulls.filter((r) => r.status === 201)).toHaveLength(1);
    summary = await allRefundsSettled(gatewayOrderId);
    expect(summary.refundedAmount).toBe(1000);
    expect(summary.remainingAmount).toBe(0);
    const again = await refund(gatewayOrderId, { refundAmount: 1 });
    expect(again.status).toBe(409);

    // Refunded in full: the editor keeps nothing, and no balance went negative.
    const balances = await eventually(async () => {
      const b = await balancesOf(editor);
      return b.pending === 0 && b.available === 0 ? b : null;
    }, 15_000);
    expect(balances).toEqual({ available: 0, pending: 0, paidOut: 0 });
    await expectLedgerBalanced(server);
    const rows = await api.get('/api/earnings/orders', { token: editor.token });
    expect(rows.body.items[0].state).toBe('refunded');
  });

  it('an order refunded in full before its split is sent credits nothing to the editor', async () => {
    // No payout account yet: the split waits for the vendor, so the refund comes first.
    const editor = await createTestUser(server.db, 'editor');
    const { gatewayOrderId } = await paidOrder(editor, 1200);
    const r = await refund(gatewayOrderId, { full: true });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    await allRefundsSettled(gatewayOrderId);
    // Now the vendor becomes active and the waiting split is queued.
    await activePayoutAccount(api, editor);
    await new Promise((res) => setTimeout(res, 1500));
    expect(await balancesOf(editor)).toEqual({ available: 0, pending: 0, paidOut: 0 });
    const splits = simulatorSplitsFor(server.app)!;
    const atGateway = await splits.getOrderSplit(gatewayOrderId);
    const sent = (atGateway?.vendors ?? []).reduce((sum, v) => sum + v.amountPaise, 0);
    expect(sent).toBe(0);
    await expectLedgerBalanced(server);
  });

  it('two admins pressing Run now at once: no crash, no duplicated findings; others are refused', async () => {
    const replies = await Promise.all([
      api.post('/api/admin/reconciliation/run', undefined, { token: admin.token }),
      api.post('/api/admin/reconciliation/run', undefined, { token: admin2.token }),
      api.post('/api/admin/reconciliation/run', undefined, { token: admin.token }),
    ]);
    for (const r of replies) {
      expect([200, 409], JSON.stringify(r.body)).toContain(r.status);
      expect(typeof r.body.message).toBe('string');
    }
    expect(replies.some((r) => r.status === 200)).toBe(true);
    for (const r of replies.filter((x) => x.status === 200)) {
      expect(r.body.message).toBe('Reconciliation ran.');
      // An admin's pass, finished without an error.
      expect(r.body.run).toMatchObject({ trigger: 'admin', error: null });
      expect(typeof r.body.run.finishedAt).toBe('string');
    }
    const list = await api.get('/api/admin/reconciliation?limit=100', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.lastRun).toMatchObject({ id: expect.any(String), error: null });
    const keys = (list.body.items as any[]).map((f) =>
      JSON.stringify({ ...f, _id: undefined, id: undefined, createdAt: undefined, runId: undefined }),
    );
    expect(new Set(keys).size).toBe(keys.length);

    const editor = await createTestUser(server.db, 'editor');
    for (const who of [creator, editor]) {
      expect((await api.post('/api/admin/reconciliation/run', undefined, { token: who.token })).status).toBe(
        403,
      );
      expect((await api.get('/api/admin/reconciliation', { token: who.token })).status).toBe(403);
    }
    expect((await api.post('/api/admin/reconciliation/run')).status).toBe(401);
    expect((await api.get('/api/admin/reconciliation')).status).toBe(401);
  });

  it('refuses abusive reconciliation queries with 400, never 500', async () => {
    const get = (q: string) => api.get(`/api/admin/reconciliation?${q}`, { token: admin.token });
    for (const q of [
      'kind=bogus',
      'kind=',
      'kind=payment_confirmed&kind=refund_resent',
      'cursor=not-a-cursor',
      'cursor=%00',
      `cursor=${'A'.repeat(5000)}`,
      `cursor=${Buffer.from('9999-99-99T99:99:99.999999Z|x').toString('base64url')}`,
      'limit=0',
      'limit=101',
      'limit=-1',
      'limit=1e300',
      'limit=99999999999999999999999',
      'limit=1.5',
      'limit=abc',
      'limit=',
      'limit=1&limit=2',
      'kind=%00',
      'kind=%ED%A0%80',
    ]) {
      const res = await get(q);
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    for (const q of ['limit=1', 'limit=100', 'kind=refund_external', 'kind=duplicate_payment&limit=5']) {
      const res = await get(q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body.items)).toBe(true);
    }
  });

  it('answers forged, stale, oversized and malformed webhooks with 4xx and moves no money', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId } = await paidOrder(editor, 800);
    const before = await expectLedgerBalanced(server);
    const body = refundWebhookBody({
      orderId: gatewayOrderId,
      refundId: 'forged_1',
      cfRefundId: 1,
      amount: 800,
      status: 'SUCCESS',
    });
    // Forged: signed with another secret, no signature, a signature over other bytes.
    expect((await postWebhook(server.url, 'not-the-secret', body)).status).toBe(401);
    const ts = String(Date.now());
    expect(
      (
        await postWebhook(server.url, secret(), body, {
          timestamp: ts,
          signature: signWebhook(secret(), ts, `${body} `),
        })
      ).status,
    ).toBe(401);
    expect((await postWebhook(server.url, secret(), body, { signature: '' })).status).toBe(401);
    // Stale and far-future timestamps, correctly signed.
    for (const t of [String(Date.now() - 25 * 3_600_000), String(Date.now() + 25 * 3_600_000), 'yesterday']) {
      const res = await postWebhook(server.url, secret(), body, { timestamp: t });
      expect(res.status, t).toBe(401);
    }
    // Signed but not a webhook.
    for (const junk of ['{', '{"type":"REFUND_STATUS_WEBHOOK","data":{"refund":7}}', '']) {
      const res = await postWebhook(server.url, secret(), junk);
      expect(res.status, junk).toBe(400);
    }
    // Valid JSON that is no event at all: acknowledged and ignored, or refused; never a crash.
    for (const junk of ['[]', 'null', '"x"', '{"type":{"a":1}}']) {
      const res = await postWebhook(server.url, secret(), junk);
      expect([200, 400], junk).toContain(res.status);
    }
    // Oversized (> 256 KB), signed.
    const big = body.replace('"refund_note":"Test"', `"refund_note":"${'x'.repeat(300 * 1024)}"`);
    const bigRes = await postWebhook(server.url, secret(), big);
    expect(bigRes.status).toBe(413);

    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect(summary.refundedAmount).toBe(0);
    expect(await expectLedgerBalanced(server)).toEqual(before);
  });

  it('refund webhooks for unknown orders, with NUL or lone surrogates, are answered without a 5xx', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId } = await paidOrder(editor, 700);
    const before = await expectLedgerBalanced(server);
    const send = (b: string) => postWebhook(server.url, secret(), b);
    const unknown = await send(
      refundWebhookBody({
        orderId: 'no_such_order_123',
        refundId: 'r_x',
        cfRefundId: 2,
        amount: 10,
        status: 'SUCCESS',
      }),
    );
    expect(unknown.status, JSON.stringify(unknown.body)).toBe(200);
    for (const [orderId, refundId] of [
      [gatewayOrderId, 'r\\u0000nul'],
      ['x\\u0000y', 'r_nul_order'],
      [gatewayOrderId, 'r\\ud800lone'],
      ['x\\udc00y', 'r_lone_order'],
      [`${gatewayOrderId}\\u0000`, 'r_nul_tail'],
    ] as [string, string][]) {
      const res = await send(
        refundWebhookBody({ orderId, refundId, cfRefundId: 3, amount: 5, status: 'SUCCESS' }),
      );
      expect.soft([200, 400], `${orderId} ${refundId}: ${JSON.stringify(res.body)}`).toContain(res.status);
    }
    const pay = await send(
      paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: 'o\\u0000x',
        cfPaymentId: '1\\ud800',
        amount: 5,
      }),
    );
    expect([200, 400], JSON.stringify(pay.body)).toContain(pay.status);
    // A signed refund of ₹5 with an odd id may be recorded as a refund made outside Cutroom (at most the
    // ₹5 refunds sent for this order); the unknown orders move nothing, and the books still balance.
    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect(summary.refundedAmount).toBeLessThanOrEqual(15);
    const after = await expectLedgerBalanced(server);
    expect(-after.customer).toBeGreaterThanOrEqual(-before.customer - 1500);
    expect((await api.get('/api/health')).status).toBeLessThan(500);
  });

  it('an external refund webhook larger than what was paid never refunds more than the payment', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId } = await paidOrder(editor, 600);
    const res = await postWebhook(
      server.url,
      secret(),
      refundWebhookBody({
        orderId: gatewayOrderId,
        refundId: 'ext_huge',
        cfRefundId: 44,
        amount: 60000,
        status: 'SUCCESS',
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500));
    const summary = await refundsOf(api, admin, gatewayOrderId);
    expect.soft(summary.refundedAmount).toBeLessThanOrEqual(600);
    expect.soft(summary.remainingAmount).toBeGreaterThanOrEqual(0);
    const b = await balancesOf(editor);
    expect.soft(b.pending, JSON.stringify(b)).toBeGreaterThanOrEqual(0);
    expect.soft(b.available, JSON.stringify(b)).toBeGreaterThanOrEqual(0);
    await expectLedgerBalanced(server);
    // And an admin can still not push it past the amount.
    const more = await refund(gatewayOrderId, { refundAmount: 600 });
    expect(more.status).toBeLessThan(500);
    await allRefundsSettled(gatewayOrderId);
    expect((await refundsOf(api, admin, gatewayOrderId)).refundedAmount).toBeLessThanOrEqual(600);
    await expectLedgerBalanced(server);
  });

  it('replayed and reordered refund webhooks change nothing after the first', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId } = await paidOrder(editor, 900);
    const made = await refund(gatewayOrderId, { refundAmount: 300, refundNote: 'partial' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const settled = await allRefundsSettled(gatewayOrderId);
    expect(settled.refundedAmount).toBe(300);
    const refundId: string = made.body.refund.refundId ?? made.body.refund.refund_id ?? made.body.refund.id;
    expect(typeof refundId).toBe('string');
    const afterFirst = await expectLedgerBalanced(server);
    const pendingAfter = (await balancesOf(editor)).pending;

    const success = refundWebhookBody({
      orderId: gatewayOrderId,
      refundId,
      cfRefundId: 9001,
      amount: 300,
      status: 'SUCCESS',
    });
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => postWebhook(server.url, secret(), success)),
    );
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Out of order: a PENDING and a CANCELLED after the SUCCESS.
    for (const status of ['PENDING', 'CANCELLED'] as const) {
      const r = await postWebhook(
        server.url,
        secret(),
        refundWebhookBody({ orderId: gatewayOrderId, refundId, cfRefundId: 9001, amount: 300, status }),
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // A replay claiming a different amount for the same refund id.
    const twisted = await postWebhook(
      server.url,
      secret(),
      refundWebhookBody({
        orderId: gatewayOrderId,
        refundId,
        cfRefundId: 9001,
        amount: 900,
        status: 'SUCCESS',
      }),
    );
    expect(twisted.status).toBeLessThan(500);
    await new Promise((r) => setTimeout(r, 500));
    const now = await refundsOf(api, admin, gatewayOrderId);
    expect(now.refundedAmount).toBe(300);
    expect(now.refunds.filter((r) => r.status === 'SUCCESS')).toHaveLength(1);
    expect((await balancesOf(editor)).pending).toBe(pendingAfter);
    expect(await expectLedgerBalanced(server)).toEqual(afterFirst);
  });

  it('a replayed payment webhook and one at another amount move nothing', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await activePayoutAccount(api, editor);
    const { gatewayOrderId, payment } = await paidOrder(editor, 500);
    const before = await expectLedgerBalanced(server);
    const pendingBefore = (await balancesOf(editor)).pending;
    const cfPaymentId = String(payment.cfPaymentId ?? payment.cf_payment_id ?? payment.paymentId ?? '');
    if (cfPaymentId) {
      const same = paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: gatewayOrderId,
        cfPaymentId,
        amount: 500,
      });
      const replies = await Promise.all(
        Array.from({ length: 4 }, () => postWebhook(server.url, secret(), same)),
      );
      for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    // A different order amount is ignored; a FAILED after SUCCESS changes nothing (SUCCESS is final).
    const other = await postWebhook(
      server.url,
      secret(),
      paymentWebhookBody({
        type: 'PAYMENT_SUCCESS_WEBHOOK',
        orderId: gatewayOrderId,
        cfPaymentId: '55501',
        amount: 50,
      }),
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const failed = await postWebhook(
      server.url,
      secret(),
      paymentWebhookBody({
        type: 'PAYMENT_FAILED_WEBHOOK',
        orderId: gatewayOrderId,
        cfPaymentId: cfPaymentId || '55502',
        amount: 500,
      }),
    );
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    const status = await api.get(`/api/payment/status/${gatewayOrderId}`, { token: creator.token });
    expect(status.status).toBe(200);
    expect(status.body.outcome).toBe('paid');
    expect((await balancesOf(editor)).pending).toBe(pendingBefore);
    expect(await expectLedgerBalanced(server)).toEqual(before);
  });
});
