import { z } from 'zod';
import { rupeesFromPaise } from '@cutroom/contracts';
import {
  CashfreeHttp,
  idempotencyKey,
  isNotFound,
  mapError,
  type CashfreeFailure,
  type CashfreeOptions,
} from './cashfree-http';
import type {
  EasySplitGateway,
  GatewayAdjustmentInput,
  GatewayOrderSplit,
  GatewayReleaseInput,
  GatewaySplitInput,
  GatewayTransferInput,
  GatewayVendor,
  GatewayVendorBalance,
  GatewayVendorInput,
  GatewayVendorDocumentInput,
} from './split-types';
import { GatewayError } from './types';
import { uploadVendorDocument } from './cashfree-vendor-docs';
import {
  balanceReply,
  fromIst,
  istDateTime,
  orderSplitReply,
  transferReply,
  v2Reply,
  vendorReply,
} from './cashfree-split-replies';

/**
 * Editors are people, not companies; Cashfree's examples write the kind as INDIVIDUAL (or BUSINESS).
 * The line of business is one of the names Cashfree lists for vendors; an editor's work for creators
 * falls under "Social Media and Entertainment". The PAN (and GSTIN, as `gst`) from the editor's tax
 * profile go beside them: Cashfree keeps a vendor without them in ACTION_REQUIRED and settles nothing.
 */
const VENDOR_KYC = { account_type: 'INDIVIDUAL', business_type: 'Social Media and Entertainment' } as const;

/** Cashfree's own default settlement cycle (T+1 at 11:00), for a vendor whose cycle it does not tell us. */
const DEFAULT_SCHEDULE_OPTION = 1;

const vendorAbsent = (f: CashfreeFailure) =>
  isNotFound(f) || (f.status === 400 && /vendor does not exist/i.test(f.message ?? ''));

const alreadySplit = (f: CashfreeFailure): GatewayError | undefined =>
  f.status === 409 || (f.status === 400 && /already processed/i.test(f.message ?? ''))
    ? new GatewayError(
        409,
        `The payment gateway already holds a split for this order${f.message ? `: ${f.message}` : ''}`,
        true,
        f.code,
        f.status,
      )
    : undefined;

/** Cashfree Easy Split (API version 2025-01-01): vendors, split after payment, adjustments, transfers. */
export class CashfreeEasySplit implements EasySplitGateway {
  private readonly http: CashfreeHttp;

  constructor(http: CashfreeHttp | CashfreeOptions) {
    this.http = http instanceof CashfreeHttp ? http : new CashfreeHttp(http);
  }

