import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasWholePaise, paiseFromRupees } from '@cutroom/contracts';
import { GatewayError } from '../../src/modules/payments/gateway/types';
import { handleV2 } from './cashfree-eligibility';
import { createFakeVendorDocs, type FakeVendorDocs } from './cashfree-vendor-docs';
import {
  CASHFREE_SPLIT_TIMING,
  createFakeEasySplit,
  DAY_MS,
  type FakeEasySplit,
  type FakeSplitTiming,
} from './cashfree-split';

/**
 * A local stand-in for Cashfree's PG API (version 2025-01-01) that checks every request the way
 * Cashfree documents it (headers, paths, body fields and their limits) and answers with Cashfree's
 * documented shapes and error bodies. Anything it would refuse is also written to `violations`, so a
 * test can assert that our adapter never sent a request Cashfree would reject.
 */
export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

interface FakePayment {
  cf_payment_id: string;
  payment_status: string;
  payment_amount: number;
  payment_time: string;
}

interface FakeRefund {
  cf_refund_id: string;
  refund_id: string;
  refund_amount: number;
  refund_note: string;
  refund_status: string;
  created_at: string;
  refund_splits?: unknown[];
}

interface FakeOrder {
  body: any;
  cf_order_id: string;
  payment_session_id: string;
  order_status: string;
  created_at: string;
  payments: FakePayment[];
  refunds: FakeRefund[];
}

/** Cashfree's timing rules and the merchant's settings; each defaults to Cashfree's own value. */
export interface FakeCashfreeOptions {
  /** How long after a successful payment a split is first accepted (Cashfree: 120 seconds). */
  splitWaitMs?: number;
  /** The order split delay after the payment, beyond which no split is accepted (T+1: a day). */
  splitWindowMs?: number;
  /** Defer Settlement's "Defer by Days" (60, Cutroom's PAYOUT_DEFER_DAYS default); null: not enabled. */
  deferDays?: number | null;
}

export interface FakeCashfree {
  /** e.g. http://127.0.0.1:PORT/pg (the v2 API answers beside it, at http://127.0.0.1:PORT/api/v2). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  requests: FakeRequest[];
  violations: string[];
  /** Upload Vendor Docs and the documents kept per vendor (./cashfree-vendor-docs). */
  vendorDocs: FakeVendorDocs;
  orders: Map<string, FakeOrder>;
  /** Easy Split: vendors, order splits, vendor balances and settlements (see ./cashfree-split). */
  split: FakeEasySplit;
  /** The next request (of any kind) is answered with this status and body instead. */
  failNext(status: number, body: unknown): void;
  /** The fake's clock (ms since the epoch): payment times, split timing, eligibility, settlements. */
  now(): number;
  /** Moves the fake's clock forward (as if that much time had passed at Cashfree). */
  advance(ms: number): void;
  /**
   * Records a payment attempt on an order, as if the payer had used Cashfree's checkout. `amountRupees`
   * is the payment_amount, which differs from the order_amount with offers or payer-paid surcharges; it
   * may come after the order's expiry (a late PAID), as Cashfree lets a started attempt finish. A
   * TERMINATED order takes none (throws); a PAID one takes a second SUCCESS (a duplicate payment).
   */
  addPayment(orderId: string, status: string, amountRupees?: number): FakePayment;
  /** Changes the order_amount Cashfree holds for an order (what a tampered or mixed-up order looks like). */
  setOrderAmount(orderId: string, amountRupees: number): void;
  /** How many API calls read this order or its payments (GET /orders/{id} and /orders/{id}/payments). */
  readsOf(orderId: string): number;
  /** Moves a refund to a new status (as Cashfree does when the bank settles it). */
  setRefundStatus(orderId: string, refundId: string, status: string): void;
  /** The refunds Cashfree holds for an order. */
  refundsOf(orderId: string): readonly FakeRefund[];
  close(): Promise<void>;
}

const ORDER_ID = /^[A-Za-z0-9_-]{3,45}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const twoDecimals = (n: unknown) => typeof n === 'number' && Number.isFinite(n) && hasWholePaise(n);

