import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES, formatRupees, type Order } from '@cutroom/contracts';
import { listDeliveries, systemLines } from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient, type ApiClient } from './helpers/http';
import { serverFleet, startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import {
  acceptOffer,
  adminDetail,
  checkout,
  deliver,
  eventTypes,
  openRoom,
  orderAs,
  payOrder,
  previewReady,
  refundsOf,
  sendCut,
  sendOffer,
  step,
} from './orders/fixtures';
import { formatLineTime } from '../src/modules/orders/shape';

/**
 * Everything an order does on a clock: offers lapse, a delivery nobody reviews completes the order (after
 * a reminder), an order past its due date is marked late, a cancellation nobody answers goes through.
 * One server runs with every clock shortened to seconds; another with the real durations (for what must
 * not happen on its own); the restart test runs servers one after another over one database.
 */

/** Clocks in seconds: offers lapse after 1.8 s, auto-complete 3.6 s after a delivery (reminder at 1.8 s),
 * a delivery day lasts 0.5 s (a basic tier's 3 days: 1.5 s), a cancellation must be answered in 1.8 s. */
const SHORT = {
  ORDER_OFFER_EXPIRY_HOURS: '0.0005',
  ORDER_AUTO_COMPLETE_HOURS: '0.001',
  ORDER_AUTO_COMPLETE_WARNING_HOURS: '0.0005',
  ORDER_DAY_SECONDS: '0.5',
  ORDER_CANCELLATION_RESPONSE_HOURS: '0.0005',
};

const finalStatus = (api: ApiClient, who: TestUser, deliveryId: string) =>
  api
    .get(`/api/deliveries/${deliveryId}/final`, { token: who.token, headers: { accept: 'application/json' } })
    .then((r) => r.status);

/** Pay Now on the editor's basic tier, paid through the simulator: an order in progress, paid. */
async function boughtAndPaid(api: ApiClient, server: TestServer, creator: TestUser, editor: TestUser) {
  const bought = await api.post(
    `/api/payment/${editor.id}/basic`,
    { phone: '9876543210' },
    { token: creator.token },
  );
  expect(bought.status).toBe(201);
  expect(await checkout(server, bought.body.paymentSessionId)).toBe(303);
  const order = await eventually(async () => {
    const o = await orderAs(api, creator, bought.body.order._id);
    return o.paid ? o : null;
  });
  return { order, gatewayOrderId: bought.body.orderId as string };
}

describe('orders on short clocks', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let editor: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    server = await startTestServer(SHORT);
    api = apiClient(server.url);
    [editor, admin] = await Promise.all([
      createPricedEditor(server.db, { basic: 1499 }),
      createTestUser(server.db, 'admin'),
    ]);
  });
  afterAll(() => server?.close());

  it('an offer nobody answers expires; accepting it then is refused with "This offer has expired"', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId);
    const expired = await eventually(async () => {
      const o = await orderAs(api, creator, offer._id);
      return o.status === 'expired' ? o : null;
    });
    expect(expired).toMatchObject({ statusLabel: 'Offer expired', actions: [] });
    const accept = await api.post(
      `/api/orders/${offer._id}/accept`,
      { payNow: true },
      { token: creator.token },
    );
    expect([accept.status, accept.body.message]).toEqual([409, ORDER_MESSAGES.offerExpired]);
    expect((await orderAs(api, creator, offer._id)).status).toBe('expired');
    expect(await systemLines(api, creator, roomId)).toContain(
      `Offer ${offer.reference} expired without an answer.`,
    );
    const detail = await adminDetail(api, admin, offer._id);
    expect(eventTypes(detail)).toEqual(['offered', 'expired']);
  });

  it('a delivery nobody reviews: a reminder line, then the order completes, the delivery approved and the paid file released', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const { order } = await boughtAndPaid(api, server, creator, editor);
    // The 3.6 s run from the upload: the order is read straight after it, not once the preview is made
    // (that took 2–4 s of them on a loaded machine). It cannot complete while the preview is being made.
    const sent = await sendCut(api, editor, order.roomId, order._id);
    const delivered = await orderAs(api, creator, order._id);
    expect(delivered.status).toBe('delivered');
    const at = new Date(delivered.autoCompleteAt!);
    expect(await finalStatus(api, creator, sent._id)).toBe(403);
    const cut = await previewReady(api, editor, order.roomId, sent._id);

    const warning = `Order ${order.reference} completes automatically on ${formatLineTime(at)} unless the creator approves the delivery or asks for changes.`;
    await eventually(async () => (await systemLines(api, creator, order.roomId)).includes(warning));

    const done = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.status === 'completed' ? o : null;
    }, 15_000);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
    expect(done).toMatchObject({ paid: true, autoCompleteAt: null });
    const after = (await listDeliveries(api, creator, order.roomId)).find((d) => d._id === cut._id)!;
    expect(after.status).toBe('approved');
    expect(await finalStatus(api, creator, cut._id)).toBe(200);
    // The lines are posted once the completion has committed, a moment after the order reads completed.
    const completedLine = `Order ${order.reference} completed automatically: delivery #${cut.number} was not reviewed in time.`;
    const releasedLine = `Final file of delivery #${cut.number} released to the creator.`;
    const lines = await eventually(async () => {
      const l = await systemLines(api, creator, order.roomId);
      return l.includes(completedLine) && l.includes(releasedLine) ? l : null;
    });
    // The reminder came first, while the order was still delivered: it is only recorded for a delivered
    // order, and the timeline is in commit order. (Reading the status once the reminder line shows does not
    // tell: the reminder job runs up to a poll, 1 s, late, the deadline is 1.8 s after it, and a loaded run
    // saw the line only once the order had completed.)
    expect(lines.indexOf(warning)).toBeLessThan(lines.indexOf(completedLine));
    const types = eventTypes(await adminDetail(api, admin, order._id));
    expect(types.filter((t) => t === 'auto_complete_warning')).toHaveLength(1);
    expect(types.filter((t) => t === 'auto_completed')).toHaveLength(1);
    expect(types.indexOf('auto_complete_warning')).toBeLessThan(types.indexOf('auto_completed'));
  });

  it('an order past its due date is marked late (line posted); the creator cancels it with a full refund', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const { order, gatewayOrderId } = await boughtAndPaid(api, server, creator, editor);
    expect(order).toMatchObject({ status: 'in_progress', late: false, deliveryDays: 3 });
    expect(order.actions).not.toContain('cancel');
    const line = `Order ${order.reference} is past its due date with no delivery. The creator may cancel it with a full refund.`;
    await eventually(async () => (await systemLines(api, creator, order.roomId)).includes(line));
    const late = await orderAs(api, creator, order._id);
    expect(late).toMatchObject({ status: 'in_progress', late: true });
    expect(late.actions).toContain('cancel');
    expect(eventTypes(await adminDetail(api, admin, order._id))).toContain('late');

    const cancelled = await step(api, creator, `/api/orders/${order._id}/cancel`);
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'creator',
      cancelNote: 'Cancelled after the due date passed',
    });
    const refunded = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.refundedAmount === 1499 ? o : null;
    });
    expect(refunded.status).toBe('cancelled');
    const back = await refundsOf(api, admin, gatewayOrderId);
    expect(back).toMatchObject({ amount: 1499, refundedAmount: 1499, remainingAmount: 0 });
    expect(back.refunds).toHaveLength(1);
  });

  it('a cancellation nobody answers in time goes through with a full refund', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const { order, gatewayOrderId } = await boughtAndPaid(api, server, creator, editor);
    const proposed = await step(api, creator, `/api/orders/${order._id}/cancellation`, {
      reason: 'The event was called off',
    });
    expect(proposed.cancellation).toMatchObject({
      requestedBy: 'creator',
      reason: 'The event was called off',
    });
    const done = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.status === 'cancelled' && o.refundedAmount === 1499 ? o : null;
    });
    expect(done).toMatchObject({
      cancelledBy: 'system',
      cancelNote: 'The cancellation request was not answered in time',
      cancellation: null,
    });
    expect(await refundsOf(api, admin, gatewayOrderId)).toMatchObject({
      refundedAmount: 1499,
      remainingAmount: 0,
    });
    expect(await systemLines(api, creator, order.roomId)).toContain(
      `Order ${order.reference} was cancelled automatically. ₹1,499 will be refunded to the creator.`,
    );
  });
});

