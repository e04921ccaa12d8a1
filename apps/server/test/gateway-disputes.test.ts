import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gatewayDisputes,
  orderEarnings,
  orders,
  payoutAdjustments,
  payoutLedger,
  reconciliationFindings,
} from '../src/db/schema';
import { simulatorFor } from '../src/modules/payments/gateway';
import { DISPUTE_AMOUNTS, type SimDispute } from '../src/modules/payments/gateway/simulator-disputes';
import { serialiseWebhookBody } from '../src/modules/payments/webhook-format';
import { payoutsContext, type PayoutsContext } from '../src/modules/payouts/context';
import { releaseDisputeHold } from '../src/modules/payouts/dispute-hold';
import { clearOrder } from '../src/modules/payouts/earnings';
import { orderAccountPaise } from '../src/modules/payouts/ledger';
import { loadPayoutKey } from '../src/modules/payouts/sealed-details';
import { splitOrderShare } from '../src/modules/payouts/splits';
import { eventually, postWebhook } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { activePayoutAccount, completedPaidOrder, expectLedgerBalanced } from './payouts/fixtures';

describe('gateway disputes: a chargeback holds the share, a win releases it, a loss debits it', () => {
  let server: TestServer;
  let api: ApiClient;
  let ctx: PayoutsContext;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    ctx = payoutsContext(server.app, loadPayoutKey(server.config));
    [admin, creator, editor] = await Promise.all([
      createTestUser(server.db, 'admin'),
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    await activePayoutAccount(api, editor);
  });
  afterAll(() => server?.close());

  const sim = () => simulatorFor(server.app)!.disputes;
  const earningsOf = async (orderId: string) =>
    (await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId)))[0]!;
  const disputeRow = async (cfDisputeId: string) =>
    (await server.db.select().from(gatewayDisputes).where(eq(gatewayDisputes.cfDisputeId, cfDisputeId)))[0];
  const post = (payload: unknown, signature?: string) =>
    postWebhook(server.url, server.config.webhookSecret, serialiseWebhookBody(payload, DISPUTE_AMOUNTS), {
      signature,
    });
  const adminView = async (orderId: string) =>
    (await api.get(`/api/admin/orders/${orderId}/gateway-disputes`, { token: admin.token })).body.items;
  /** Its clearing date passes now: clearOrder may clear it unless something holds it. */
  const dueNow = (orderId: string) =>
    server.db
      .update(orderEarnings)
      .set({ clearsAt: sql`now()` })
      .where(eq(orderEarnings.orderId, orderId));

  it('holds a disputed share through its clearing date and releases it when the dispute is won', async () => {
    const { orderId, gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 1000);
    const dispute = await sim().raise(gatewayOrderId);
    expect(await disputeRow(dispute.disputeId)).toMatchObject({
      outcome: 'open',
      status: 'CHARGEBACK_CREATED',
    });
    expect((await earningsOf(orderId)).heldAt).not.toBeNull();

    await dueNow(orderId);
    expect(await server.db.transaction((tx) => clearOrder(tx, orderId))).toBe(false);
    const [shown] = await adminView(orderId);
    expect(shown).toMatchObject({ type: 'CHARGEBACK', amount: 1000, outcome: 'open', reasonCode: '13.1' });
    expect(shown.respondBy).toEqual(expect.any(String));

    await sim().move(dispute.disputeId, 'UNDER_REVIEW');
    await sim().close(dispute.disputeId, 'won');
    expect(await disputeRow(dispute.disputeId)).toMatchObject({
      outcome: 'won',
      status: 'CHARGEBACK_MERCHANT_WON',
    });
    expect((await earningsOf(orderId)).heldAt).toBeNull();
    // Released past its clearing date: it clears (the clear job, or here directly).
    await eventually(async () => {
      await server.db.transaction((tx) => clearOrder(tx, orderId));
      return (await earningsOf(orderId)).clearedAt;
    });
    await expectLedgerBalanced(server);
  });

  it('debits the editor when a dispute is lost after the split, once, with a DEBIT adjustment', async () => {
    const { orderId, gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 2000);
    await splitOrderShare(ctx, orderId);
    const before = await eventually(async () => {
      const e = await earningsOf(orderId);
      return e.splitState === 'done' ? e : null;
    });
    const dispute = await sim().raise(gatewayOrderId, { reasonDescription: 'Fraudulent transaction' });
    await sim().close(dispute.disputeId, 'lost');

    const after = await earningsOf(orderId);
    expect(after.refundedPaise).toBe(200_000);
    expect(after.editorRefundedPaise).toBe(before.sharePaise);
    expect(after.heldAt).toBeNull();
    expect(await orderAccountPaise(server.db, orderId, 'editor_pending')).toBe(0);
    const debits = await server.db
      .select()
      .from(payoutAdjustments)
      .where(and(eq(payoutAdjustments.orderId, orderId), eq(payoutAdjustments.type, 'DEBIT')));
    expect(debits.map((d) => d.amountPaise)).toEqual([before.splitPaise]);
    const [finding] = await server.db
      .select()
      .from(reconciliationFindings)
      .where(eq(reconciliationFindings.key, `gateway_dispute_lost:${dispute.disputeId}`));
    expect(finding).toMatchObject({
      kind: 'gateway_dispute_lost',
      amountPaise: 200_000,
      cutroomOrderId: orderId,
    });
    await expectLedgerBalanced(server);

    // Every notice again, newest first and then in order: nothing moves a second time.
    const lines = async () =>
      (await server.db.select().from(payoutLedger).where(eq(payoutLedger.orderId, orderId))).length;
    const count = await lines();
    for (const payload of [...dispute.sent].reverse()) {
      const res = await post(payload);
      expect(res.status).toBe(200);
      expect(res.body.message).not.toBe('Event processed');
    }
    expect(await disputeRow(dispute.disputeId)).toMatchObject({ outcome: 'lost' });
    expect(await lines()).toBe(count);
    expect((await earningsOf(orderId)).heldAt).toBeNull();
    const again = await server.db
      .select()
      .from(payoutAdjustments)
      .where(eq(payoutAdjustments.orderId, orderId));
    expect(again).toHaveLength(1);
    await expectLedgerBalanced(server);
  });

  it('applies a loss that arrives before its opening, and the late opening changes nothing', async () => {
    const { orderId, gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 1500);
    const dispute = await sim().raise(gatewayOrderId, { webhook: false, amountPaise: 50_000 });
    await sim().move(dispute.disputeId, 'MERCHANT_ACCEPTED');
    expect(await disputeRow(dispute.disputeId)).toMatchObject({ outcome: 'lost', amountPaise: 50_000 });
    expect((await earningsOf(orderId)).refundedPaise).toBe(50_000);
    const created = { ...(dispute.sent[0] as object) };
    // The lost CREATED notice, delivered late: recorded as seen, the case stays lost and nothing is held.
    const late = structuredClone(created) as { data: { dispute: { dispute_status: string } }; type: string };
    late.data.dispute.dispute_status = 'CHARGEBACK_CREATED';
    late.type = 'DISPUTE_CREATED';
    expect((await post(late)).body.message).toBe('Event ignored');
    expect((await earningsOf(orderId)).heldAt).toBeNull();
    expect((await earningsOf(orderId)).refundedPaise).toBe(50_000);
    await expectLedgerBalanced(server);
  });

  it('reopens the hold for a pre-arbitration after a won chargeback', async () => {
    const { orderId, gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 1200);
    const dispute = await sim().raise(gatewayOrderId);
    await sim().close(dispute.disputeId, 'won');
    expect((await earningsOf(orderId)).heldAt).toBeNull();
    await sim().move(dispute.disputeId, 'CREATED', 'PRE_ARBITRATION');
    expect(await disputeRow(dispute.disputeId)).toMatchObject({
      outcome: 'open',
      disputeType: 'PRE_ARBITRATION',
    });
    expect((await earningsOf(orderId)).heldAt).not.toBeNull();
    // The chargeback's own WON, replayed now, is older: it does not release the pre-arbitration's hold.
    expect((await post(dispute.sent[1])).body.message).not.toBe('Event processed');
    expect((await earningsOf(orderId)).heldAt).not.toBeNull();
  });

  it("keeps each kind of dispute's hold until both have ended", async () => {
    const { orderId, gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 1100);
    const freezeLikeResolutionCentre = (disputeId: string | null) =>
      server.db.update(orders).set({ disputeId }).where(eq(orders.id, orderId));
    const dispute: SimDispute = await sim().raise(gatewayOrderId);
    // The resolution centre's dispute ends while the chargeback is open: still held.
    await server.db.transaction((tx) => releaseDisputeHold(tx, orderId));
    expect((await earningsOf(orderId)).heldAt).not.toBeNull();
    // A resolution-centre dispute is open when the chargeback is won: still held.
    await freezeLikeResolutionCentre(randomUUID());
    await sim().close(dispute.disputeId, 'won');
    expect((await earningsOf(orderId)).heldAt).not.toBeNull();
    await freezeLikeResolutionCentre(null);
    await server.db.transaction((tx) => releaseDisputeHold(tx, orderId));
    expect((await earningsOf(orderId)).heldAt).toBeNull();
  });

  it('ignores disputes of unknown orders and refuses forged ones', async () => {
    const { gatewayOrderId } = await completedPaidOrder(api, server, creator, editor, 999);
    const dispute = await sim().raise(gatewayOrderId, { webhook: false });
    const payload = structuredClone(
      (await sim()
        .close(dispute.disputeId, 'lost')
        .then((d) => d.sent[0])) as {
        data: { order_details: { order_id: string }; dispute: { dispute_id: string } };
      },
    );
    payload.data.order_details.order_id = 'order_not_ours_1234';
    payload.data.dispute.dispute_id = '1';
    const unknown = await post(payload);
    expect(unknown).toMatchObject({ status: 200, body: { message: 'Event ignored' } });
    expect(await disputeRow('1')).toBeUndefined();

    const forged = await post(dispute.sent[0], 'Zm9yZ2Vk');
    expect(forged.status).toBe(401);
  });

  it('shows gateway disputes to admins only', async () => {
    const { orderId } = await completedPaidOrder(api, server, creator, editor, 800);
    const res = await api.get(`/api/admin/orders/${orderId}/gateway-disputes`, { token: creator.token });
    expect(res.status).toBe(403);
    expect(await adminView(orderId)).toEqual([]);
  });
});
