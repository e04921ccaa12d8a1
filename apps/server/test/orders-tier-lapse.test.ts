import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, type Order } from '@cutroom/contracts';
import { runMigrationFile } from './helpers/database';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, checkout, eventTypes, orderAs, refundsOf } from './orders/fixtures';
import { catalogueEditor } from './reviews/fixtures';

/** 0.001 h = 3.6 s: a tier order lapses a few seconds after it was placed. */
const LAPSE_HOURS = '0.001';

/**
 * Issue 25, item 8: an unpaid tier order (Pay Now) lapses after TIER_ORDER_PAYMENT_HOURS, so the price it
 * was placed at is not held forever; Pay Now again reads the tier's current price. A checkout opened
 * before the lapse and paid after it is refunded in full.
 */
describe('orders: unpaid tier orders lapse', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ TIER_ORDER_PAYMENT_HOURS: LAPSE_HOURS });
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
  });
  afterAll(() => server?.close());

  const payNow = (creator: TestUser, editorId: string) =>
    api.post(`/api/payment/${editorId}/basic`, { phone: '9876543210' }, { token: creator.token });
  const payOrder = (creator: TestUser, orderId: string) =>
    api.post(`/api/orders/${orderId}/pay`, { phone: '9876543210' }, { token: creator.token });
  const setBasicPrice = async (editorId: string, price: number) => {
    const res = await api.patch(
      `/api/admin/editors/${editorId}/portfolio/structure`,
      {
        tiers: [
          {
            title: 'basic',
            description: 'basic edit',
            features: ['1 revision'],
            pricing: [{ reelCount: 1, priceMin: price }],
            deliveryDays: 3,
            revisions: 1,
          },
        ],
        whatsIncluded: ['Revisions'],
      },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
  };
  const lapsed = (creator: TestUser, orderId: string) =>
    eventually(async () => {
      const order = await orderAs(api, creator, orderId);
      return order.status === 'cancelled' ? order : null;
    }, 20_000);

  it("lapses unpaid, refuses the old order's payment, and Pay Now again charges the current price", async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 500 } });
    const first = await payNow(creator, editor.id);
    expect(first.status).toBe(201);
    expect(first.body.amount).toBe(500);
    const oldId: string = first.body.order._id;

    // The admin raises the tier; the old order still says ₹500 until it lapses.
    await setBasicPrice(editor.id, 9000);
    const gone: Order = await lapsed(creator, oldId);
    expect(gone).toMatchObject({ amount: 500, paid: false, cancelledBy: 'system', actions: [] });
    expect(gone.cancelNote).toContain(`Not paid within ${LAPSE_HOURS} hours`);

    const oldPay = await payOrder(creator, oldId);
    expect([oldPay.status, oldPay.body.message]).toEqual([409, ORDER_MESSAGES.notPayable]);

    const again = await payNow(creator, editor.id);
    expect(again.status).toBe(201);
    expect(again.body.amount).toBe(9000);
    expect(again.body.order._id).not.toBe(oldId);
    expect((await orderAs(api, creator, again.body.order._id)).amount).toBe(9000);
  });

  it('a payment asked for at the lapse moment, before the job ran, is refused with the reason', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 700 } });
    const placed = await payNow(creator, editor.id);
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.order._id;
    // Due a moment ago, and its job held back: the request itself meets the due time.
    await server.db.execute(
      sql`update jobs set run_after = now() + interval '1 hour' where kind = 'order.tier-payment-lapse' and payload->>'orderId' = ${orderId}`,
    );
    await server.db.execute(
      sql`update orders set payment_due_at = now() - interval '1 second' where id = ${orderId}`,
    );
    const res = await payOrder(creator, orderId);
    expect([res.status, res.body.message]).toEqual([409, ORDER_MESSAGES.tierOrderLapsed]);
    expect((await orderAs(api, creator, orderId)).status).toBe('cancelled');
    // Pay Now again does not hand the lapsed order out: a new one, at the current price.
    const again = await payNow(creator, editor.id);
    expect(again.status).toBe(201);
    expect(again.body.order._id).not.toBe(orderId);
  });

  it('a checkout opened before the lapse and paid after it is refunded in full; the order stays lapsed', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 800 } });
    const placed = await payNow(creator, editor.id);
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.order._id;
    await lapsed(creator, orderId);

    // The payer finishes the old checkout at the gateway after the lapse.
    expect(await checkout(server, placed.body.paymentSessionId)).toBe(303);
    const refunded = await eventually(async () => {
      const r = await refundsOf(api, admin, placed.body.orderId);
      return r.refundedAmount === 800 ? r : null;
    }, 30_000);
    expect(refunded).toMatchObject({ amount: 800, remainingAmount: 0 });
    const order = await orderAs(api, creator, orderId);
    expect(order).toMatchObject({ status: 'cancelled', paid: false });
    expect(eventTypes(await adminDetail(api, admin, orderId))).toContain('payment_refunded_automatically');
  });

  it('the migration gives tier orders left waiting before lapses existed their due time and job', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await catalogueEditor(api, server, admin, { prices: { basic: 600 } });
    const placed = await payNow(creator, editor.id);
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.order._id;
    // As the previous version left it: placed two days ago, no due time, no lapse job.
    await server.db.execute(
      sql`delete from jobs where kind = 'order.tier-payment-lapse' and payload->>'orderId' = ${orderId}`,
    );
    await server.db.execute(
      sql`update orders set payment_due_at = null, created_at = now() - interval '2 days' where id = ${orderId}`,
    );
    await runMigrationFile(server.db, '0021_tier-order-payment-due.sql');
    const gone = await lapsed(creator, orderId);
    expect(gone.cancelledBy).toBe('system');
    const again = await payNow(creator, editor.id);
    expect(again.status).toBe(201);
    expect(again.body.order._id).not.toBe(orderId);
  });
});
