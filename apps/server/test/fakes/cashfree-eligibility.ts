import type { IncomingMessage } from 'node:http';
import { istPlain, type FakeEasySplit, type FakeReply, type SplitOrderView } from './cashfree-split';

/**
 * Easy Split's older v2 API ({origin}/api/v2, beside /pg) as the Cashfree fake answers it: only "Set
 * Vendor Settlement Eligibility Date for Orders",
 * `PUT /api/v2/easy-split/orders/{order_id}/settlement-eligibility/vendors/{vendor_id}` with
 * `{ "settlementEligibilityDate": "yyyy-MM-dd HH:mm:ss" }` in India's time. It releases a split share held
 * by deferred settlement from that time on. The v2 API takes x-client-id, x-client-secret and
 * Content-Type: application/json, and answers `{ status, subCode, message }`; a request its documentation
 * does not allow is written to `violations`, a refusal of state (the response codes it lists) is not.
 */

export interface EligibilityContext {
  clientId: string;
  clientSecret: string;
  orders: ReadonlyMap<string, SplitOrderView>;
  split: FakeEasySplit;
  violations: string[];
  now: () => number;
  /** Defer Settlement is enabled on the merchant's dashboard. */
  deferred: () => boolean;
}

const IST_DATE_TIME = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/;

const v2Error = (status: number, message: string): FakeReply => ({
  status,
  body: { status: 'ERROR', subCode: String(status), message },
});

/** Answers a request under /api/v2; `parts` are the path's segments after "api/v2". */
export function handleV2(
  ctx: EligibilityContext,
  method: string,
  parts: string[],
  headers: IncomingMessage['headers'],
  body: any,
): FakeReply {
  const invalid = (message: string): FakeReply => {
    ctx.violations.push(message);
    return v2Error(400, message);
  };
  const [area, orders, orderId, what, vendors, vendorId, extra] = parts;
  const isEligibility =
    area === 'easy-split' &&
    orders === 'orders' &&
    what === 'settlement-eligibility' &&
    vendors === 'vendors' &&
    orderId !== undefined &&
    vendorId !== undefined &&
    extra === undefined;
  if (!isEligibility || method !== 'PUT') {
    ctx.violations.push(`unknown endpoint ${method} /api/v2/${parts.join('/')}`);
    return v2Error(404, 'bad URL, please check API documentation');
  }

  // Authentication: the documented headers, with our credentials.
  const id = headers['x-client-id'];
  const secret = headers['x-client-secret'];
  if (typeof id !== 'string' || typeof secret !== 'string') {
    ctx.violations.push('x-client-id, x-client-secret : headers missing');
    return v2Error(401, 'authentication Failed');
  }
  if (id !== ctx.clientId || secret !== ctx.clientSecret) return v2Error(401, 'authentication Failed');
  if (!String(headers['content-type'] ?? '').startsWith('application/json')) {
    return invalid('content-type must be application/json');
  }

  // The body: exactly settlementEligibilityDate, "yyyy-MM-dd HH:mm:ss" (India's time), a real date.
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid('request body : should be a JSON object');
  }
  const unknown = Object.keys(body).filter((k) => k !== 'settlementEligibilityDate');
  if (unknown.length > 0) return invalid(`${unknown.join(', ')} : not a field of this request`);
  const value: unknown = body.settlementEligibilityDate;
  if (value === undefined || value === null || value === '') {
    return invalid('settlementEligibilityDate : is missing in the request');
  }
  const m = typeof value === 'string' ? IST_DATE_TIME.exec(value) : null;
  const at = m ? new Date(`${m[1]}T${m[2]}+05:30`) : null;
  if (!at || Number.isNaN(at.getTime()) || istPlain(at) !== value) {
    return invalid(
      `settlementEligibilityDate : should be a date time of format yyyy-MM-dd HH:mm:ss. Value received: ${String(value)}`,
    );
  }

  // The refusals its response codes list, in the order a request meets them.
  if (!ctx.deferred()) return v2Error(400, 'Deferred settlement not enabled for merchant.');
  if (!ctx.orders.has(orderId)) return v2Error(400, 'Order ID does not exist.');
  if (!ctx.split.vendors.has(vendorId)) return v2Error(400, 'Vendor ID does not exist.');
  // An order the vendor has no share of has nothing to set eligibility for.
  const share = ctx.split.splits.get(orderId)?.shares.find((sh) => sh.vendor_id === vendorId);
  if (!share) return v2Error(400, 'Order ID does not exist.');
  const settlement =
    share.settlement_id === null
      ? undefined
      : ctx.split.settlements.find((s) => s.settlement_id === share.settlement_id);
  if (settlement?.status === 'SUCCESS') return v2Error(400, 'Order has already been settled.');
  if (settlement?.status === 'INITIATED') return v2Error(400, 'Settlement for the order is in progress.');
  if (at.getTime() < ctx.now()) {
    return v2Error(400, 'Eligibility time specified is in the past. Specify a new time.');
  }
  const latest = share.deferredUntil;
  if (latest && at.getTime() > latest.getTime()) {
    return v2Error(
      400,
      `Settlement eligibility cannot be beyond ${istPlain(latest)}. Provide an earlier date.`,
    );
  }
  share.eligibleAt = at;
  return { status: 200, body: { status: 'OK', message: 'Updated vendor settlement eligibility date.' } };
}
