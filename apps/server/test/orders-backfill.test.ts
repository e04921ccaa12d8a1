import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paiseFromRupees, type Order } from '@cutroom/contracts';
import { deliveries, jobs, orders, payments } from '../src/db/schema';
import { ORDER_JOBS } from '../src/modules/orders/job-kinds';
import { bytesOf, listDeliveries } from './delivery-fixtures';
import { createPricedEditor } from './fakes/payment-fixtures';
import { runMigrationFile } from './helpers/database';
import { makeImage } from './helpers/media';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { adminDetail, eventTypes, openRoom, orderAs } from './orders/fixtures';

/**
 * Data from before orders: payments and deliveries with no order (cutroom_order_id null), written
 * straight into the database as the previous version left them. The migration that turns them into
 * orders (drizzle/0016_orders-backfill.sql, run here again over them, as the migrator runs it) must give
 * each payment its order, join each run of deliveries to the payment that covered it (or to a new unpaid
 * order at the tier's price), and change nothing when it runs again.
 */
describe('orders: backfill of payments and deliveries made before orders', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let otherCreator: TestUser;
  let editor: TestUser;
  let roomId: string;
  const HOUR = 3_600_000;
  const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

  const legacy = {
    paidWithWork: '',
    paidNoWork: '',
    initiated: '',
    failed: '',
    v1: '',
    v2: '',
    v3: '',
    v4: '',
  };

  async function legacyPayment(
    who: TestUser,
    status: 'SUCCESS' | 'INITIATED' | 'FAILED',
    rupees: number,
    tier: 'basic' | 'intermediate',
    createdAt: Date,
  ) {
    const gatewayOrderId = `order_legacy${randomBytes(8).toString('hex')}`;
    const [row] = await server.db
      .insert(payments)
      .values({
        orderId: gatewayOrderId,
        cfOrderId: String(Date.now()),
        cfPaymentId: status === 'SUCCESS' ? String(Date.now() + 1) : null,
        paymentSessionId: `session_legacy_${randomBytes(8).toString('hex')}`,
        status,
        amountPaise: paiseFromRupees(rupees),
        planType: tier,
        creatorId: who.id,
        editorId: editor.id,
        phone: '9876543210',
        expiresAt: new Date(Date.now() + 24 * HOUR),
        paidAt: status === 'SUCCESS' ? createdAt : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    return row!;
  }

  let number = 0;
  async function legacyDelivery(fields: {
    status: 'sent' | 'changes_requested' | 'approved';
    tier: 'basic' | 'intermediate';
    createdAt: Date;
    paymentId?: string;
  }) {
    // The original sits in private storage, as deliveries before orders stored it.
    const key = `deliveries/legacy/${randomUUID()}.png`;
    const file = await makeImage({ width: 64, height: 40, format: 'png' });
    await server.app.storage.put('private', key, Readable.from(file), { contentType: 'image/png' });
    const [row] = await server.db
      .insert(deliveries)
      .values({
        roomId,
        creatorId: creator.id,
        editorId: editor.id,
        number: ++number,
        tier: fields.tier,
        status: fields.status,
        changesNote: fields.status === 'changes_requested' ? 'Shorter please' : null,
        decidedAt: fields.status === 'sent' ? null : new Date(fields.createdAt.getTime() + HOUR / 2),
        originalKey: key,
        mimeType: 'image/png',
        mediaKind: 'image',
        sizeBytes: file.length,
        previewStatus: 'failed',
        previewError: 'Made before previews were kept',
        paymentId: fields.paymentId ?? null,
        paidAt: fields.paymentId ? fields.createdAt : null,
        createdAt: fields.createdAt,
        updatedAt: fields.createdAt,
      })
      .returning();
    return row!;
  }

  const runBackfill = () => runMigrationFile(server.db, '0016_orders-backfill.sql');

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [admin, creator, otherCreator, editor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 1499, intermediate: 2999 }),
    ]);
    roomId = await openRoom(api, creator, editor);

    // Payments of the old Pay Now: one paid for work delivered below, one paid with nothing delivered
    // yet, one left at the checkout, one that failed.
    const paidWithWork = await legacyPayment(creator, 'SUCCESS', 1499, 'basic', ago(50));
    const paidNoWork = await legacyPayment(otherCreator, 'SUCCESS', 2999, 'intermediate', ago(2));
    const initiated = await legacyPayment(creator, 'INITIATED', 2999, 'intermediate', ago(1));
    const failed = await legacyPayment(otherCreator, 'FAILED', 1499, 'basic', ago(30));
    Object.assign(legacy, {
      paidWithWork: paidWithWork.id,
      paidNoWork: paidNoWork.id,
      initiated: initiated.id,
      failed: failed.id,
    });
    // Deliveries in the room: v1 changes asked, v2 approved and covered by the paid payment (one run);
    // v3 approved with no payment (a run of its own); v4 sent, waiting for review.
    const v1 = await legacyDelivery({ status: 'changes_requested', tier: 'basic', createdAt: ago(48) });
    const v2 = await legacyDelivery({
      status: 'approved',
      tier: 'basic',
      createdAt: ago(47),
      paymentId: paidWithWork.id,
    });
    const v3 = await legacyDelivery({ status: 'approved', tier: 'intermediate', createdAt: ago(20) });
    const v4 = await legacyDelivery({ status: 'sent', tier: 'basic', createdAt: ago(3) });
    Object.assign(legacy, { v1: v1.id, v2: v2.id, v3: v3.id, v4: v4.id });

    await runBackfill();
  });
  afterAll(() => server?.close());

  const orderOfPayment = async (paymentId: string) => {
    const [p] = await server.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(p!.cutroomOrderId).not.toBeNull();
    return p!.cutroomOrderId!;
  };
  const orderOfDelivery = async (deliveryId: string) => {
    const [d] = await server.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(d!.cutroomOrderId).not.toBeNull();
    return d!.cutroomOrderId!;
  };
  const finalOf = (who: TestUser, deliveryId: string) =>
    api.get(`/api/deliveries/${deliveryId}/final`, {
      token: who.token,
      headers: { accept: 'application/json' },
    });

  it('leaves no payment and no delivery without an order', async () => {
    expect(await server.db.select().from(payments).where(isNull(payments.cutroomOrderId))).toEqual([]);
    expect(await server.db.select().from(deliveries).where(isNull(deliveries.cutroomOrderId))).toEqual([]);
  });

  it('a SUCCESS payment with nothing delivered becomes a paid order in progress', async () => {
    const id = await orderOfPayment(legacy.paidNoWork);
    const order = await orderAs(api, otherCreator, id);
    expect(order).toMatchObject({
      status: 'in_progress',
      paid: true,
      amount: 2999,
      tier: 'intermediate',
      source: 'tier',
      title: 'Intermediate tier',
    });
    const [p] = await server.db.select().from(payments).where(eq(payments.id, legacy.paidNoWork));
    expect(order.paymentOrderId).toBe(p!.orderId);
    expect(order.actions).not.toContain('pay');
    const detail = await adminDetail(api, admin, id);
    expect(eventTypes(detail)).toEqual(['migrated']);
    expect(detail.events[0]!.summary).toBe('Created from records made before orders existed');
  });

  it('an INITIATED payment becomes an order awaiting payment; a FAILED one a cancelled order', async () => {
    const waiting = await orderAs(api, creator, await orderOfPayment(legacy.initiated));
    expect(waiting).toMatchObject({ status: 'awaiting_payment', paid: false, amount: 2999 });
    expect(waiting.actions).toContain('pay');
    const lapsed = await orderAs(api, otherCreator, await orderOfPayment(legacy.failed));
    expect(lapsed).toMatchObject({
      status: 'cancelled',
      paid: false,
      cancelledBy: 'system',
      cancelNote: 'Payment not completed',
    });
  });

  it("a run of deliveries ending in an approved one covered by a payment joins that payment's order: completed, downloadable", async () => {
    const id = await orderOfPayment(legacy.paidWithWork);
    expect(await orderOfDelivery(legacy.v1)).toBe(id);
    expect(await orderOfDelivery(legacy.v2)).toBe(id);
    const order = await orderAs(api, creator, id);
    expect(order).toMatchObject({ status: 'completed', paid: true, amount: 1499, revisionsUsed: 1 });
    const link = await finalOf(creator, legacy.v2);
    expect(link.status).toBe(200);
    const file = await bytesOf(`${server.url}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    // v1 was not approved: its original stays locked.
    expect((await finalOf(creator, legacy.v1)).status).toBe(403);
    const listed = await listDeliveries(api, creator, roomId);
    expect(listed.find((d) => d._id === legacy.v2)!.order).toMatchObject({
      _id: id,
      reference: order.reference,
    });
  });

  it("an unpaid run becomes a new unpaid order at the tier's price; a delivery under review keeps its clock", async () => {
    const unpaidId = await orderOfDelivery(legacy.v3);
    const unpaid = await orderAs(api, creator, unpaidId);
    expect(unpaid).toMatchObject({
      status: 'completed',
      paid: false,
      amount: 2999,
      tier: 'intermediate',
      paymentOrderId: null,
    });
    expect(unpaid.actions).toContain('pay');
    const refused = await finalOf(creator, legacy.v3);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('The final file is released after payment');
    const events = await adminDetail(api, admin, unpaidId);
    expect(events.events.map((e) => e.note)).toEqual([
      'Created from deliveries sent before orders existed; to be paid',
    ]);

    const reviewId = await orderOfDelivery(legacy.v4);
    expect(reviewId).not.toBe(unpaidId);
    const review = await orderAs(api, creator, reviewId);
    expect(review).toMatchObject({ status: 'delivered', paid: false, amount: 1499 });
    expect(review.actions).toContain('review');
    const at = new Date(review.autoCompleteAt!).getTime();
    expect(at).toBeGreaterThan(Date.now() + 71 * HOUR);
    const scheduled = (
      await server.db.select().from(jobs).where(eq(jobs.kind, ORDER_JOBS.autoComplete))
    ).filter((j) => (j.payload as { orderId: string }).orderId === reviewId);
    expect(scheduled).toHaveLength(1);
  });

  it('running it again changes nothing', async () => {
    const snapshot = async () => {
      const list = await api.get('/api/admin/orders?limit=100', { token: admin.token });
      const all = list.body.data as Order[];
      const timelines = await Promise.all(all.map((o) => adminDetail(api, admin, o._id)));
      return {
        total: list.body.total as number,
        orders: all,
        events: timelines.map((t) => t.events.length),
        rows: (await server.db.select().from(orders)).length,
        jobs: (await server.db.select().from(jobs)).filter((j) => j.kind.startsWith('order.')).length,
      };
    };
    const before = await snapshot();
    expect(before.total).toBe(6);
    await runBackfill();
    await runBackfill();
    expect(await snapshot()).toEqual(before);
  });
});