/** The GatewayError an adapter call ends with; fails the test if it succeeds or throws anything else. */
export async function gatewayError(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GatewayError) return err;
    throw err;
  }
  throw new Error('expected a GatewayError');
}

export async function startFakeCashfree(
  clientId = 'TEST_CLIENT_ID',
  clientSecret = 'cfsk_test_secret',
  options: FakeCashfreeOptions = {},
): Promise<FakeCashfree> {
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const orders = new Map<string, FakeOrder>();
  const idempotencyKeys = new Set<string>();
  let forced: { status: number; body: unknown } | null = null;
  let clockOffset = 0;
  const now = () => Date.now() + clockOffset;
  const deferDays =
    options.deferDays === undefined ? CASHFREE_SPLIT_TIMING.deferMs! / DAY_MS : options.deferDays;
  const timing: FakeSplitTiming = {
    waitMs: options.splitWaitMs ?? CASHFREE_SPLIT_TIMING.waitMs,
    windowMs: options.splitWindowMs ?? CASHFREE_SPLIT_TIMING.windowMs,
    deferMs: deferDays === null ? null : deferDays * DAY_MS,
  };
  const easySplit = createFakeEasySplit({ orders, violations, now, timing });
  const vendorDocs = createFakeVendorDocs({
    clientId,
    clientSecret,
    violations,
    hasVendor: (id) => easySplit.state.vendors.has(id),
  });

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-api-version': '2025-01-01' });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: ServerResponse, message: string, code = 'request_invalid') => {
    violations.push(message);
    send(res, 400, { message, code, type: 'invalid_request_error' });
  };

  const orderEntity = (o: FakeOrder) => ({
    cf_order_id: o.cf_order_id,
    created_at: o.created_at,
    customer_details: {
      customer_id: o.body.customer_details.customer_id,
      customer_name: null,
      customer_email: null,
      customer_phone: o.body.customer_details.customer_phone,
      customer_uid: null,
    },
    entity: 'order',
    order_amount: o.body.order_amount,
    order_currency: 'INR',
    order_expiry_time: o.body.order_expiry_time ?? null,
    order_id: o.body.order_id,
    order_meta: {
      return_url: o.body.order_meta?.return_url ?? null,
      notify_url: o.body.order_meta?.notify_url ?? null,
      payment_methods: null,
    },
    order_note: o.body.order_note ?? null,
    order_splits: [],
    order_status: o.order_status,
    order_tags: null,
    payment_session_id: o.payment_session_id,
    terminal_data: null,
    cart_details: null,
  });

  const refundEntity = (orderId: string, o: FakeOrder, r: FakeRefund) => ({
    cf_payment_id: o.payments.find((p) => p.payment_status === 'SUCCESS')?.cf_payment_id ?? null,
    cf_refund_id: r.cf_refund_id,
    order_id: orderId,
    refund_id: r.refund_id,
    entity: 'refund',
    refund_amount: r.refund_amount,
    refund_currency: 'INR',
    refund_note: r.refund_note,
    refund_status: r.refund_status,
    refund_arn: null,
    refund_charge: 0,
    status_description: 'In Progress',
    metadata: null,
    refund_splits: r.refund_splits ?? [],
    refund_type: 'MERCHANT_INITIATED',
    refund_mode: 'STANDARD',
    created_at: r.created_at,
    processed_at: null,
    refund_speed: { requested: 'STANDARD', accepted: 'STANDARD', processed: null, message: null },
  });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: any = undefined;
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return invalid(res, 'request body is not valid json');
      }
    }
    requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, body });

    if (forced) {
      const f = forced;
      forced = null;
      return send(res, f.status, f.body);
    }
    // Easy Split's older v2 API lives beside /pg, with its own headers and answers.
    if (url.pathname.startsWith('/api/v2/')) {
      const v2Parts = url.pathname
        .slice('/api/v2/'.length)
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      const reply = handleV2(
        {
          clientId,
          clientSecret,
          orders,
          split: easySplit.state,
          violations,
          now,
          deferred: () => timing.deferMs !== null,
        },
        req.method ?? '',
        v2Parts,
        req.headers,
        body,
      );
      return send(res, reply.status, reply.body);
    }
    if (req.headers['x-api-version'] !== '2025-01-01') {
      return invalid(res, 'x-api-version : header missing or not 2025-01-01', 'request_invalid');
    }
    if (req.headers['x-client-id'] !== clientId || req.headers['x-client-secret'] !== clientSecret) {
      return send(res, 401, {
        message: 'authentication Failed',
        code: 'request_failed',
        type: 'authentication_error',
      });
    }
    if (req.method === 'POST') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return invalid(res, 'content-type must be application/json');
      }
      const key = req.headers['x-idempotency-key'];
      if (typeof key !== 'string' || !UUID.test(key)) {
        return invalid(res, 'x-idempotency-key must be a UUID on every create');
      }
    }

    const parts = url.pathname.replace(/^\/pg/, '').split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] === 'easy-split') {
      const reply = easySplit.handle(req.method ?? '', parts.slice(1), body, {
        contentType: req.headers['content-type'],
        idempotencyKey: req.headers['x-idempotency-key'] as string | undefined,
      });
      return send(res, reply.status, reply.body);
    }
    // POST /orders
    if (req.method === 'POST' && parts.length === 1 && parts[0] === 'orders') {
      const b = body ?? {};
      if (typeof b.order_id !== 'string' || !ORDER_ID.test(b.order_id)) {
        return invalid(res, 'order_id : should be 3-45 characters of alphanumeric, _ and -');
      }
      if (!twoDecimals(b.order_amount) || b.order_amount < 1) {
        return invalid(res, 'order_amount : should be at least 1 with up to two decimals');
      }
      if (b.order_currency !== 'INR') return invalid(res, 'order_currency : invalid value');
      const c = b.customer_details ?? {};
      if (typeof c.customer_id !== 'string' || !/^[A-Za-z0-9]{1,50}$/.test(c.customer_id)) {
        return invalid(res, 'customer_details.customer_id : should be alphanumeric');
      }
      if (typeof c.customer_phone !== 'string' || !/^\d{10}$/.test(c.customer_phone)) {
        return invalid(res, 'customer_details.customer_phone : should be 10 digits');
      }
      const meta = b.order_meta ?? {};
      if (meta.return_url !== undefined && !/^https?:\/\/.+\{order_id\}/.test(meta.return_url)) {
        return invalid(res, 'order_meta.return_url : should be a URL carrying {order_id}');
      }
      if (meta.notify_url !== undefined && !/^https:\/\//.test(meta.notify_url)) {
        return invalid(res, 'order_meta.notify_url : should be https');
      }
      // Cashfree's spec: ISO 8601 with an offset and whole seconds, e.g. 2021-07-02T10:20:12+05:30.
      if (
        b.order_expiry_time !== undefined &&
        (typeof b.order_expiry_time !== 'string' ||
          !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2})$/.test(b.order_expiry_time) ||
          Number.isNaN(Date.parse(b.order_expiry_time)))
      ) {
        return invalid(res, 'order_expiry_time : should be ISO 8601 like 2021-07-02T10:20:12+05:30');
      }
      if (orders.has(b.order_id)) {
        return send(res, 409, {
          message: 'order with same id is already present',
          code: 'order_already_exists',
          type: 'invalid_request_error',
        });
      }
      idempotencyKeys.add(String(req.headers['x-idempotency-key']));
      const order: FakeOrder = {
        body: b,
        cf_order_id: String(randomInt(1_000_000_000, 9_999_999_999)),
        payment_session_id: `session_${randomBytes(30).toString('base64url')}`,
        order_status: 'ACTIVE',
        created_at: new Date(now()).toISOString(),
        payments: [],
        refunds: [],
      };
      orders.set(b.order_id, order);
      return send(res, 200, orderEntity(order));
    }

    const order = parts[0] === 'orders' && parts[1] ? orders.get(parts[1]) : undefined;
    const orderNotFound = () =>
      send(res, 404, { message: 'order not found', code: 'order_not_found', type: 'invalid_request_error' });

    // GET /orders/{order_id}
    if (req.method === 'GET' && parts.length === 2 && parts[0] === 'orders') {
      return order ? send(res, 200, orderEntity(order)) : orderNotFound();
    }
    // PATCH /orders/{order_id} (Terminate Order): only `{"order_status": "TERMINATED"}`, only an ACTIVE order.
    if (req.method === 'PATCH' && parts.length === 2 && parts[0] === 'orders') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return invalid(res, 'content-type must be application/json');
      }
      if (body?.order_status !== 'TERMINATED' || Object.keys(body).length !== 1) {
        return invalid(res, 'order_status : should be TERMINATED');
      }
      if (!order) return orderNotFound();
      if (order.order_status === 'ACTIVE') order.order_status = 'TERMINATED';
      else if (order.order_status !== 'TERMINATED') {
        return send(res, 400, {
          message: `order cannot be terminated, order is ${order.order_status}`,
          code: 'order_terminate_failed',
          type: 'invalid_request_error',
        });
      }
      return send(res, 200, orderEntity(order));
    }
    // GET /orders/{order_id}/payments
    if (req.method === 'GET' && parts.length === 3 && parts[2] === 'payments') {
      if (!order) return orderNotFound();
      return send(
        res,
        200,
        order.payments.map((p) => ({
          cf_payment_id: p.cf_payment_id,
          order_id: parts[1],
          entity: 'payment',
          is_captured: p.payment_status === 'SUCCESS',
          order_amount: order.body.order_amount,
          payment_group: 'upi',
          payment_currency: 'INR',
          payment_amount: p.payment_amount,
          payment_time: p.payment_time,
          payment_completion_time: p.payment_time,
          payment_status: p.payment_status,
          payment_message: p.payment_status === 'SUCCESS' ? '00::Transaction success' : 'failed',
          bank_reference: '1234567',
          auth_id: null,
          payment_method: { upi: { channel: 'collect', upi_id: 'test@upi' } },
        })),
      );
    }
    // POST /orders/{order_id}/refunds
    if (req.method === 'POST' && parts.length === 3 && parts[2] === 'refunds') {
      if (!order) return orderNotFound();
      const b = body ?? {};
      if (!twoDecimals(b.refund_amount) || b.refund_amount <= 0) {
        return invalid(res, 'refund_amount : should be more than 0 with up to two decimals');
      }
      if (typeof b.refund_id !== 'string' || !/^[A-Za-z0-9_-]{3,40}$/.test(b.refund_id)) {
        return invalid(res, 'refund_id : should be 3-40 characters of alphanumeric, _ and -');
      }
      if (typeof b.refund_note !== 'string' || b.refund_note.length < 3 || b.refund_note.length > 100) {
        return invalid(res, 'refund_note : should be 3-100 characters');
      }
      if (order.order_status !== 'PAID') {
        return send(res, 400, {
          message: 'order is not paid',
          code: 'refund_invalid_request',
          type: 'invalid_request_error',
        });
      }
      if (order.refunds.some((r) => r.refund_id === b.refund_id)) {
        return send(res, 409, {
          message: 'refund with same id is already present',
          code: 'refund_already_exists',
          type: 'invalid_request_error',
        });
      }
      const refunded = order.refunds
        .filter((r) => r.refund_status !== 'CANCELLED')
        .reduce((s, r) => s + paiseFromRupees(r.refund_amount), 0);
      // Refundable: what the order's successful payments captured (a second payment adds to it).
      const captured = order.payments
        .filter((p) => p.payment_status === 'SUCCESS')
        .reduce((s, p) => s + paiseFromRupees(p.payment_amount), 0);
      if (refunded + paiseFromRupees(b.refund_amount) > captured) {
        return send(res, 400, {
          message: 'refund amount is greater than the refundable amount',
          code: 'refund_amount_invalid',
          type: 'invalid_request_error',
        });
      }
      const splitRefusal = easySplit.checkRefundSplits(parts[1]!, b);
      if (splitRefusal) return send(res, splitRefusal.status, splitRefusal.body);
      const refund: FakeRefund = {
        cf_refund_id: String(randomInt(10_000_000, 99_999_999)),
        refund_id: b.refund_id,
        refund_amount: b.refund_amount,
        refund_note: b.refund_note,
        refund_status: 'PENDING',
        created_at: new Date(now()).toISOString(),
        ...(b.refund_splits ? { refund_splits: b.refund_splits } : {}),
      };
      order.refunds.push(refund);
      easySplit.applyRefundSplits(parts[1]!, b);
      return send(res, 200, refundEntity(parts[1]!, order, refund));
    }
    // GET /orders/{order_id}/refunds: every refund of the order
    if (req.method === 'GET' && parts.length === 3 && parts[2] === 'refunds') {
      if (!order) {
        return send(res, 404, {
          message: 'order not found',
          code: 'order_not_found',
          type: 'invalid_request_error',
        });
      }
      return send(
        res,
        200,
        order.refunds.map((r) => refundEntity(parts[1]!, order, r)),
      );
    }
    // GET /orders/{order_id}/refunds/{refund_id}
    if (req.method === 'GET' && parts.length === 4 && parts[2] === 'refunds') {
      const refund = order?.refunds.find((r) => r.refund_id === parts[3]);
      if (!order || !refund) {
        return send(res, 404, {
          message: 'refund not found',
          code: 'refund_not_found',
          type: 'invalid_request_error',
        });
      }
      return send(res, 200, refundEntity(parts[1]!, order, refund));
    }
    violations.push(`unknown endpoint ${req.method} ${url.pathname}`);
    return send(res, 404, {
      message: 'bad URL, please check API documentation',
      code: 'request_invalid',
      type: 'invalid_request_error',
    });
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const docs = /^\/pg\/easy-split\/vendor-docs\/([^/]+)$/.exec(
        new URL(req.url ?? '/', 'http://fake').pathname,
      );
      if (!docs) return handle(req, res, raw.toString('utf8'));
      // Multipart, not JSON: the vendor documents fake reads it (the raw body is kept as the request's).
      requests.push({
        method: req.method ?? '',
        path: docs[0],
        headers: req.headers,
        body: raw.toString('utf8'),
      });
      if (forced) {
        const f = forced;
        forced = null;
        return send(res, f.status, f.body);
      }
      void vendorDocs
        .handle(req.method ?? '', decodeURIComponent(docs[1]!), req.headers, raw)
        .then((reply) => send(res, reply.status, reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseUrl: `http://127.0.0.1:${port}/pg`,
    clientId,
    clientSecret,
    requests,
    violations,
    vendorDocs,
    orders,
    split: easySplit.state,
    failNext(status, body) {
      forced = { status, body };
    },
    now,
    advance(ms) {
      clockOffset += ms;
    },
    addPayment(orderId, status, amountRupees) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake cashfree: no order ${orderId}`);
      // A terminated (or expired-and-unstarted) order's checkout takes no attempt.
      if (order.order_status === 'TERMINATED') throw new Error(`fake cashfree: ${orderId} is terminated`);
      const payment: FakePayment = {
        cf_payment_id: String(randomInt(1_000_000_000, 9_999_999_999)),
        payment_status: status,
        payment_amount: amountRupees ?? order.body.order_amount,
        payment_time: new Date(now() + order.payments.length).toISOString(),
      };
      order.payments.push(payment);
      if (status === 'SUCCESS') order.order_status = 'PAID';
      return payment;
    },
    setOrderAmount(orderId, amountRupees) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`fake cashfree: no order ${orderId}`);
      order.body.order_amount = amountRupees;
    },
    readsOf(orderId) {
      const paths = new Set([`/pg/orders/${orderId}`, `/pg/orders/${orderId}/payments`]);
      return requests.filter((r) => r.method === 'GET' && paths.has(r.path)).length;
    },
    setRefundStatus(orderId, refundId, status) {
      const refund = orders.get(orderId)?.refunds.find((r) => r.refund_id === refundId);
      if (!refund) throw new Error(`fake cashfree: no refund ${refundId}`);
      refund.refund_status = status;
    },
    refundsOf: (orderId) => orders.get(orderId)?.refunds ?? [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
