import { expect } from 'vitest';
import { eventually, paymentWebhookBody, postWebhook } from '../fakes/payment-fixtures';
import type { FakeCashfree } from '../fakes/cashfree';
import { apiClient, type ApiClient } from '../helpers/http';
import type { TestUser } from '../helpers/users';
import { acceptOffer, deliver, openRoom, orderAs, sendOffer, startPayment } from '../orders/fixtures';
import { BANK } from '../payouts/fixtures';

/** What one crash case made: the order, its payment at the gateway, its people. */
export interface CaseOrder {
  api: ApiClient;
  orderId: string;
  roomId: string;
  gatewayOrderId: string;
  creator: TestUser;
  editor: TestUser;
}

/** Saves the editor's payout details and waits until the gateway's vendor is active. */
export async function activeVendor(api: ApiClient, editor: TestUser): Promise<void> {
  const saved = await api.put('/api/earnings/payout-details', BANK, { token: editor.token });
  expect(saved.status).toBe(200);
  await eventually(async () => {
    const res = await api.get('/api/earnings', { token: editor.token });
    return res.body.payoutAccount?.vendorState === 'active';
  }, 30_000);
}

/**
 * An order of `amount` rupees accepted with Pay Now and paid at the Cashfree fake, whose webhook tells the
 * server. It does not wait for the order to be paid: the payment may set off the step a case crashes at.
 */
export async function payAtGateway(
  url: string,
  fake: FakeCashfree,
  creator: TestUser,
  editor: TestUser,
  amount: number,
): Promise<CaseOrder> {
  const api = apiClient(url);
  const roomId = await openRoom(api, creator, editor);
  const offer = await sendOffer(api, editor, roomId, { amount, revisions: 1, deliveryDays: 3 });
  await acceptOffer(api, creator, offer._id, true);
  const { orderId: gatewayOrderId } = await startPayment(api, creator, offer._id);
  const paid = fake.addPayment(gatewayOrderId, 'SUCCESS');
  const body = paymentWebhookBody({
    type: 'PAYMENT_SUCCESS_WEBHOOK',
    orderId: gatewayOrderId,
    cfPaymentId: paid.cf_payment_id,
    amount,
  });
  await postWebhook(url, fake.clientSecret, body).catch(() => undefined);
  return { api, orderId: offer._id, roomId, gatewayOrderId, creator, editor };
}

/** Waits until the order is paid and its share is split and held at the gateway. */
export async function splitHeld(o: CaseOrder, ms = 20_000): Promise<void> {
  await eventually(async () => (await orderAs(o.api, o.creator, o.orderId)).paid, ms);
  await gatewayStateIs(o, 'held', ms);
}

/** The order's share as the editor's earnings page shows it at the gateway: held, released, … */
export async function gatewayStateIs(o: CaseOrder, state: string, ms = 20_000): Promise<void> {
  await eventually(async () => {
    const res = await o.api.get('/api/earnings/orders', { token: o.editor.token });
    const item = (res.body.items ?? []).find((i: { orderId: string }) => i.orderId === o.orderId);
    return item?.gateway === state;
  }, ms);
}

/** Delivers and approves the order: it completes and its share starts clearing. */
export async function complete(o: CaseOrder): Promise<void> {
  const delivery = await deliver(o.api, o.editor, o.roomId, o.orderId);
  const approved = await o.api.post(`/api/deliveries/${delivery._id}/approve`, undefined, {
    token: o.creator.token,
  });
  expect(approved.status).toBe(200);
}

/** A request to a server that may die while answering it: its reply, or null when the connection broke. */
export async function mayDie<T>(request: Promise<T>): Promise<T | null> {
  try {
    return await request;
  } catch {
    return null;
  }
}

/** The refunds our server lists for the order, as an admin reads them (statuses and amounts). */
export async function ourRefunds(api: ApiClient, admin: TestUser, gatewayOrderId: string) {
  const res = await api.get(`/api/payment/refund/${gatewayOrderId}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.refunds as { refundId: string; amount: number; status: string }[];
}

/**
 * The gateway finishes the order's refunds (as the bank does), and waits until our server knows: through
 * reconciliation, since no webhook reaches a test server over http.
 */
export async function refundsSucceed(
  fake: FakeCashfree,
  o: CaseOrder,
  admin: TestUser,
  count = 1,
): Promise<void> {
  await eventually(async () => fake.refundsOf(o.gatewayOrderId).length >= count, 30_000).catch(
    async (err: Error) => {
      const ours = await ourRefunds(o.api, admin, o.gatewayOrderId);
      throw new Error(`${err.message}: no refund at the gateway; ours ${JSON.stringify(ours)}`);
    },
  );
  for (const r of fake.refundsOf(o.gatewayOrderId)) {
    if (r.refund_status === 'PENDING') fake.setRefundStatus(o.gatewayOrderId, r.refund_id, 'SUCCESS');
  }
  let ours: Awaited<ReturnType<typeof ourRefunds>> = [];
  await eventually(async () => {
    ours = await ourRefunds(o.api, admin, o.gatewayOrderId);
    return ours.length === count && ours.every((r) => r.status === 'SUCCESS');
  }, 30_000).catch((err: Error) => {
    const theirs = fake.refundsOf(o.gatewayOrderId);
    throw new Error(`${err.message}: ours ${JSON.stringify(ours)}, the gateway's ${JSON.stringify(theirs)}`);
  });
}