describe(
  'orders on the real clocks: cancellations, extra revisions, admin cancel',
  { timeout: 60_000 },
  () => {
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

    async function paidOrder(amount: number): Promise<Order> {
      const offer = await sendOffer(api, editor, roomId, { amount });
      await acceptOffer(api, creator, offer._id, true);
      return payOrder(api, server, creator, offer._id);
    }

    it('mutual cancellation: the editor proposes, the creator accepts, the payment is refunded in full', async () => {
      const order = await paidOrder(4200);
      const proposed = await step(api, editor, `/api/orders/${order._id}/cancellation`, {
        reason: 'I am unwell',
      });
      expect(proposed.cancellation).toMatchObject({ requestedBy: 'editor', reason: 'I am unwell' });
      expect(new Date(proposed.cancellation!.respondBy).getTime()).toBeGreaterThan(
        Date.now() + 47 * 3_600_000,
      );
      expect((await orderAs(api, creator, order._id)).actions).toEqual([
        'open_dispute',
        'accept_cancellation',
        'decline_cancellation',
      ]);
      const cancelled = await step(api, creator, `/api/orders/${order._id}/cancellation/accept`);
      expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'creator', cancellation: null });
      const done = await eventually(async () => {
        const o = await orderAs(api, creator, order._id);
        return o.refundedAmount === 4200 ? o : null;
      });
      expect(done.cancelNote).toBe('Mutual cancellation: I am unwell');
      const back = await refundsOf(api, admin, order.paymentOrderId!);
      expect(back).toMatchObject({ amount: 4200, refundedAmount: 4200, remainingAmount: 0 });
    });

    it('changes asked with no revision left: the editor is told, accepts an extra revision, the order is changes_requested', async () => {
      const offer = await sendOffer(api, editor, roomId, { revisions: 0 });
      await acceptOffer(api, creator, offer._id, false);
      const cut = await deliver(api, editor, roomId, offer._id);
      const asked = await api.post(
        `/api/deliveries/${cut._id}/request-changes`,
        { note: 'Brighter opening shot' },
        { token: creator.token },
      );
      expect(asked.status).toBe(200);
      expect(asked.body.message).toBe(ORDER_MESSAGES.noRevisionsLeft);
      expect(asked.body.data.status).toBe('sent');
      const waiting = await orderAs(api, editor, offer._id);
      expect(waiting).toMatchObject({ status: 'delivered', revisionsLeft: 0 });
      expect(waiting.extraRevision?.note).toBe('Brighter opening shot');
      expect(waiting.actions).toContain('accept_extra_revision');

      const accepted = await step(api, editor, `/api/orders/${offer._id}/extra-revision`);
      expect(accepted).toMatchObject({ status: 'changes_requested', revisionsUsed: 1, extraRevision: null });
      const d = (await listDeliveries(api, creator, roomId)).find((x) => x._id === cut._id)!;
      expect(d.status).toBe('changes_requested');
      // The editor now sends the next version for it.
      const v2 = await deliver(api, editor, roomId, offer._id);
      expect(v2.order).toMatchObject({ _id: offer._id, status: 'delivered' });
    });

    it('admin cancel with a full, a partial and no refund, with a note; never more than was paid', async () => {
      const cases: { amount: number; refundAmount: number | null; refunded: number }[] = [
        { amount: 2000, refundAmount: null, refunded: 2000 },
        { amount: 2000, refundAmount: 750.5, refunded: 750.5 },
        { amount: 2000, refundAmount: 0, refunded: 0 },
      ];
      for (const c of cases) {
        const order = await paidOrder(c.amount);
        const tooMuch = await api.post(
          `/api/admin/orders/${order._id}/cancel`,
          { refundAmount: 2000.01, note: 'Too much' },
          { token: admin.token },
        );
        expect([tooMuch.status, tooMuch.body.message]).toEqual([
          409,
          ORDER_MESSAGES.refundTooLarge(formatRupees(2000)),
        ]);
        expect((await adminDetail(api, admin, order._id)).data.status).toBe('in_progress');

        const note = `Dispute settled (${c.refundAmount ?? 'all'})`;
        const res = await api.post(
          `/api/admin/orders/${order._id}/cancel`,
          { ...(c.refundAmount === null ? { full: true } : { refundAmount: c.refundAmount }), note },
          { token: admin.token },
        );
        expect(res.status).toBe(200);
        expect(res.body.data).toMatchObject({ status: 'cancelled', cancelledBy: 'admin', cancelNote: note });
        const back = await refundsOf(api, admin, order.paymentOrderId!);
        expect(back).toMatchObject({
          amount: c.amount,
          refundedAmount: c.refunded,
          remainingAmount: c.amount - c.refunded,
        });
        expect(back.refunds.map((r) => r.amount)).toEqual(c.refunded ? [c.refunded] : []);
        const detail = await adminDetail(api, admin, order._id);
        expect(detail.data.refundedAmount).toBe(c.refunded);
        expect(detail.events.find((e) => e.type === 'cancelled')).toMatchObject({ actor: 'admin', note });
        // Cancelled already: a second cancel is refused and refunds nothing more.
        const again = await api.post(
          `/api/admin/orders/${order._id}/cancel`,
          { full: true, note: 'Again' },
          { token: admin.token },
        );
        expect([again.status, again.body.message]).toEqual([
          409,
          ORDER_MESSAGES.notAllowed('cancel', 'cancelled'),
        ]);
        expect((await refundsOf(api, admin, order.paymentOrderId!)).refundedAmount).toBe(c.refunded);
      }
    });
  },
);

