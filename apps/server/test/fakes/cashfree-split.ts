import { randomInt } from 'node:crypto';
import { hasWholePaise, paiseFromRupees, percentOf, rupeesFromPaise } from '@cutroom/contracts';

/**
 * The Easy Split part of the Cashfree fake (API version 2025-01-01): vendors, split after payment, split
 * and settlement details, vendor balances, adjustments and on-demand transfers, and refund_splits on
 * refunds. Each request is checked as Cashfree's spec documents it; what Cashfree would refuse for its
 * form is written to `violations` and answered with Cashfree's error body. Refusals that depend on state
 * (an unpaid order, a vendor without balance) are answered the documented way but are not violations.
 * Amounts are kept in paise and spoken in rupees.
 *
 * Its timing follows Cashfree's rules, on the fake's own clock (`FakeCashfree.advance`): no split within
 * 2 minutes of the payment, none after the order split delay (T+1) or once the order has a refund; a
 * split share is held by deferred settlement until the payment time + the deferral, or until the date
 * the v2 eligibility API sets (./cashfree-eligibility), and scheduled settlements pay only what is
 * eligible; an on-demand transfer needs ₹1,000 of vendor balance.
 */

export interface FakeReply {
  status: number;
  body: unknown;
}

/** What the fake needs of the orders the rest of the fake keeps. */
export interface SplitOrderView {
  body: { order_amount: number };
  order_status: string;
  payments: { cf_payment_id: string; payment_status: string; payment_time: string }[];
  refunds: { refund_amount: number; refund_status: string }[];
}

/**
 * Cashfree's timing rules for split after payment, and the merchant's Defer Settlement setting. Tests may
 * shorten them; the defaults are Cashfree's own.
 */
export interface FakeSplitTiming {
  /** "After the customer payment is successful, add 120 seconds delay before you use this API". */
  waitMs: number;
  /** The order split delay (Easy Split → "Order Split Delay Post Successful Payment"), T+1 by default. */
  windowMs: number;
  /** Defer Settlement's "Defer by Days", in ms from the payment; null when it is not enabled. */
  deferMs: number | null;
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const CASHFREE_SPLIT_TIMING: FakeSplitTiming = {
  waitMs: 2 * 60 * 1000,
  windowMs: DAY_MS,
  deferMs: 60 * DAY_MS,
};
/** Cashfree's refusal of a split sent within its wait after the payment (a retry later succeeds). */
export const SPLIT_TOO_SOON =
  'Split can be created only 2 minutes after the payment is successful. Retry later';
/** Cashfree's least vendor balance for an on-demand settlement, in paise. */
export const ON_DEMAND_MINIMUM_PAISE = 100_000;

export interface FakeVendor {
  vendor_id: string;
  status: string;
  /** Cashfree's words on the vendor (why it is blocked). */
  remarks: string | null;
  name: string;
  email: string;
  phone: string;
  bank: { account_number: string; account_holder: string; ifsc: string } | null;
  upi: { vpa: string; account_holder: string } | null;
  kyc_details: Record<string, unknown>;
  /** The KYC documents and how far each is (Cashfree's related_docs); tests set them. */
  related_docs?: { doc_type: string; doc_value: string | null; status: string; remarks: string | null }[];
  verify_account: boolean;
  dashboard_access: boolean;
  schedule_option: number;
  added_on: string;
  updated_on: string;
  unsettledPaise: number;
  settledPaise: number;
}

export interface FakeSplitShare {
  vendor_id: string;
  amountPaise: number;
  /** Taken back by refund_splits so far. */
  refundedPaise: number;
  tags: Record<string, string> | null;
  /** From when the vendor's schedule may settle it (moved by the settlement eligibility API). */
  eligibleAt: Date;
  /** Under deferred settlement: payment time + the deferral, the latest eligibility Cashfree accepts. */
  deferredUntil: Date | null;
  settlement_id: number | null;
}

export interface FakeOrderSplit {
  shares: FakeSplitShare[];
  /** disable_split was sent: Cashfree takes no further split for the order. */
  closed: boolean;
}

export type FakeSettlementStatus = 'INITIATED' | 'SUCCESS' | 'FAILED' | 'REVERSED';

export interface FakeSettlement {
  settlement_id: number;
  vendor_id: string;
  amountPaise: number;
  /** Whose balance pays it: the vendor's own, or ours (an on-demand transfer from MERCHANT). */
  from: 'VENDOR' | 'MERCHANT';
  status: FakeSettlementStatus;
  utr: string | null;
  reason: string | null;
  initiatedAt: Date;
  settledAt: Date | null;
  orders: string[];
}

/** The body of a VENDOR_SETTLEMENT_* webhook, as Cashfree sends it. */
export interface VendorSettlementWebhook {
  data: {
    settlement: {
      settlement_id: number;
      status: FakeSettlementStatus;
      utr: string | null;
      settlement_initiated_on: string;
      settled_on: string | null;
      reason: string | null;
      adjustment: number;
      settlement_amount: number;
      service_charge: number;
      service_tax: number;
      amount_settled: number | null;
      payment_from: string;
      payment_till: string;
      vendor_id: string;
      vendor_transaction_amount: number;
      account_mode: 'BANK' | 'UPI';
      settled_orders_count: number;
    };
  };
  event_time: string;
  type: `VENDOR_SETTLEMENT_${FakeSettlementStatus}`;
}

export interface FakeEasySplit {
  vendors: Map<string, FakeVendor>;
  /** By order id. */
  splits: Map<string, FakeOrderSplit>;
  settlements: FakeSettlement[];
  /** The status vendors are created (and re-verified on update) with: ACTIVE, or IN_BENE_CREATION. */
  newVendorStatus: string;
  /** As Cashfree does when it verifies, blocks or deletes a vendor. */
  setVendorStatus(vendorId: string, status: string, remarks?: string | null): void;
  /**
   * Starts a scheduled settlement of the vendor's balance that is eligible now (all of it unless told),
   * as INITIATED; split shares held by deferred settlement are not in it (throws when nothing is eligible).
   */
  startSettlement(vendorId: string, amountPaise?: number): FakeSettlement;
  /** What a scheduled settlement could pay the vendor now: its balance less the shares still held. */
  eligiblePaise(vendorId: string): number;
  /** Ends a settlement; FAILED and REVERSED give the amount back to the balance it came from. */
  finishSettlement(
    settlementId: number,
    status: 'SUCCESS' | 'FAILED' | 'REVERSED',
    reason?: string,
  ): VendorSettlementWebhook;
  /** Settles the vendor's whole eligible balance in one go and returns what the webhook carries. */
  settle(vendorId: string, status?: 'SUCCESS' | 'FAILED', reason?: string): VendorSettlementWebhook;
  /** The webhook body Cashfree sends for a settlement in its current status. */
  webhookFor(settlement: FakeSettlement): VendorSettlementWebhook;
}

export interface EasySplitHandler {
  state: FakeEasySplit;
  /** Answers /pg/easy-split/...; `parts` are the path's segments after "easy-split". */
  handle(
    method: string,
    parts: string[],
    body: any,
    headers: { contentType?: string; idempotencyKey?: string },
  ): FakeReply;
  /** Checks a refund's refund_splits; a reply when Cashfree would refuse, else null. */
  checkRefundSplits(orderId: string, refund: any): FakeReply | null;
  /** Takes an accepted refund's refund_splits back from the vendors' balances. */
  applyRefundSplits(orderId: string, refund: any): void;
}

const VENDOR_ID = /^[A-Za-z0-9_]+$/;
const NAME = /^[A-Za-z0-9 ./&-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\d{8,12}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^\d{9,18}$/;
const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
const GSTIN = /^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
// Cashfree: letters, digits, '.', '-', '_' and '@'; '-' only before the '@'.
const VPA = /^[A-Za-z0-9._-]+@[A-Za-z0-9._]+$/;
// Cashfree's settlement cycles ("Schedule Options Supported"); there is no 10.
const SCHEDULE_OPTIONS = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 14, 15, 16, 17]);
const SCHEDULE_MESSAGES: Record<number, string> = { 1: 'T+1 settlement at 11:00 AM' };
const MERCHANT_ID = 152707;

