import { expect } from 'vitest';
import type { Delivery, Order } from '@cutroom/contracts';
import { openRoom, sendDelivery, settledDelivery } from '../delivery-fixtures';
import { eventually } from '../fakes/payment-fixtures';
import type { ApiClient } from '../helpers/http';
import { makeImage } from '../helpers/media';
import type { TestServer } from '../helpers/server';
import type { TestUser } from '../helpers/users';

export { openRoom };

/** The editor's custom offer in a room (defaults: ₹6,999, 5 days, 2 revisions). */
export async function sendOffer(
  api: ApiClient,
  editor: TestUser,
  roomId: string,
  fields: Partial<{
    title: string;
    description: string;
    amount: number;
    deliveryDays: number;
    revisions: number;
    tier: string | null;
  }> = {},
): Promise<Order> {
  const res = await api.post(
    `/api/chat/${roomId}/offers`,
    {
      title: 'Wedding teaser',
      description: 'A 60 s teaser',
      amount: 6999,
      deliveryDays: 5,
      revisions: 2,
      ...fields,
    },
    { token: editor.token },
  );
  if (res.status !== 201) throw new Error(`offer: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function orderAs(api: ApiClient, who: TestUser, orderId: string): Promise<Order> {
  const res = await api.get(`/api/orders/${orderId}`, { token: who.token });
  if (res.status !== 200) throw new Error(`order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Drives the simulator's checkout page as a browser would (form post, then the 303 back to us). */
export async function checkout(
  server: TestServer,
  sessionId: string,
  outcome: 'SUCCESS' | 'FAILED' = 'SUCCESS',
) {
  const res = await fetch(`${server.url}/simulator/checkout/${sessionId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  await res.arrayBuffer();
  return res.status;
}

/** Pays an order through the simulator and waits until the order says it is paid. */
export async function payOrder(
  api: ApiClient,
  server: TestServer,
  creator: TestUser,
  orderId: string,
): Promise<Order> {
  const res = await api.post(`/api/orders/${orderId}/pay`, { phone: '9876543210' }, { token: creator.token });
  if (res.status !== 201) throw new Error(`pay: ${res.status} ${JSON.stringify(res.body)}`);
  expect(await checkout(server, res.body.paymentSessionId)).toBe(303);
  return eventually(async () => {
    const order = await orderAs(api, creator, orderId);
    return order.paid ? order : null;
  });
}

/**
 * An image delivery for an order, as the upload answers it: recorded and the order delivered, its preview
 * still being made. For a test that must look at the order before a short auto-complete clock runs out
 * (making the preview alone took 2–4 s on a loaded machine).
 */
export async function sendCut(
  api: ApiClient,
  editor: TestUser,
  roomId: string,
  orderId: string,
  note = '',
): Promise<Delivery> {
  const res = await sendDelivery(api, editor, roomId, {
    file: await makeImage({ width: 320, height: 200, format: 'png' }),
    name: 'cut.png',
    type: 'image/png',
    note,
    orderId,
  });
  if (res.status !== 201) throw new Error(`deliver: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** The delivery once its preview is made (it must be: an image always makes one). */
export async function previewReady(
  api: ApiClient,
  editor: TestUser,
  roomId: string,
  deliveryId: string,
): Promise<Delivery> {
  const settled = await settledDelivery(api, editor, roomId, deliveryId);
  expect(settled.preview.status).toBe('ready');
  return settled;
}

/** An image delivery for an order, with its preview made. */
export async function deliver(
  api: ApiClient,
  editor: TestUser,
  roomId: string,
  orderId: string,
  note = '',
): Promise<Delivery> {
  const sent = await sendCut(api, editor, roomId, orderId, note);
  return previewReady(api, editor, roomId, sent._id);
}

// ---------------------------------------------------------------------------------------------------------
// Helpers shared by the orders-*.test.ts files.

export interface OrderDetail {
  data: Order;
  events: { _id: string; type: string; actor: string; summary: string; note: string | null }[];
}

/** GET /api/admin/orders/{id}: the order and its whole timeline, as an admin sees them. */
export async function adminDetail(api: ApiClient, admin: TestUser, orderId: string): Promise<OrderDetail> {
  const res = await api.get(`/api/admin/orders/${orderId}`, { token: admin.token });
  if (res.status !== 200) throw new Error(`admin order: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** POST /api/orders/{id}/accept, failing loudly if refused. */
export async function acceptOffer(
  api: ApiClient,
  creator: TestUser,
  orderId: string,
  payNow = true,
): Promise<Order> {
  const res = await api.post(`/api/orders/${orderId}/accept`, { payNow }, { token: creator.token });
  if (res.status !== 200) throw new Error(`accept: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** POST a step of an order (cancel, cancellation, …) that must succeed. */
export async function step(api: ApiClient, who: TestUser, path: string, body: unknown = {}): Promise<Order> {
  const res = await api.post(path, body, { token: who.token });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Opens a payment for the order and returns the gateway's reply (checkout session, gateway order id). */
export async function startPayment(api: ApiClient, creator: TestUser, orderId: string) {
  const res = await api.post(`/api/orders/${orderId}/pay`, { phone: '9876543210' }, { token: creator.token });
  if (res.status !== 201) throw new Error(`pay: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { orderId: string; paymentSessionId: string; amount: number };
}

/** GET /api/payment/refund/{gatewayOrderId} as an admin: what was paid and what went back. */
export async function refundsOf(api: ApiClient, admin: TestUser, gatewayOrderId: string) {
  const res = await api.get(`/api/payment/refund/${gatewayOrderId}`, { token: admin.token });
  if (res.status !== 200) throw new Error(`refunds: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    amount: number;
    refundedAmount: number;
    remainingAmount: number;
    refunds: { amount: number; status: string; note: string }[];
  };
}

export const eventTypes = (d: Pick<OrderDetail, 'events'>) => d.events.map((e) => e.type);