/** Servers that come and go over one database, as a restarted deployment does (see delivery-restart). */
describe('a pending auto-complete across a server restart', { timeout: 60_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;

  const servers = serverFleet(() => ({ testDb, dataDir, env: { ORDER_AUTO_COMPLETE_HOURS: '0.0015' } }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-orders-restart-'));
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes exactly once after the server that scheduled it has stopped', async () => {
    const db = testDb.database.db;
    const [creator, editor, admin] = await Promise.all([
      createTestUser(db, 'creator'),
      createTestUser(db, 'editor'),
      createTestUser(db, 'admin'),
    ]);
    const first = await servers.start();
    const api = apiClient(first.url);
    const roomId = await openRoom(api, creator, editor);
    const offer = await sendOffer(api, editor, roomId);
    await acceptOffer(api, creator, offer._id, false);
    const cut = await deliver(api, editor, roomId, offer._id);
    const autoCompleteAt = new Date((await orderAs(api, creator, offer._id)).autoCompleteAt!);
    await servers.stop(first);
    expect(Date.now()).toBeLessThan(autoCompleteAt.getTime());

    // Two servers come back on the same database (a restart, and a second instance): one of them runs it.
    const [second, third] = [await servers.start(), await servers.start()];
    const api2 = apiClient(second.url);
    const done = await eventually(async () => {
      const d = await adminDetail(api2, admin, offer._id);
      return d.data.status === 'completed' ? d : null;
    }, 20_000);
    // Give any second run the time to show up before counting.
    await new Promise((r) => setTimeout(r, 1500));
    const final = await adminDetail(apiClient(third.url), admin, offer._id);
    expect(eventTypes(final).filter((t) => t === 'auto_completed')).toHaveLength(1);
    expect(eventTypes(final).filter((t) => t === 'completed')).toHaveLength(0);
    expect(final.events).toHaveLength(done.events.length);
    const d = (await listDeliveries(api2, creator, roomId)).find((x) => x._id === cut._id)!;
    expect(d.status).toBe('approved');
    const lines = (await systemLines(api2, creator, roomId)).filter((l) =>
      l.startsWith(`Order ${offer.reference} completed automatically`),
    );
    expect(lines).toHaveLength(1);
    await servers.stop(second);
    await servers.stop(third);
  });
});
