import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import { bytesOf, systemLines } from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { checkout, deliver, openRoom, orderAs, payOrder, sendOffer } from './orders/fixtures';

describe('orders: the flows a creator and an editor go through', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it("SPEC's flow: offer → accept (pay on approval) → delivery → changes → v2 → approve → pay → download", async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createPricedEditor(server.db, { basic: 1499 });
    const roomId = await openRoom(api, creator, editor);

    const offer = await sendOffer(api, editor, roomId, { amount: 6999, revisions: 1, deliveryDays: 3 });
    expect(offer).toMatchObject({ status: 'offered', amount: 6999, revisionsIncluded: 1, paid: false });
    expect(offer.reference).toMatch(/^CR-\d{5,}$/);
    expect(offer.actions).toEqual(['withdraw']);
    expect((await orderAs(api, creator, offer._id)).actions).toEqual(['accept', 'decline']);

    const accepted = await api.post(
      `/api/orders/${offer._id}/accept`,
      { payNow: false },
      { token: creator.token },
    );
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ status: 'in_progress', paid: false });
    expect(new Date(accepted.body.data.dueAt).getTime()).toBeGreaterThan(Date.now() + 2.9 * 86_400_000);

    const v1 = await deliver(api, editor, roomId, offer._id);
    expect(v1.order).toMatchObject({ _id: offer._id, reference: offer.reference, status: 'delivered' });
    const changes = await api.post(
      `/api/deliveries/${v1._id}/request-changes`,
      { note: 'Shorter intro' },
      { token: creator.token },
    );
    expect(changes.status).toBe(200);
    expect((await orderAs(api, creator, offer._id)).revisionsLeft).toBe(0);

    const v2 = await deliver(api, editor, roomId, offer._id);
    const approved = await api.post(`/api/deliveries/${v2._id}/approve`, undefined, { token: creator.token });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', canDownload: false, paid: false });
    const refused = await api.get(`/api/deliveries/${v2._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(refused.status).toBe(403);

    const paid = await payOrder(api, server, creator, offer._id);
    expect(paid).toMatchObject({ status: 'completed', paid: true, amount: 6999 });
    const link = await api.get(`/api/deliveries/${v2._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(link.status).toBe(200);
    expect((await bytesOf(`${server.url}${link.body.url}`)).status).toBe(200);
    // v1 was not approved: its original stays locked even though the order is paid.
    const v1Final = await api.get(`/api/deliveries/${v1._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(v1Final.status).toBe(403);

    const again = await api.post(
      `/api/orders/${offer._id}/pay`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ORDER_MESSAGES.alreadyPaid);

    const lines = await systemLines(api, creator, roomId);
    expect(lines.some((l) => l.startsWith(`Offer ${offer.reference}`))).toBe(true);
    expect(lines).toContain(`Final file of delivery #${v2.number} released to the creator.`);
    // The approval reads before what it did to the order.
    const approvedAt = lines.indexOf(`Delivery #${v2.number} approved.`);
    const completedAt = lines.findIndex((l) => l.startsWith(`Order ${offer.reference} completed.`));
    expect(approvedAt).toBeGreaterThanOrEqual(0);
    expect(approvedAt).toBeLessThan(completedAt);
    expect(lines.find((l) => l.includes('payment is due on approval'))).toMatch(
      /Due \d{1,2} \w{3} 20\d\d, .* IST\.$/,
    );
    const detail = await api.get(`/api/orders/${offer._id}`, { token: editor.token });
    expect(detail.body.events.map((e: { type: string }) => e.type)).toEqual([
      'offered',
      'accepted',
      'delivered',
      'changes_requested',
      'delivered',
      'completed',
      'payment_started',
      'paid',
    ]);
  });

  it('Pay Now first → delivery → approve → download, without paying again; a basic order never releases another order', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createPricedEditor(server.db, { basic: 100, pro: 5000 });
    const bought = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(bought.status).toBe(201);
    expect(bought.body).toMatchObject({ amount: 100, planType: 'basic' });
    expect(bought.body.order.reference).toMatch(/^CR-/);
    // Pressing Pay Now again while unpaid pays the same order with the same checkout.
    const twice = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(twice.body.order._id).toBe(bought.body.order._id);
    expect(twice.body.paymentSessionId).toBe(bought.body.paymentSessionId);

    await checkout(server, bought.body.paymentSessionId);
    const basic = await orderAs(api, creator, bought.body.order._id);
    expect(basic).toMatchObject({ status: 'in_progress', paid: true, amount: 100 });
    const roomId = basic.roomId;

    // The editor's pro-priced work is another order, unpaid: approving it releases nothing.
    const pro = await sendOffer(api, editor, roomId, { amount: 5000, tier: 'pro' });
    await api.post(`/api/orders/${pro._id}/accept`, { payNow: false }, { token: creator.token });
    const proCut = await deliver(api, editor, roomId, pro._id);
    await api.post(`/api/deliveries/${proCut._id}/approve`, undefined, { token: creator.token });
    const proFinal = await api.get(`/api/deliveries/${proCut._id}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(proFinal.status).toBe(403);

    const basicCut = await deliver(api, editor, roomId, basic._id);
    const approved = await api.post(`/api/deliveries/${basicCut._id}/approve`, undefined, {
      token: creator.token,
    });
    expect(approved.body.data).toMatchObject({ canDownload: true, paid: true });
    const payments = await api.get('/api/payment/creator/me', { token: creator.token });
    expect(payments.body.payments).toHaveLength(1);
    expect(payments.body.payments[0].order.reference).toBe(basic.reference);
  });

  it('an admin cancelling a partly refunded order with a full refund returns only what remains', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const admin = await createTestUser(server.db, 'admin');
    const editor = await createPricedEditor(server.db, { basic: 1499 });
    const bought = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    await checkout(server, bought.body.paymentSessionId);
    const gatewayOrderId: string = bought.body.orderId;
    await eventually(async () => (await orderAs(api, creator, bought.body.order._id)).paid);

    const part = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 500 },
      { token: admin.token },
    );
    expect(part.status).toBe(201);
    const cancelled = await api.post(
      `/api/admin/orders/${bought.body.order._id}/cancel`,
      { full: true, note: 'Editor unavailable' },
      { token: admin.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'admin',
      cancelNote: 'Editor unavailable',
    });
    const refunds = await api.get(`/api/payment/refund/${gatewayOrderId}`, { token: admin.token });
    expect(refunds.body.refunds.map((r: { amount: number }) => r.amount)).toEqual([500, 999]);
    expect(refunds.body.remainingAmount).toBe(0);
  });
});