  async createVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    const body = { vendor_id: input.vendorId, ...vendorDetails(input) };
    // The details are part of the key: a retry of the same create is answered once, while a corrected
    // create (a new bank account after a refusal) is a new request, not a replay of the refusal.
    const data = await this.http.call('POST', '/easy-split/vendors', {
      body,
      idempotencyKey: idempotencyKey(`vendor:${input.vendorId}:${JSON.stringify(body)}`),
    });
    return toVendor(this.http.parse(vendorReply, data));
  }

  async updateVendor(input: GatewayVendorInput): Promise<GatewayVendor> {
    // The PATCH requires schedule_option; the vendor's current cycle is sent back so an update of
    // contact or bank details never changes when the editor is paid.
    const current = await this.readVendor(input.vendorId);
    if (!current) {
      throw new GatewayError(404, 'The payment gateway does not know this vendor', true, undefined, 404);
    }
    const schedule = Array.isArray(current.schedule_option)
      ? current.schedule_option[0]
      : current.schedule_option;
    const scheduleOption = Number(schedule?.schedule_id ?? DEFAULT_SCHEDULE_OPTION);
    const data = await this.http.call('PATCH', vendorPath(input.vendorId), {
      body: {
        ...vendorDetails(input),
        schedule_option: Number.isFinite(scheduleOption) ? scheduleOption : DEFAULT_SCHEDULE_OPTION,
      },
      subject: 'vendor',
    });
    return toVendor(this.http.parse(vendorReply, data));
  }

  async getVendor(vendorId: string): Promise<GatewayVendor | null> {
    const vendor = await this.readVendor(vendorId);
    return vendor ? toVendor(vendor) : null;
  }

  async getVendorBalance(vendorId: string): Promise<GatewayVendorBalance> {
    const data = await this.http.call('GET', `${vendorPath(vendorId)}/balances`, { subject: 'vendor' });
    const balance = this.http.parse(balanceReply, data);
    return {
      vendorId: balance.vendor_id ?? vendorId,
      vendorUnsettledPaise: balance.vendor_unsettled,
      merchantUnsettledPaise: balance.merchant_unsettled,
    };
  }

  uploadVendorDocument = (input: GatewayVendorDocumentInput) => uploadVendorDocument(this.http, input);

  async splitOrder(input: GatewaySplitInput): Promise<void> {
    const tags = input.tags && Object.keys(input.tags).length > 0 ? input.tags : undefined;
    const body = {
      split: [
        { vendor_id: input.vendorId, amount: rupeesFromPaise(input.amountPaise), ...(tags ? { tags } : {}) },
      ],
      // One split per order: the editor's share is final once paid, and a later refund takes it back
      // with refund_splits rather than by splitting again.
      disable_split: true,
    };
    // The amount is part of the key: a retry of the same split is answered once, while a split of
    // another amount reaches Cashfree and is refused (409) if one is already held.
    await this.http.call('POST', `/easy-split/orders/${encodeURIComponent(input.orderId)}/split`, {
      body,
      idempotencyKey: idempotencyKey(`split:${input.orderId}:${input.vendorId}:${input.amountPaise}`),
      refine: alreadySplit,
    });
  }

  async getOrderSplit(orderId: string): Promise<GatewayOrderSplit | null> {
    const data = await this.http.call('GET', `/easy-split/orders/${encodeURIComponent(orderId)}`, {
      absentWhen: isNotFound,
    });
    if (data === null) return null;
    const vendors = this.http.parse(orderSplitReply, data).vendors ?? [];
    if (vendors.length === 0) return null;
    return {
      orderId,
      vendors: vendors.map((v) => ({
        vendorId: v.vendor_id,
        amountPaise: v.settlement_amount,
        settlementId: v.settlement_id ?? null,
        eligibleAt: fromIst(v.settlement_eligibility_date),
      })),
    };
  }

  async createAdjustment(input: GatewayAdjustmentInput): Promise<void> {
    if (!Number.isSafeInteger(input.adjustmentId) || input.adjustmentId <= 0) {
      throw new TypeError(`adjustmentId must be a positive integer, got ${input.adjustmentId}`);
    }
    await this.http.call('POST', `${vendorPath(input.vendorId)}/adjustment`, {
      body: {
        vendor_id: input.vendorId,
        adjustment_id: input.adjustmentId,
        amount: rupeesFromPaise(input.amountPaise),
        type: input.type,
        remarks: input.remarks,
      },
      idempotencyKey: idempotencyKey(`adjustment:${input.adjustmentId}`),
      subject: 'vendor',
    });
  }

  async requestTransfer(input: GatewayTransferInput): Promise<{ settlementId: string | null }> {
    const data = await this.http.call('POST', `${vendorPath(input.vendorId)}/transfer`, {
      body: {
        // From the vendor's own unsettled balance (Cashfree: "VENDOR does not have sufficient funds for
        // express settlement"); MERCHANT would pay the vendor out of our balance instead.
        transfer_from: 'VENDOR',
        transfer_type: 'ON_DEMAND',
        transfer_amount: rupeesFromPaise(input.amountPaise),
        remark: input.remark,
      },
      idempotencyKey: idempotencyKey(`transfer:${input.vendorId}:${input.amountPaise}:${input.remark}`),
      subject: 'vendor',
    });
    return { settlementId: this.http.parse(transferReply, data).settlement_id ?? null };
  }

  async releaseOrderShare(input: GatewayReleaseInput): Promise<void> {
    const data = await this.http.call(
      'PUT',
      `/easy-split/orders/${encodeURIComponent(input.orderId)}/settlement-eligibility/vendors/${encodeURIComponent(input.vendorId)}`,
      {
        v2: true,
        body: { settlementEligibilityDate: istDateTime(input.eligibleAt) },
        subject: 'order',
      },
    );
    // The v2 API says how a call went in its body's status (OK or ERROR, with subCode): a refusal may
    // come as HTTP 200, and must not read as a release.
    const reply = v2Reply.safeParse(data);
    if (reply.success && reply.data.status?.toUpperCase() === 'ERROR') {
      const sub = Number(reply.data.subCode);
      throw mapError({
        status: Number.isInteger(sub) && sub >= 400 ? sub : 400,
        message: reply.data.message ?? undefined,
      });
    }
  }

  private async readVendor(vendorId: string): Promise<z.output<typeof vendorReply> | null> {
    const data = await this.http.call('GET', vendorPath(vendorId), { absentWhen: vendorAbsent });
    return data === null ? null : this.http.parse(vendorReply, data);
  }
}

const vendorPath = (vendorId: string) => `/easy-split/vendors/${encodeURIComponent(vendorId)}`;

/**
 * The body both create and update send. bank, upi and kyc_details go as objects: the spec's schema
 * types them as arrays, but every request example in it and in Cashfree's API reference sends an
 * object, and every reply carries one.
 */
function vendorDetails(input: GatewayVendorInput) {
  const d = input.destination;
  return {
    // BLOCKED holds the vendor's settlements while a change of payout details is checked.
    status: input.status ?? 'ACTIVE',
    name: input.name,
    email: input.email,
    phone: input.phone,
    verify_account: true,
    dashboard_access: false,
    ...(d.kind === 'bank'
      ? { bank: { account_number: d.accountNumber, account_holder: d.accountHolder, ifsc: d.ifsc } }
      : { upi: { vpa: d.vpa, account_holder: d.accountHolder } }),
    kyc_details: {
      ...VENDOR_KYC,
      ...(input.kyc?.pan ? { pan: input.kyc.pan } : {}),
      ...(input.kyc?.gstin ? { gst: input.kyc.gstin } : {}),
    },
  };
}

function toVendor(v: z.output<typeof vendorReply>): GatewayVendor {
  // Without remarks, the documents Cashfree has not verified are its reason (ACTION_REQUIRED).
  const unverified = (v.related_docs ?? [])
    .filter((d) => d.doc_type && d.status && d.status !== 'VERIFIED')
    .map((d) => `${d.doc_type}: ${d.status}${d.remarks ? ` (${d.remarks})` : ''}`);
  const remarks = v.remarks || (unverified.length ? unverified.join('; ') : null);
  return { vendorId: v.vendor_id, status: v.status, remarks };
}
