import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts';
import { listDeliveries, systemLines } from './delivery-fixtures';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  deliver,
  eventTypes,
  openRoom,
  orderAs,
  payOrder,
  refundsOf,
  sendOffer,
  step,
} from './orders/fixtures';

/**
 * Partial settlement, end to end on the money: a paid, delivered ₹6,999 order completed at ₹4,000 by
 * agreement refunds ₹2,999, approves and releases the newest delivery, and leaves the editor's share and
 * the commission on the ₹4,000 that stays.
 */
describe('completing an order for a different amount', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  async function paidDeliveredOrder(amount: number): Promise<{ order: Order; deliveryId: string }> {
    const offer = await sendOffer(api, editor, roomId, { amount });
    await acceptOffer(api, creator, offer._id, true);
    const order = await payOrder(api, server, creator, offer._id);
    const cut = await deliver(api, editor, roomId, offer._id);
    return { order, deliveryId: cut._id };
  }

  it('the creator proposes ₹4,000 of ₹6,999, the editor accepts: ₹2,999 back, the file released, the share on ₹4,000', async () => {
    const { order, deliveryId } = await paidDeliveredOrder(6999);
    const changes = await api.post(
      `/api/deliveries/${deliveryId}/request-changes`,
      { note: 'The second half is off-brief' },
      { token: creator.token },
    );
    expect(changes.status).toBe(200);

    const proposed = await step(api, creator, `/api/orders/${order._id}/settlement`, {
      amount: 4000,
      reason: 'Only the first half is usable',
    });
    expect(proposed.settlement).toMatchObject({
      proposedBy: 'creator',
      amount: 4000,
      reason: 'Only the first half is usable',
    });
    expect(proposed.actions).toContain('withdraw_settlement');
    expect((await orderAs(api, editor, order._id)).actions).toEqual(
      expect.arrayContaining(['accept_settlement', 'decline_settlement']),
    );

    const done = await step(api, editor, `/api/orders/${order._id}/settlement/accept`);
    expect(done).toMatchObject({ status: 'completed', settlement: null, paid: true });

    const refunded = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.refundedAmount === 2999 ? o : null;
    });
    expect(refunded.paid).toBe(true);
    expect(await refundsOf(api, admin, order.paymentOrderId!)).toMatchObject({
      refundedAmount: 2999,
      remainingAmount: 4000,
    });

    // The delivery that had changes requested is the final one, and the creator may download it.
    const d = (await listDeliveries(api, creator, roomId)).find((x) => x._id === deliveryId)!;
    expect(d.status).toBe('approved');
    const final = await api.get(`/api/deliveries/${deliveryId}/final`, {
      token: creator.token,
      headers: { accept: 'application/json' },
    });
    expect(final.status).toBe(200);

    // The ledger's figures: 20 % of ₹4,000 to the platform, the rest to the editor.
    const money = await eventually(async () => {
      const m = await api.get(`/api/orders/${order._id}/money`, { token: editor.token });
      return m.body.refunded === 2999 ? m.body : null;
    });
    expect(money).toMatchObject({ editorKeeps: 3200, platformKeeps: 800 });

    expect(eventTypes(await adminDetail(api, admin, order._id))).toEqual(
      expect.arrayContaining(['settlement_proposed', 'settled']),
    );
    expect(await systemLines(api, creator, roomId)).toContain(
      `Order ${order.reference} completed at ₹4,000, as both sides agreed. ₹2,999 is refunded to the creator.`,
    );
  });

  it('refuses an amount that is not less than what was paid, a second proposal, and answering one’s own', async () => {
    const { order } = await paidDeliveredOrder(2000);
    const tooMuch = await api.post(
      `/api/orders/${order._id}/settlement`,
      { amount: 2000 },
      { token: editor.token },
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(ORDER_MESSAGES.settlementTooLarge('₹2,000'));

    await step(api, editor, `/api/orders/${order._id}/settlement`, { amount: 1500 });
    const again = await api.post(
      `/api/orders/${order._id}/settlement`,
      { amount: 1200 },
      { token: creator.token },
    );
    expect([again.status, again.body.message]).toEqual([409, ORDER_MESSAGES.settlementPending]);
    const own = await api.post(`/api/orders/${order._id}/settlement/accept`, {}, { token: editor.token });
    expect([own.status, own.body.message]).toEqual([409, ORDER_MESSAGES.ownSettlement]);

    const declined = await step(api, creator, `/api/orders/${order._id}/settlement/decline`);
    expect(declined).toMatchObject({ status: 'delivered', settlement: null });
    expect((await orderAs(api, creator, order._id)).refundedAmount).toBe(0);
  });

  it('an unpaid order (pay on approval) cannot be settled', async () => {
    const offer = await sendOffer(api, editor, roomId, { amount: 3000 });
    await acceptOffer(api, creator, offer._id, false);
    await deliver(api, editor, roomId, offer._id);
    const res = await api.post(
      `/api/orders/${offer._id}/settlement`,
      { amount: 1000 },
      { token: creator.token },
    );
    expect([res.status, res.body.message]).toEqual([409, ORDER_MESSAGES.notSettleable]);
  });
});
