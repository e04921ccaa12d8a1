import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Account } from './accounts';
import { baseUrl } from './browser';

/**
 * One API call as the account, on the suite's server or the one at `base`; throws with the status and
 * body when it is refused.
 */
export async function api(
  account: Account,
  method: string,
  p: string,
  body?: unknown,
  base = baseUrl(),
): Promise<any> {
  const form = body instanceof FormData;
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

export async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Completes a checkout at the simulated gateway, as its page's buttons do, with the outcome given;
 * `webhookLost`: the gateway's webhook never reaches us (only reconciliation can find the payment).
 */
export async function completeCheckout(
  sessionId: string,
  outcome: 'SUCCESS' | 'FAILED',
  { webhookLost = false }: { webhookLost?: boolean } = {},
): Promise<void> {
  const done = await fetch(`${baseUrl()}/simulator/checkout/${sessionId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}${webhookLost ? '&webhook=lost' : ''}`,
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
}

/** The whole order through the API: offer, accept (pay on approval), an image delivered, approved, paid. */
export async function completedOrder(
  creator: Account,
  editor: Account,
  image: string,
): Promise<{ _id: string; reference: string }> {
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title: 'Travel reel',
      description: 'A 45 s reel',
      amount: 2499,
      deliveryDays: 3,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: false });
  const form = new FormData();
  form.append('orderId', offer._id);
  form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
  const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
  await until(async () => {
    const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
    return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
  }, 'the preview');
  await api(creator, 'POST', `/deliveries/${delivery._id}/approve`);
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  return until(async () => {
    const order = (await api(creator, 'GET', `/orders/${offer._id}`)).data;
    return order.status === 'completed' ? order : null;
  }, 'the order to complete');
}