const isObject = (v: unknown): v is Record<string, any> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isAmount = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 && hasWholePaise(n);

const IST_MS = (5 * 60 + 30) * 60 * 1000;
/** "2024-10-14 15:27:08": how Easy Split writes times, in India's time. */
export const istPlain = (at: Date) =>
  new Date(at.getTime() + IST_MS).toISOString().slice(0, 19).replace('T', ' ');
/** "2023-06-08T15:10:35+05:30": how the settlement webhooks write them. */
const istIso = (at: Date) => `${new Date(at.getTime() + IST_MS).toISOString().slice(0, 19)}+05:30`;

/** The spec types bank, upi and kyc_details as arrays; its examples send objects. Either is read. */
function single(v: unknown): Record<string, any> | null | 'invalid' {
  if (v === undefined || v === null) return null;
  if (isObject(v)) return v;
  if (Array.isArray(v) && v.length === 1 && isObject(v[0])) return v[0];
  return 'invalid';
}

export function createFakeEasySplit(ctx: {
  orders: ReadonlyMap<string, SplitOrderView>;
  violations: string[];
  /** The fake's clock (ms), which tests may move forward. */
  now: () => number;
  timing: FakeSplitTiming;
}): EasySplitHandler {
  const clock = () => new Date(ctx.now());
  const vendors = new Map<string, FakeVendor>();
  const splits = new Map<string, FakeOrderSplit>();
  const settlements: FakeSettlement[] = [];
  const replays = new Map<string, { request: string; reply: FakeReply }>();
  const adjustmentIds = new Set<number>();
  let merchantAdjustPaise = 0;

  const error = (status: number, message: string, code = 'api_request_failed'): FakeReply => ({
    status,
    body: { message, code, type: 'invalid_request_error' },
  });
  const invalid = (message: string, code = 'api_request_failed'): FakeReply => {
    ctx.violations.push(message);
    return error(400, message, code);
  };
  const noVendor = () => error(400, 'vendor does not exist');

  const paidOrderPaise = (order: SplitOrderView) =>
    paiseFromRupees(order.body.order_amount) -
    order.refunds
      .filter((r) => r.refund_status !== 'CANCELLED')
      .reduce((s, r) => s + paiseFromRupees(r.refund_amount), 0);

  const merchantUnsettledPaise = () => {
    let total = merchantAdjustPaise;
    for (const [orderId, order] of ctx.orders) {
      if (order.order_status !== 'PAID') continue;
      const shares = splits.get(orderId)?.shares ?? [];
      total += paidOrderPaise(order) - shares.reduce((s, sh) => s + sh.amountPaise - sh.refundedPaise, 0);
    }
    return total;
  };

  const balances = (v: FakeVendor) => ({
    merchant_id: MERCHANT_ID,
    vendor_id: v.vendor_id,
    merchant_unsettled: rupeesFromPaise(merchantUnsettledPaise()),
    vendor_unsettled: rupeesFromPaise(v.unsettledPaise),
  });

  const scheduleOption = (id: number) => ({
    settlement_schedule_message: SCHEDULE_MESSAGES[id] ?? `Settlement cycle ${id}`,
    schedule_id: id,
    merchant_default: false,
  });

  const kycReply = (k: Record<string, unknown>) => ({
    account_type: k.account_type ?? null,
    business_type: k.business_type ?? null,
    pan: k.pan ?? null,
    uidai: k.uidai ?? null,
    passport_number: k.passport_number ?? null,
    driving_license: k.driving_license ?? null,
    voter_id: k.voter_id ?? null,
    gst: k.gst ?? null,
    cin: k.cin ?? null,
  });

  // Cashfree's examples answer the phone as a JSON number and the account number as a string.
  const vendorReply = (v: FakeVendor) => ({
    email: v.email,
    status: v.status,
    bank: v.bank,
    upi: v.upi,
    phone: Number(v.phone),
    name: v.name,
    vendor_id: v.vendor_id,
    schedule_option: scheduleOption(v.schedule_option),
    kyc_details: kycReply(v.kyc_details),
    dashboard_access: v.dashboard_access,
    bank_details: null,
  });

  const vendorEntity = (v: FakeVendor) => ({
    email: v.email,
    status: v.status,
    phone: Number(v.phone),
    name: v.name,
    vendor_id: v.vendor_id,
    added_on: v.added_on,
    updated_on: v.updated_on,
    bank: v.bank,
    upi: v.upi,
    schedule_option: scheduleOption(v.schedule_option),
    vendor_type: 'PG',
    account_type: v.kyc_details.account_type ?? null,
    business_type: v.kyc_details.business_type ?? null,
    remarks: v.remarks,
    related_docs: (v.related_docs ?? []).map((d) => ({ vendor_id: v.vendor_id, ...d })),
  });

  /** Checks a create or update body; a refusal, or the fields it carries. */
  function checkVendorBody(b: any, creating: boolean): FakeReply | Partial<FakeVendor> {
    if (!isObject(b)) return invalid('request body : should be a JSON object', 'request_invalid');
    const required = creating
      ? ['vendor_id', 'status', 'name', 'email', 'phone', 'kyc_details']
      : ['status', 'name', 'email', 'phone', 'kyc_details', 'schedule_option'];
    for (const field of required) {
      if (b[field] === undefined || b[field] === null || b[field] === '') {
        return invalid(`${field}: is missing in the request. Value received: ""`, `${field}_missing`);
      }
    }
    if (creating && (typeof b.vendor_id !== 'string' || !VENDOR_ID.test(b.vendor_id))) {
      return invalid(
        `vendor_id: should be alpha numeric. Value received: ${b.vendor_id}`,
        'vendor_id_invalid',
      );
    }
    const statuses = creating ? ['ACTIVE', 'BLOCKED'] : ['ACTIVE', 'BLOCKED', 'DELETED'];
    if (!statuses.includes(b.status)) {
      return invalid(
        `status: should be ${statuses.join(' ')}. Value received: ${b.status}`,
        'status_invalid',
      );
    }
    if (typeof b.name !== 'string' || b.name.length > 100) {
      return invalid(`[size must be between 0 and 100 but it was ${b.name}]`);
    }
    if (!NAME.test(b.name) || !b.name.trim()) {
      return invalid(
        `[Invalid Name. Name should not have any special character except . / - & but it was ${b.name}]`,
      );
    }
    if (typeof b.email !== 'string' || !EMAIL.test(b.email)) {
      return invalid(`email: should be valid email. Value received: ${b.email}`, 'email_invalid');
    }
    if ((typeof b.phone !== 'string' && typeof b.phone !== 'number') || !PHONE.test(String(b.phone))) {
      return invalid(`[Enter valid phone number. but it was ${b.phone}]`);
    }
    for (const flag of ['verify_account', 'dashboard_access']) {
      if (b[flag] !== undefined && typeof b[flag] !== 'boolean') {
        return invalid(`${flag}: should be true or false. Value received: ${b[flag]}`, 'request_failed');
      }
    }
    if (b.schedule_option !== undefined && !SCHEDULE_OPTIONS.has(b.schedule_option)) {
      return invalid(
        `schedule_option: should be a supported settlement cycle. Value received: ${b.schedule_option}`,
        'schedule_option_invalid',
      );
    }
    const bank = single(b.bank);
    const upi = single(b.upi);
    if (bank === 'invalid') return invalid('bank: should be the bank account details', 'bank_invalid');
    if (upi === 'invalid') return invalid('upi: should be the UPI details', 'upi_invalid');
    // Cashfree: "You can provide either the vendor bank account details or a UPI VPA. Do not provide both."
    if (bank && upi) return invalid('bank, upi: provide either bank account details or a UPI VPA');
    if (creating && !bank && !upi) return invalid('bank, upi: bank account details or a UPI VPA is needed');
    const holder = (bank ?? upi)?.account_holder;
    if (
      (bank || upi) &&
      (typeof holder !== 'string' || !holder.trim() || holder.length > 100 || !NAME.test(holder))
    ) {
      return invalid(
        `[Invalid account holder name. Account holder name should not have any special character except . / - & but it was ${holder}]`,
      );
    }
    if (bank) {
      if (typeof bank.account_number !== 'string' || !ACCOUNT_NUMBER.test(bank.account_number)) {
        return invalid(
          `bank.account_number: should be 9 to 18 digits. Value received: ${bank.account_number}`,
          'bank.account_number_invalid',
        );
      }
      if (typeof bank.ifsc !== 'string' || !IFSC.test(bank.ifsc)) {
        return invalid(`bank.ifsc: invalid IFSC provided. Value received: ${bank.ifsc}`, 'bank.ifsc_invalid');
      }
    }
    if (upi && (typeof upi.vpa !== 'string' || upi.vpa.length > 100 || !VPA.test(upi.vpa))) {
      return invalid(`upi.vpa: invalid VPA provided. Value received: ${upi.vpa}`, 'upi.vpa_invalid');
    }
    const kyc = single(b.kyc_details);
    if (!kyc || kyc === 'invalid') {
      return invalid('kyc_details: should be the KYC details', 'kyc_details_invalid');
    }
    for (const field of ['account_type', 'business_type']) {
      if (kyc[field] !== undefined && (typeof kyc[field] !== 'string' || !kyc[field])) {
        return invalid(`kyc_details.${field}: invalid value`, `kyc_details.${field}_invalid`);
      }
    }
    // The KYC numbers, in the forms the Income Tax Department and GSTN give them.
    if (kyc.pan !== undefined && (typeof kyc.pan !== 'string' || !PAN.test(kyc.pan))) {
      return invalid(`kyc_details.pan: invalid value. Value received: ${kyc.pan}`, 'kyc_details.pan_invalid');
    }
    if (kyc.gst !== undefined && (typeof kyc.gst !== 'string' || !GSTIN.test(kyc.gst))) {
      return invalid(`kyc_details.gst: invalid value. Value received: ${kyc.gst}`, 'kyc_details.gst_invalid');
    }
    return {
      name: b.name,
      email: b.email,
      phone: String(b.phone),
      kyc_details: kyc,
      ...(b.verify_account !== undefined ? { verify_account: b.verify_account } : {}),
      ...(b.dashboard_access !== undefined ? { dashboard_access: b.dashboard_access } : {}),
      ...(b.schedule_option !== undefined ? { schedule_option: b.schedule_option } : {}),
      ...(bank
        ? {
            bank: {
              account_number: bank.account_number,
              account_holder: bank.account_holder,
              ifsc: bank.ifsc,
            },
          }
        : {}),
      ...(upi ? { upi: { vpa: upi.vpa, account_holder: upi.account_holder } } : {}),
    };
  }

  const isReply = (v: unknown): v is FakeReply => isObject(v) && 'status' in v && 'body' in v;

  function createVendor(b: any): FakeReply {
    const fields = checkVendorBody(b, true);
    if (isReply(fields)) return fields;
    if (vendors.has(b.vendor_id)) {
      return error(409, 'vendor with same id already exists', 'vendor_already_exists');
    }
    const now = istPlain(clock());
    const vendor: FakeVendor = {
      vendor_id: b.vendor_id,
      status: b.status === 'ACTIVE' ? state.newVendorStatus : b.status,
      remarks: null,
      name: '',
      email: '',
      phone: '',
      bank: null,
      upi: null,
      kyc_details: {},
      verify_account: false,
      dashboard_access: false,
      schedule_option: 1,
      added_on: now,
      updated_on: now,
      unsettledPaise: 0,
      settledPaise: 0,
      ...fields,
    };
    vendors.set(vendor.vendor_id, vendor);
    return { status: 200, body: vendorReply(vendor) };
  }

  function updateVendor(vendor: FakeVendor, b: any): FakeReply {
    if (isObject(b) && b.vendor_id !== undefined && b.vendor_id !== vendor.vendor_id) {
      return invalid(
        `vendor_id: does not match the path. Value received: ${b.vendor_id}`,
        'vendor_id_invalid',
      );
    }
    const fields = checkVendorBody(b, false);
    if (isReply(fields)) return fields;
    // A new bank account or UPI id replaces the old one, and is verified again.
    const newDestination = fields.bank !== undefined || fields.upi !== undefined;
    Object.assign(vendor, fields);
    if (fields.bank) vendor.upi = null;
    if (fields.upi) vendor.bank = null;
    vendor.status = b.status === 'ACTIVE' && newDestination ? state.newVendorStatus : b.status;
    vendor.remarks = null;
    vendor.updated_on = istPlain(clock());
    return { status: 200, body: vendorReply(vendor) };
  }

  function checkTags(tags: unknown, where: string): FakeReply | null {
    if (tags === undefined || tags === null) return null;
    if (!isObject(tags)) return invalid(`${where}.tags : should be an object of strings`);
    const entries = Object.entries(tags);
    if (entries.length > 10) return invalid(`${where}.tags : a maximum of 10 tags can be added`);
    for (const [key, value] of entries) {
      if (typeof value !== 'string' || value.length < 1 || value.length > 255) {
        return invalid(`${where}.tags.${key} : should be a string of 1 to 255 characters`);
      }
    }
    return null;
  }

  function splitOrder(orderId: string, b: any): FakeReply {
    if (!isObject(b) || !Array.isArray(b.split) || b.split.length === 0) {
      return invalid('split : is missing in the request', 'split_missing');
    }
    if (b.disable_split !== undefined && typeof b.disable_split !== 'boolean') {
      return invalid('disable_split : should be true or false', 'request_failed');
    }
    for (const [i, item] of (b.split as unknown[]).entries()) {
      if (!isObject(item)) return invalid(`split[${i}] : should be an object`);
      if (typeof item.vendor_id !== 'string' || !VENDOR_ID.test(item.vendor_id)) {
        return invalid(`split[${i}].vendor_id : is missing or not alphanumeric`, 'vendor_id_invalid');
      }
      const hasAmount = item.amount !== undefined && item.amount !== null;
      const hasPercentage = item.percentage !== undefined && item.percentage !== null;
      if (hasAmount && hasPercentage)
        return invalid('Invalid Request: Both Amount and percentage are present');
      if (!hasAmount && !hasPercentage) return invalid(`split[${i}] : amount or percentage is needed`);
      if (hasAmount && !isAmount(item.amount)) {
        return invalid(`split[${i}].amount : should be more than 0 with up to two decimals`);
      }
      if (
        hasPercentage &&
        !(typeof item.percentage === 'number' && item.percentage > 0 && item.percentage <= 100)
      ) {
        return invalid('Invalid vendor split percentage');
      }
      const tags = checkTags(item.tags, `split[${i}]`);
      if (tags) return tags;
    }
    const order = ctx.orders.get(orderId);
    if (!order) return error(404, 'Order not found', 'order_not_found');
    if (order.order_status !== 'PAID') return error(400, 'Order not paid');
    const existing = splits.get(orderId);
    if (existing?.closed) return error(409, 'Transaction already processed, not eligible for split');
    // Split after payment's timing rules, in the order the simulator checks them.
    if (order.refunds.length > 0) return error(400, 'Refund already exists, cannot create split');
    const payment = order.payments.find((p) => p.payment_status === 'SUCCESS');
    const paidAt = payment ? Date.parse(payment.payment_time) : ctx.now();
    const since = ctx.now() - paidAt;
    if (since < ctx.timing.waitMs) return error(400, SPLIT_TOO_SOON);
    if (since > ctx.timing.windowMs) return error(400, 'Settlement eligibility time passed');
    const items = b.split as Record<string, any>[];
    for (const item of items) {
      const vendor = vendors.get(item.vendor_id);
      if (!vendor) return noVendor();
      if (vendor.status === 'BLOCKED' || vendor.status === 'DELETED')
        return error(400, 'vendor is not active');
    }
    const orderPaise = paiseFromRupees(order.body.order_amount);
    const amounts = items.map((item) =>
      item.amount != null ? paiseFromRupees(item.amount) : percentOf(orderPaise, item.percentage),
    );
    const held = existing?.shares.reduce((s, sh) => s + sh.amountPaise, 0) ?? 0;
    if (held + amounts.reduce((s, a) => s + a, 0) > paidOrderPaise(order)) {
      return error(
        400,
        'Total split amount can not be greater than transaction amount / eligible split balance',
      );
    }
    const split = existing ?? { shares: [], closed: false };
    // Deferred settlement holds the share until the payment time + the deferral (or until the date the
    // eligibility API sets); without it the vendor's schedule takes it from T+1.
    const deferredUntil = ctx.timing.deferMs === null ? null : new Date(paidAt + ctx.timing.deferMs);
    const eligibleAt = deferredUntil ?? new Date(ctx.now() + DAY_MS);
    items.forEach((item, i) => {
      split.shares.push({
        vendor_id: item.vendor_id,
        amountPaise: amounts[i]!,
        refundedPaise: 0,
        tags: item.tags ?? null,
        eligibleAt: new Date(eligibleAt),
        deferredUntil,
        settlement_id: null,
      });
      vendors.get(item.vendor_id)!.unsettledPaise += amounts[i]!;
    });
    split.closed = b.disable_split === true;
    splits.set(orderId, split);
    return { status: 200, body: { message: 'Order split created', status: 'OK' } };
  }

  function orderSplitDetails(orderId: string): FakeReply {
    const order = ctx.orders.get(orderId);
    if (!order) return error(404, 'Order Reference Id does not exist', 'order_not_found');
    const shares = splits.get(orderId)?.shares ?? [];
    const paid = order.payments.find((p) => p.payment_status === 'SUCCESS');
    const vendorPaise = shares.reduce((s, sh) => s + sh.amountPaise, 0);
    return {
      status: 200,
      body: {
        settlement: {
          entity: 'settlement',
          cf_settlement_id: null,
          cf_payment_id: paid ? Number(paid.cf_payment_id) : null,
          order_id: orderId,
          order_currency: 'INR',
          transfer_id: null,
          order_amount: order.body.order_amount,
          service_charge: 0,
          service_tax: 0,
          settlement_amount: rupeesFromPaise(paiseFromRupees(order.body.order_amount) - vendorPaise),
          settlement_currency: 'INR',
          transfer_utr: null,
          transfer_time: null,
          payment_time: paid ? istIso(new Date(paid.payment_time)) : null,
        },
        refunds: [],
        vendors: shares.map((sh) => ({
          vendor_id: sh.vendor_id,
          settlement_id: sh.settlement_id,
          settlement_amount: rupeesFromPaise(sh.amountPaise),
          settlement_eligibility_date: istPlain(sh.eligibleAt),
        })),
      },
    };
  }

  function adjust(vendor: FakeVendor, b: any): FakeReply {
    if (!isObject(b)) return invalid('request body : should be a JSON object', 'request_invalid');
    for (const field of ['vendor_id', 'adjustment_id', 'amount', 'type']) {
      if (b[field] === undefined || b[field] === null) {
        return invalid(`${field} : is missing in the request`, `${field}_missing`);
      }
    }
    if (b.vendor_id !== vendor.vendor_id) {
      return invalid(
        `vendor_id : does not match the path. Value received: ${b.vendor_id}`,
        'vendor_id_invalid',
      );
    }
    if (!Number.isSafeInteger(b.adjustment_id)) {
      return invalid(`adjustment_id : should be an integer. Value received: ${b.adjustment_id}`);
    }
    if (typeof b.amount !== 'number' || b.amount <= 0) return invalid('Amount should be greater than zero');
    if (!isAmount(b.amount)) return invalid('amount : should have up to two decimals');
    if (b.type !== 'CREDIT' && b.type !== 'DEBIT') {
      return invalid(`type : should be CREDIT DEBIT. Value received: ${b.type}`, 'type_invalid');
    }
    if (b.remarks !== undefined && typeof b.remarks !== 'string')
      return invalid('remarks : should be a string');
    if (adjustmentIds.has(b.adjustment_id)) {
      return error(409, 'adjustment with same id is already present', 'adjustment_already_exists');
    }
    const amount = paiseFromRupees(b.amount);
    if (b.type === 'DEBIT' && amount > vendor.unsettledPaise) {
      return error(400, 'Vendor does not have sufficient balance');
    }
    adjustmentIds.add(b.adjustment_id);
    vendor.unsettledPaise += b.type === 'CREDIT' ? amount : -amount;
    merchantAdjustPaise += b.type === 'CREDIT' ? -amount : amount;
    return { status: 200, body: { message: 'Vendor & merchant balances updated', status: 'OK' } };
  }

  function transfer(vendor: FakeVendor, b: any): FakeReply {
    if (!isObject(b)) return invalid('request body : should be a JSON object', 'request_invalid');
    if (b.transfer_from !== 'VENDOR' && b.transfer_from !== 'MERCHANT') {
      return invalid(`transfer_from : should be MERCHANT VENDOR. Value received: ${b.transfer_from}`);
    }
    if (b.transfer_type !== 'ON_DEMAND') {
      return invalid(`transfer_type : should be ON_DEMAND. Value received: ${b.transfer_type}`);
    }
    if (!isAmount(b.transfer_amount) || b.transfer_amount < 10) {
      return invalid('Transfer amount should be greater than or equal to 10');
    }
    if (b.remark !== undefined && typeof b.remark !== 'string') return invalid('remark : should be a string');
    if (b.tags !== undefined && !isObject(b.tags)) return invalid('tags : should be an object');
    // Cashfree settles on demand only from ₹1,000 of vendor balance (a refusal of state, not of form).
    if (b.transfer_from === 'VENDOR' && vendor.unsettledPaise < ON_DEMAND_MINIMUM_PAISE) {
      return error(400, 'Vendor balance should be greater than or equal to 1000');
    }
    const amount = paiseFromRupees(b.transfer_amount);
    const available = b.transfer_from === 'VENDOR' ? vendor.unsettledPaise : merchantUnsettledPaise();
    if (amount > available) {
      return error(400, `${b.transfer_from} does not have sufficient funds for express settlement`);
    }
    const settlement = start(vendor, amount, b.transfer_from, false);
    return {
      status: 200,
      body: {
        settlement_id: settlement.settlement_id,
        transfer_details: {
          vendor_id: vendor.vendor_id,
          transfer_from: b.transfer_from,
          transfer_type: b.transfer_type,
          transfer_amount: b.transfer_amount,
          remark: b.remark ?? null,
          tags: b.tags ?? null,
        },
        balances: balances(vendor),
        charges: {
          service_charges: 0,
          service_tax: 0,
          amount: b.transfer_amount,
          billed_to: 'MERCHANT',
          is_postpaid: true,
        },
      },
    };
  }

  const held = (sh: FakeSplitShare) => sh.settlement_id === null && sh.eligibleAt.getTime() > ctx.now();

  /** The vendor's balance less the unsettled shares deferred settlement still holds. */
  function eligiblePaise(vendor: FakeVendor): number {
    let heldPaise = 0;
    for (const split of splits.values()) {
      for (const sh of split.shares) {
        if (sh.vendor_id === vendor.vendor_id && held(sh)) {
          heldPaise += Math.max(0, sh.amountPaise - sh.refundedPaise);
        }
      }
    }
    return Math.max(0, vendor.unsettledPaise - heldPaise);
  }

  /**
   * A settlement from the vendor's balance (a scheduled one pays only eligible shares; an on-demand
   * transfer, the balance as it stands) or from ours.
   */
  function start(
    vendor: FakeVendor,
    amountPaise: number,
    from: 'VENDOR' | 'MERCHANT',
    scheduled: boolean,
  ): FakeSettlement {
    const orders: string[] = [];
    if (from === 'VENDOR') {
      vendor.unsettledPaise -= amountPaise;
      for (const [orderId, split] of splits) {
        const unsettled = split.shares.some(
          (sh) => sh.vendor_id === vendor.vendor_id && sh.settlement_id === null && !(scheduled && held(sh)),
        );
        if (unsettled) orders.push(orderId);
      }
    } else {
      merchantAdjustPaise -= amountPaise;
    }
    const settlement: FakeSettlement = {
      settlement_id: randomInt(10_000, 9_999_999),
      vendor_id: vendor.vendor_id,
      amountPaise,
      from,
      status: 'INITIATED',
      utr: null,
      reason: null,
      initiatedAt: clock(),
      settledAt: null,
      orders,
    };
    markShares(settlement, settlement.settlement_id, scheduled);
    settlements.push(settlement);
    return settlement;
  }

  function markShares(settlement: FakeSettlement, id: number | null, scheduled = false) {
    for (const orderId of settlement.orders) {
      for (const sh of splits.get(orderId)?.shares ?? []) {
        if (sh.vendor_id === settlement.vendor_id && !(id !== null && scheduled && held(sh))) {
          sh.settlement_id = id;
        }
      }
    }
  }

  function webhookFor(s: FakeSettlement): VendorSettlementWebhook {
    const vendor = vendors.get(s.vendor_id);
    const day = istPlain(s.initiatedAt).slice(0, 10);
    return {
      data: {
        settlement: {
          settlement_id: s.settlement_id,
          status: s.status,
          utr: s.utr,
          settlement_initiated_on: istIso(s.initiatedAt),
          settled_on: s.settledAt ? istIso(s.settledAt) : null,
          reason: s.reason,
          adjustment: 0,
          settlement_amount: rupeesFromPaise(s.amountPaise),
          service_charge: 0,
          service_tax: 0,
          amount_settled: s.status === 'SUCCESS' ? rupeesFromPaise(s.amountPaise) : null,
          payment_from: day,
          payment_till: day,
          vendor_id: s.vendor_id,
          vendor_transaction_amount: rupeesFromPaise(s.amountPaise),
          account_mode: vendor?.upi ? 'UPI' : 'BANK',
          settled_orders_count: s.orders.length,
        },
      },
      event_time: istIso(clock()),
      type: `VENDOR_SETTLEMENT_${s.status}`,
    };
  }

  function refundSplitsOf(refund: any): { vendor_id: string; amountPaise: number }[] {
    const refundPaise = paiseFromRupees(refund.refund_amount);
    return (refund.refund_splits as Record<string, any>[]).map((s) => ({
      vendor_id: s.vendor_id,
      amountPaise: s.amount != null ? paiseFromRupees(s.amount) : percentOf(refundPaise, s.percentage),
    }));
  }

  const state: FakeEasySplit = {
    vendors,
    splits,
    settlements,
    newVendorStatus: 'ACTIVE',
    setVendorStatus(vendorId, status, remarks = null) {
      const vendor = vendors.get(vendorId);
      if (!vendor) throw new Error(`fake cashfree: no vendor ${vendorId}`);
      vendor.status = status;
      vendor.remarks = remarks;
    },
    startSettlement(vendorId, amountPaise) {
      const vendor = vendors.get(vendorId);
      if (!vendor) throw new Error(`fake cashfree: no vendor ${vendorId}`);
      const eligible = eligiblePaise(vendor);
      const amount = amountPaise ?? eligible;
      if (amount <= 0 || amount > eligible) {
        throw new Error(
          `fake cashfree: vendor ${vendorId} holds ${vendor.unsettledPaise} paise, ${eligible} of them eligible for settlement, not ${amount}`,
        );
      }
      return start(vendor, amount, 'VENDOR', true);
    },
    eligiblePaise(vendorId) {
      const vendor = vendors.get(vendorId);
      if (!vendor) throw new Error(`fake cashfree: no vendor ${vendorId}`);
      return eligiblePaise(vendor);
    },
    finishSettlement(settlementId, status, reason) {
      const s = settlements.find((x) => x.settlement_id === settlementId);
      if (!s) throw new Error(`fake cashfree: no settlement ${settlementId}`);
      const vendor = vendors.get(s.vendor_id)!;
      const expected = status === 'REVERSED' ? 'SUCCESS' : 'INITIATED';
      if (s.status !== expected) throw new Error(`fake cashfree: settlement ${settlementId} is ${s.status}`);
      if (status === 'SUCCESS') {
        vendor.settledPaise += s.amountPaise;
        s.utr = String(randomInt(100_000_000, 999_999_999)) + String(randomInt(1_000_000, 9_999_999));
        s.settledAt = clock();
      } else {
        if (status === 'REVERSED') vendor.settledPaise -= s.amountPaise;
        if (s.from === 'VENDOR') vendor.unsettledPaise += s.amountPaise;
        else merchantAdjustPaise += s.amountPaise;
        s.reason = reason ?? (status === 'FAILED' ? 'Invalid beneficiary account' : 'Reversed by the bank');
        markShares(s, null);
      }
      s.status = status;
      return webhookFor(s);
    },
    settle(vendorId, status = 'SUCCESS', reason) {
      return state.finishSettlement(state.startSettlement(vendorId).settlement_id, status, reason);
    },
    webhookFor,
  };

  function route(method: string, parts: string[], body: any): FakeReply {
    const [head, id, tail, extra] = parts;
    if (head === 'vendors' && id === undefined && method === 'POST') return createVendor(body);
    if (head === 'vendors' && id !== undefined && extra === undefined) {
      if (!VENDOR_ID.test(id)) {
        return invalid(`vendor_id: should be alpha numeric. Value received: ${id}`, 'vendor_id_invalid');
      }
      const vendor = vendors.get(id);
      const known = (f: (v: FakeVendor) => FakeReply) => (vendor ? f(vendor) : noVendor());
      if (tail === undefined && method === 'GET')
        return known((v) => ({ status: 200, body: vendorEntity(v) }));
      if (tail === undefined && method === 'PATCH') return known((v) => updateVendor(v, body));
      if (tail === 'balances' && method === 'GET') return known((v) => ({ status: 200, body: balances(v) }));
      if (tail === 'adjustment' && method === 'POST') return known((v) => adjust(v, body));
      if (tail === 'transfer' && method === 'POST') return known((v) => transfer(v, body));
    }
    if (head === 'orders' && id !== undefined && extra === undefined) {
      if (tail === 'split' && method === 'POST') return splitOrder(id, body);
      if (tail === undefined && method === 'GET') return orderSplitDetails(id);
    }
    ctx.violations.push(`unknown endpoint ${method} /easy-split/${parts.join('/')}`);
    return error(404, 'bad URL, please check API documentation', 'request_invalid');
  }

  return {
    state,
    handle(method, parts, body, headers) {
      if (method === 'PATCH' && !String(headers.contentType ?? '').startsWith('application/json')) {
        return invalid('content-type must be application/json', 'request_invalid');
      }
      // Cashfree's idempotency: a retried create with the same key gets the first answer again.
      const key = method === 'POST' ? headers.idempotencyKey : undefined;
      const request = JSON.stringify([method, parts, body]);
      const seen = key ? replays.get(key) : undefined;
      if (seen) {
        if (seen.request === request) return seen.reply;
        return invalid('x-idempotency-key : was used before for a different request', 'idempotency_error');
      }
      const reply = route(method, parts, body);
      if (key && reply.status >= 200 && reply.status < 300) replays.set(key, { request, reply });
      return reply;
    },
    checkRefundSplits(orderId, refund) {
      if (refund.refund_splits === undefined) return null;
      if (!Array.isArray(refund.refund_splits)) return invalid('refund_splits : should be an array');
      for (const [i, s] of (refund.refund_splits as unknown[]).entries()) {
        if (!isObject(s)) return invalid(`refund_splits[${i}] : should be an object`);
        if (typeof s.vendor_id !== 'string' || !VENDOR_ID.test(s.vendor_id)) {
          return invalid(
            `refund_splits[${i}].vendor_id : is missing or not alphanumeric`,
            'vendor_id_invalid',
          );
        }
        const hasAmount = s.amount !== undefined && s.amount !== null;
        const hasPercentage = s.percentage !== undefined && s.percentage !== null;
        if (hasAmount === hasPercentage) {
          return invalid(`refund_splits[${i}] : exactly one of amount and percentage is needed`);
        }
        if (hasAmount && !isAmount(s.amount)) {
          return invalid(`refund_splits[${i}].amount : should be more than 0 with up to two decimals`);
        }
        if (hasPercentage && !(typeof s.percentage === 'number' && s.percentage > 0 && s.percentage <= 100)) {
          return invalid(`refund_splits[${i}].percentage : should be more than 0 and at most 100`);
        }
        const tags = checkTags(s.tags, `refund_splits[${i}]`);
        if (tags) return tags;
      }
      const wanted = refundSplitsOf(refund);
      if (wanted.reduce((sum, s) => sum + s.amountPaise, 0) > paiseFromRupees(refund.refund_amount)) {
        return invalid('refund_splits : total split amount can not be greater than refund amount');
      }
      const shares = splits.get(orderId)?.shares ?? [];
      for (const s of wanted) {
        if (!vendors.has(s.vendor_id)) return noVendor();
        const share = shares.find((sh) => sh.vendor_id === s.vendor_id);
        if (!share) return error(400, `vendor ${s.vendor_id} is not part of the order split`);
        if (s.amountPaise > share.amountPaise - share.refundedPaise) {
          return error(400, 'Refund split amount can not be greater than the vendor split amount');
        }
      }
      return null;
    },
    applyRefundSplits(orderId, refund) {
      if (!Array.isArray(refund.refund_splits)) return;
      for (const s of refundSplitsOf(refund)) {
        const share = splits.get(orderId)?.shares.find((sh) => sh.vendor_id === s.vendor_id);
        if (share) share.refundedPaise += s.amountPaise;
        // Taken back even when already settled: Cashfree recovers it from the vendor's next settlement.
        vendors.get(s.vendor_id)!.unsettledPaise -= s.amountPaise;
      }
    },
  };
}
