import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts';
import { payments } from '../src/db/schema';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { catalogueEditor } from './reviews/fixtures';
import { acceptOffer, openRoom, orderAs, sendOffer } from './orders/fixtures';

/**
 * Work that cannot happen is neither taken on nor paid for: an editor deleted by an admin, or a room an
 * admin froze or ended. Each refusal is a 409 that says why; nothing changes on the order.
 */
describe('orders: a deleted editor or a frozen room', { timeout: 90_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const pay = (creator: TestUser, orderId: string) =>
    api.post(`/api/orders/${orderId}/pay`, { phone: '9876543210' }, { token: creator.token });
  const accept = (creator: TestUser, orderId: string) =>
    api.post(`/api/orders/${orderId}/accept`, { payNow: true }, { token: creator.token });
  const roomAction = (roomId: string, action: 'freeze' | 'unfreeze' | 'end') =>
    api.patch(`/api/admin/chat/${roomId}/${action}`, undefined, { token: admin.token });
  const paymentsOf = async (orderId: string) => {
    const [row] = await server.db
      .select({ n: count() })
      .from(payments)
      .where(eq(payments.cutroomOrderId, orderId));
    return Number(row?.n ?? 0);
  };

  /** An offer, and one accepted to pay first, in a fresh room. */
  async function pair() {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId, { amount: 1500 });
    const accepted = await sendOffer(api, editor, roomId, { amount: 2500 });
    await acceptOffer(api, creator, accepted._id, true);
    return { creator, editor, roomId, offer, accepted };
  }

  const unchanged = async (creator: TestUser, order: Order, status: Order['status']) => {
    const now = await orderAs(api, creator, order._id);
    expect(now.status).toBe(status);
    expect(now.paid).toBe(false);
    expect(await paymentsOf(order._id)).toBe(0);
  };

  it('refuses accepting and paying for an editor who has been deleted', async () => {
    const { creator, editor, offer, accepted } = await pair();
    const deleted = await api.delete(`/api/admin/editors/delete/${editor.id}`, undefined, {
      token: admin.token,
    });
    expect(deleted.status).toBe(200);

    const refusedAccept = await accept(creator, offer._id);
    expect(refusedAccept.status).toBe(409);
    expect(refusedAccept.body.message).toBe(ORDER_MESSAGES.editorGone);
    const refusedPay = await pay(creator, accepted._id);
    expect(refusedPay.status).toBe(409);
    expect(refusedPay.body.message).toBe(ORDER_MESSAGES.editorGone);

    await unchanged(creator, offer, 'offered');
    await unchanged(creator, accepted, 'awaiting_payment');
  });

  it('refuses accepting and paying in a frozen room, and allows both once unfrozen', async () => {
    const { creator, roomId, offer, accepted } = await pair();
    expect((await roomAction(roomId, 'freeze')).status).toBe(200);

    const refusedAccept = await accept(creator, offer._id);
    expect(refusedAccept.status).toBe(409);
    expect(refusedAccept.body.message).toBe(ORDER_MESSAGES.roomFrozen);
    const refusedPay = await pay(creator, accepted._id);
    expect(refusedPay.status).toBe(409);
    expect(refusedPay.body.message).toBe(ORDER_MESSAGES.roomFrozen);
    await unchanged(creator, offer, 'offered');
    await unchanged(creator, accepted, 'awaiting_payment');

    expect((await roomAction(roomId, 'unfreeze')).status).toBe(200);
    expect((await accept(creator, offer._id)).status).toBe(200);
    expect((await pay(creator, accepted._id)).status).toBe(201);
  });

  it('refuses accepting and paying in an ended room', async () => {
    const { creator, roomId, offer, accepted } = await pair();
    expect((await roomAction(roomId, 'end')).status).toBe(200);
    const refusedAccept = await accept(creator, offer._id);
    expect(refusedAccept.status).toBe(409);
    expect(refusedAccept.body.message).toBe(ORDER_MESSAGES.roomEnded);
    const refusedPay = await pay(creator, accepted._id);
    expect(refusedPay.status).toBe(409);
    expect(refusedPay.body.message).toBe(ORDER_MESSAGES.roomEnded);
    await unchanged(creator, offer, 'offered');
  });

  it("refuses Pay Now on a tier when the pair's room is frozen, before any order is made", async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 500 } });
    const roomId = await openRoom(api, creator, editor);
    expect((await roomAction(roomId, 'freeze')).status).toBe(200);
    const res = await api.post(
      `/api/payment/${editor.id}/basic`,
      { phone: '9876543210' },
      { token: creator.token },
    );
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ORDER_MESSAGES.roomFrozen);
    const mine = await api.get('/api/orders', { token: creator.token });
    expect(mine.body.data).toEqual([]);
  });
});
