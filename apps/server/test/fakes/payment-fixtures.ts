import type { TierTitle } from '@cutroom/contracts';
import type { Db } from '../../src/db/client';
import { editorPortfolios, type StoredTier } from '../../src/db/schema';
import { signWebhook } from '../../src/modules/payments/webhook-format';
import { createTestUser, type TestUser } from '../helpers/users';

/** An editor whose portfolio has these tier prices in rupees (null: the tier exists without a price). */
export async function createPricedEditor(
  db: Db,
  prices: Partial<Record<TierTitle, number | null>> = { basic: 1499, intermediate: 2999, pro: null },
): Promise<TestUser> {
  const editor = await createTestUser(db, 'editor');
  const tiers: StoredTier[] = Object.entries(prices).map(([title, price]) => ({
    title: title as TierTitle,
    description: `${title} editing`,
    features: ['1 revision'],
    pricing: price === null ? [{ reelCount: 1, priceMin: 0 }] : [{ reelCount: 1, priceMin: price! }],
    // A priced tier states what Pay Now buys.
    ...(price === null ? {} : { deliveryDays: 3, revisions: 1 }),
  }));
  await db.insert(editorPortfolios).values({ editorId: editor.id, tiers, whatsIncluded: ['Revisions'] });
  return editor;
}

/** A webhook body as Cashfree sends it (2025-01-01), amounts written with two decimals. */
export function paymentWebhookBody(opts: {
  type: 'PAYMENT_SUCCESS_WEBHOOK' | 'PAYMENT_FAILED_WEBHOOK' | 'PAYMENT_USER_DROPPED_WEBHOOK';
  orderId: string;
  cfPaymentId: string;
  amount: number;
  orderAmount?: number;
}): string {
  const status =
    opts.type === 'PAYMENT_SUCCESS_WEBHOOK'
      ? 'SUCCESS'
      : opts.type === 'PAYMENT_FAILED_WEBHOOK'
        ? 'FAILED'
        : 'USER_DROPPED';
  const order = (opts.orderAmount ?? opts.amount).toFixed(2);
  return (
    `{"data":{"order":{"order_id":"${opts.orderId}","order_amount":${order},"order_currency":"INR","order_tags":null},` +
    `"payment":{"cf_payment_id":"${opts.cfPaymentId}","payment_status":"${status}","payment_amount":${opts.amount.toFixed(2)},` +
    `"payment_currency":"INR","payment_message":"test","payment_time":"2025-01-15T12:20:29+05:30","bank_reference":"1234",` +
    `"auth_id":null,"payment_method":{"upi":{"channel":"collect","upi_id":"test@upi"}},"payment_group":"upi"},` +
    `"customer_details":{"customer_name":null,"customer_id":"abc123","customer_email":null,"customer_phone":"9876543210"}},` +
    `"event_time":"2025-01-15T12:20:30+05:30","type":"${opts.type}"}`
  );
}

export function refundWebhookBody(opts: {
  orderId: string;
  refundId: string;
  cfRefundId: number;
  amount: number;
  status: 'SUCCESS' | 'CANCELLED' | 'PENDING' | 'ONHOLD';
}): string {
  return (
    `{"data":{"refund":{"cf_refund_id":${opts.cfRefundId},"cf_payment_id":789727431,"refund_id":"${opts.refundId}",` +
    `"order_id":"${opts.orderId}","refund_amount":${opts.amount.toFixed(2)},"refund_currency":"INR","entity":"Refund",` +
    `"refund_type":"MERCHANT_INITIATED","refund_arn":"205907014017","refund_status":"${opts.status}",` +
    `"status_description":"Refund processed successfully","created_at":"2025-02-28T12:54:25+05:30",` +
    `"processed_at":"2025-02-28T13:04:27+05:30","refund_note":"Test","refund_splits":[],"metadata":null}},` +
    `"event_time":"2025-02-28T13:04:28+05:30","type":"REFUND_STATUS_WEBHOOK"}`
  );
}

/** POSTs a webhook body signed with `secret` (Cashfree's scheme), optionally with a given timestamp. */
export async function postWebhook(
  baseUrl: string,
  secret: string,
  body: string,
  opts: { timestamp?: string; signature?: string } = {},
): Promise<{ status: number; body: any }> {
  const timestamp = opts.timestamp ?? String(Date.now());
  const res = await fetch(`${baseUrl}/api/payment/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': opts.signature ?? signWebhook(secret, timestamp, body),
      'x-webhook-version': '2025-01-01',
    },
    body,
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** Polls until `check` returns a truthy value, or fails after `ms`. */
export async function eventually<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 8000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
