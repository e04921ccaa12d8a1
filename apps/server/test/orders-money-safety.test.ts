import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_CHOICE_MESSAGES } from '@cutroom/contracts';
import { systemLines } from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { checkout, orderAs, refundsOf } from './orders/fixtures';

/** Issue 25, items 10 and 12: money actions say what they do, and refuse to guess. */
describe('orders: money safety nets and the words for what happened', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  /** A creator buys the editor's ₹1,499 Basic tier with Pay Now and pays it. */
  async function paidOrder() {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createPricedEditor(server.db, { basic: 1499 });
    const bought = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(bought.status).toBe(201);
    await checkout(server, bought.body.paymentSessionId);
    const orderId: string = bought.body.order._id;
    await eventually(async () => (await orderAs(api, creator, orderId)).paid);
    const { roomId } = await orderAs(api, creator, orderId);
    return { creator, editor, orderId, roomId, gatewayOrderId: bought.body.orderId as string };
  }

  it('a refund with no amount and no `full: true` is refused; `full: true` refunds all that remains', async () => {
    const { gatewayOrderId } = await paidOrder();
    const refund = (body: unknown) =>
      api.post(`/api/payment/refund/${gatewayOrderId}`, body, { token: admin.token });
    for (const empty of [{}, { refundAmount: null }, { refundAmount: '' }, { refundNote: 'Goodwill' }]) {
      const res = await refund(empty);
      expect(res.status, JSON.stringify(empty)).toBe(400);
      expect(res.body.message).toBe(REFUND_CHOICE_MESSAGES.missing);
    }
    const both = await refund({ full: true, refundAmount: 10 });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(REFUND_CHOICE_MESSAGES.both);
    expect((await refund({ full: false })).status).toBe(400);
    expect((await refundsOf(api, admin, gatewayOrderId)).refunds).toEqual([]);

    const full = await refund({ full: true });
    expect(full.status).toBe(201);
    expect(full.body.refund.amount).toBe(1499);
  });

  it("an admin's cancellation must choose: full, an amount, or 0", async () => {
    const { orderId } = await paidOrder();
    const cancel = (body: unknown) =>
      api.post(`/api/admin/orders/${orderId}/cancel`, body, { token: admin.token });
    const empty = await cancel({ note: 'Editor unavailable' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(REFUND_CHOICE_MESSAGES.missing);
    expect((await cancel({ refundAmount: null, note: 'Editor unavailable' })).status).toBe(400);
    expect((await orderAs(api, admin, orderId)).status).toBe('in_progress');
    const done = await cancel({ full: true, note: 'Editor unavailable' });
    expect(done.status).toBe(200);
    expect(done.body.data.status).toBe('cancelled');
  });

  it('GET /api/orders/{id}/money gives the split the ledger booked, and what a refund would move', async () => {
    const { creator, editor, orderId, gatewayOrderId } = await paidOrder();
    // 20 % platform fee (the test default) of ₹1,499.
    const base = { amount: 1499, paid: true, feePercent: 20, commission: 299.8, editorShare: 1199.2 };
    const mine = await api.get(`/api/orders/${orderId}/money`, { token: creator.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      ...base,
      refunded: 0,
      refundable: 1499,
      editorKeeps: 1199.2,
      refund: null,
    });
    expect((await api.get(`/api/orders/${orderId}/money`, { token: editor.token })).status).toBe(200);

    const stranger = await createTestUser(server.db, 'creator');
    expect((await api.get(`/api/orders/${orderId}/money`, { token: stranger.token })).status).toBe(404);
    expect((await api.get(`/api/orders/${orderId}/money`)).status).toBe(401);
    // Only admins preview refunds.
    expect((await api.get(`/api/orders/${orderId}/money?refund=500`, { token: creator.token })).status).toBe(
      403,
    );

    const preview = await api.get(`/api/orders/${orderId}/money?refund=500`, { token: admin.token });
    expect(preview.body.refund).toEqual({
      amount: 500,
      fromEditor: 400,
      fromPlatform: 100,
      editorKeeps: 799.2,
      platformKeeps: 199.8,
    });
    expect((await api.get(`/api/orders/${orderId}/money?refund=1500`, { token: admin.token })).status).toBe(
      400,
    );

    // The refund books what the preview said.
    const made = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 500 },
      { token: admin.token },
    );
    expect(made.status).toBe(201);
    const after = await eventually(async () => {
      const r = await api.get(`/api/orders/${orderId}/money?refund=full`, { token: admin.token });
      return r.body.refunded === 500 ? r.body : null;
    });
    expect(after).toMatchObject({ editorKeeps: 799.2, platformKeeps: 199.8, refundable: 999 });
    expect(after.refund).toEqual({
      amount: 999,
      fromEditor: 799.2,
      fromPlatform: 199.8,
      editorKeeps: 0,
      platformKeeps: 0,
    });
  });

  it("a goodwill refund tells the chat what the creator got back and what left the editor's share", async () => {
    const { creator, gatewayOrderId, roomId, orderId } = await paidOrder();
    const reference = (await orderAs(api, creator, orderId)).reference;
    const made = await api.post(
      `/api/payment/refund/${gatewayOrderId}`,
      { refundAmount: 500, refundNote: 'Goodwill for the delay' },
      { token: admin.token },
    );
    expect(made.status).toBe(201);
    const line = `₹500 of order ${reference} was refunded to the creator. The editor's share is ₹400 less.`;
    const lines = await eventually(async () => {
      const all = await systemLines(api, creator, roomId);
      return all.includes(line) ? all : null;
    });
    expect(lines.filter((l) => l === line)).toHaveLength(1);
  });

  it('a cancellation the editor proposed and the creator accepted says so in the chat', async () => {
    const { creator, editor, orderId, roomId } = await paidOrder();
    const reference = (await orderAs(api, creator, orderId)).reference;
    const asked = await api.post(
      `/api/orders/${orderId}/cancellation`,
      { reason: 'Out sick' },
      { token: editor.token },
    );
    expect(asked.status).toBe(200);
    const accepted = await api.post(
      `/api/orders/${orderId}/cancellation/accept`,
      {},
      { token: creator.token },
    );
    expect(accepted.status).toBe(200);
    const lines = await systemLines(api, creator, roomId);
    expect(lines).toContain(
      `Order ${reference} was cancelled by agreement: the editor proposed it and the creator accepted. ₹1,499 will be refunded to the creator.`,
    );
    expect(lines.some((l) => l.includes('cancelled by the creator'))).toBe(false);
  });
});
