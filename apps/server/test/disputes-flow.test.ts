import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPUTE_MESSAGES, ORDER_MESSAGES, type Dispute, type Order } from '@cutroom/contracts';
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
  sendOffer,
  step,
} from './orders/fixtures';

/**
 * A dispute from opening to decision, on the money: opened with a cited message and delivery, answered,
 * sent to admins, decided as a partial refund; and one the sides settle with more time.
 */
describe('a dispute on an order', { timeout: 60_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let roomId: string;

  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: 'error' });
    api = apiClient(server.url);
    [creator, editor, admin] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
      createTestUser(server.db, 'admin'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  async function paidOrder(
    amount: number,
    delivered = true,
  ): Promise<{ order: Order; deliveryId: string | null }> {
    const offer = await sendOffer(api, editor, roomId, { amount });
    await acceptOffer(api, creator, offer._id, true);
    const order = await payOrder(api, server, creator, offer._id);
    const cut = delivered ? await deliver(api, editor, roomId, offer._id) : null;
    return { order, deliveryId: cut?._id ?? null };
  }

  async function call(who: TestUser, path: string, body: unknown = {}): Promise<Dispute> {
    const res = await api.post(path, body, { token: who.token });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  it('opened, answered, escalated and decided as a partial refund: the order completes, ₹2,500 goes back, the editor loses it', async () => {
    const { order, deliveryId } = await paidOrder(6999);
    const sent = await api.post(
      '/api/chat/message',
      { chatRoomId: roomId, content: 'Please make it vertical', clientId: `c-${Date.now()}` },
      { token: creator.token },
    );
    const messageId = sent.body.data._id as string;
    expect(messageId).toBeTruthy();

    const opened = await call(creator, `/api/orders/${order._id}/dispute`, {
      reason: 'not_as_described',
      statement: 'The brief asked for a vertical cut and this is horizontal.',
      messageIds: [messageId],
      deliveryIds: [deliveryId],
    });
    expect(opened).toMatchObject({
      status: 'awaiting_response',
      openedBy: 'creator',
      actions: ['withdraw', 'attach'],
    });
    expect(opened.evidence.map((e) => e.kind).sort()).toEqual(['delivery', 'message']);
    const frozen = await orderAs(api, editor, order._id);
    expect(frozen.disputeId).toBe(opened._id);
    expect(frozen.actions).not.toContain('open_dispute');

    const again = await api.post(
      `/api/orders/${order._id}/dispute`,
      { reason: 'quality', statement: 'A second dispute on the same order.' },
      { token: editor.token },
    );
    expect([again.status, again.body.message]).toEqual([409, DISPUTE_MESSAGES.alreadyOpen]);
    const adminCancel = await api.post(
      `/api/admin/orders/${order._id}/cancel`,
      { full: true, note: 'Refund them all' },
      { token: admin.token },
    );
    expect([adminCancel.status, adminCancel.body.message]).toEqual([
      409,
      ORDER_MESSAGES.decideDisputeInstead,
    ]);

    const answered = await call(editor, `/api/disputes/${opened._id}/answer`, {
      statement: 'The brief said horizontal; the creator changed it after delivery.',
    });
    expect(answered).toMatchObject({ status: 'answered', actions: ['escalate', 'attach'] });
    const early = await api.post(
      `/api/admin/disputes/${opened._id}/decide`,
      { decision: 'release', note: 'Too early to say' },
      { token: admin.token },
    );
    expect([early.status, early.body.message]).toEqual([409, DISPUTE_MESSAGES.notWithAdmins]);

    const escalated = await call(creator, `/api/disputes/${opened._id}/escalate`);
    expect(escalated.status).toBe('with_admins');
    const queue = await api.get('/api/admin/disputes', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((d: Dispute) => d._id)).toContain(opened._id);

    const decided = await call(admin, `/api/admin/disputes/${opened._id}/decide`, {
      decision: 'partial_refund',
      amount: 2500,
      note: 'The second half did not follow the brief.',
    });
    expect(decided).toMatchObject({ status: 'decided', decision: { kind: 'partial_refund', amount: 2500 } });
    const twice = await api.post(
      `/api/admin/disputes/${opened._id}/decide`,
      { decision: 'release', note: 'Again, differently' },
      { token: admin.token },
    );
    expect(twice.status).toBe(409);

    const done = await eventually(async () => {
      const o = await orderAs(api, creator, order._id);
      return o.refundedAmount === 2500 ? o : null;
    });
    expect(done).toMatchObject({ status: 'completed', disputeId: null });
    const d = (await listDeliveries(api, creator, roomId)).find((x) => x._id === deliveryId)!;
    expect(d.status).toBe('approved');
    expect(eventTypes(await adminDetail(api, admin, order._id))).toEqual(
      expect.arrayContaining(['dispute_opened', 'completed_by_decision', 'dispute_decided']),
    );
    expect(
      (await systemLines(api, creator, roomId)).some((l) =>
        l.startsWith(`Cutroom support decided the dispute on order ${order.reference}`),
      ),
    ).toBe(true);
    const [lost] = await server.db
      .execute<{ disputes_lost: number }>(
        `select disputes_lost from users where id = '${editor.id}'` as never,
      )
      .then((r) => ((r as { rows?: unknown[] }).rows ?? r) as { disputes_lost: number }[]);
    expect(Number(lost!.disputes_lost)).toBe(1);
  });

  it('the sides settle it with more time: the dispute is settled and the order unfrozen', async () => {
    const { order } = await paidOrder(3000, false);
    const opened = await call(creator, `/api/orders/${order._id}/dispute`, {
      reason: 'late',
      statement: 'Nothing has arrived and the editor does not answer me.',
    });
    await step(api, editor, `/api/orders/${order._id}/extension`, { days: 2, reason: 'Sorry, I was unwell' });
    const moved = await step(api, creator, `/api/orders/${order._id}/extension/accept`);
    expect(moved.disputeId).toBeNull();
    const settled = await api.get(`/api/disputes/${opened._id}`, { token: editor.token });
    expect(settled.body.data).toMatchObject({ status: 'settled', actions: [] });
  });

  it('strangers are told neither the order nor the dispute exists', async () => {
    const { order } = await paidOrder(1500, false);
    const stranger = await createTestUser(server.db, 'creator');
    const res = await api.post(
      `/api/orders/${order._id}/dispute`,
      { reason: 'quality', statement: 'I am not part of this order at all.' },
      { token: stranger.token },
    );
    expect(res.status).toBe(404);
    const opened = await call(editor, `/api/orders/${order._id}/dispute`, {
      reason: 'payment',
      statement: 'The creator asked me to work outside Cutroom.',
    });
    expect((await api.get(`/api/disputes/${opened._id}`, { token: stranger.token })).status).toBe(404);
  });
});
