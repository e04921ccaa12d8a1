/**
 * Cashfree Easy Split as the payouts module sees it: editors are vendors, a paid order's editor share is
 * split to the editor's vendor account after payment, the gateway settles vendor balances to their bank
 * account or UPI id and says so by webhook. Amounts are paise here; the adapters speak rupees.
 */

/** Where a vendor's settlements go: a bank account, or a UPI id. */
export type VendorPayoutDestination =
  | { kind: 'bank'; accountHolder: string; accountNumber: string; ifsc: string }
  | { kind: 'upi'; accountHolder: string; vpa: string };

export interface GatewayVendorInput {
  /** Ours, stable per editor: letters, digits and '_' (Cashfree: "Alphanumeric and underscore"). */
  vendorId: string;
  /** Letters, digits, spaces and . / - & only (Cashfree refuses other characters). */
  name: string;
  email: string;
  /** 10 digits. */
  phone: string;
  destination: VendorPayoutDestination;
  /** On update only: BLOCKED holds the vendor's settlements (a change of details), ACTIVE releases them. */
  status?: 'ACTIVE' | 'BLOCKED';
  /** The KYC numbers Cashfree needs before it settles (kyc_details.pan, .gst); absent ones are not sent. */
  kyc?: VendorKyc;
}

export interface VendorKyc {
  pan: string | null;
  /** Only for an editor registered under GST. */
  gstin: string | null;
}

/**
 * The KYC documents given by number (Cashfree's Upload Vendor Docs: "if the doc type ends with a number
 * you should add the doc value"): the PAN, the GSTIN, or the Aadhaar number (UIDAI) of an editor who
 * quoted Aadhaar instead of a PAN.
 */
export type VendorDocumentType = 'PAN_NUMBER' | 'GSTIN_NUMBER' | 'UIDAI_NUMBER';

export interface GatewayVendorDocumentInput {
  vendorId: string;
  docType: VendorDocumentType;
  docValue: string;
}

/** The gateway's answer to an upload: the document's status (IN_REVIEW, VERIFIED…) and its remarks. */
export interface GatewayVendorDocument {
  vendorId: string;
  docType: string;
  status: string | null;
  remarks: string | null;
}

/**
 * Cashfree's vendor statuses (Easy Split → Vendor status, and the VENDOR_STATUS_UPDATE webhook):
 * IN_BANK_VALIDATION, BANK_VALIDATION_FAILED, IN_BENE_CREATION, BENE_CREATION_FAILED, ACTION_REQUIRED
 * (a KYC document failed verification or is missing), ACTIVE, ON_HOLD (Cashfree's onboarding team wants
 * documents), BLOCKED, DELETED. Others may appear; payouts/vendor-statuses.ts maps them all.
 */
export type GatewayVendorStatus =
  | 'IN_BANK_VALIDATION'
  | 'BANK_VALIDATION_FAILED'
  | 'IN_BENE_CREATION'
  | 'BENE_CREATION_FAILED'
  | 'ACTION_REQUIRED'
  | 'ON_HOLD'
  | 'ACTIVE'
  | 'BLOCKED'
  | 'DELETED'
  | (string & {});

export interface GatewayVendor {
  vendorId: string;
  status: GatewayVendorStatus;
  /**
   * The gateway's own words about the vendor (why it is blocked, what it needs), when it gives any: its
   * remarks, else the documents it has not verified.
   */
  remarks: string | null;
}

export interface GatewayVendorBalance {
  vendorId: string;
  /** What the gateway holds for the vendor and has not settled yet. */
  vendorUnsettledPaise: number;
  merchantUnsettledPaise: number;
}

export interface GatewaySplitInput {
  /** The gateway's order id (payments.order_id), paid. */
  orderId: string;
  vendorId: string;
  /** An exact amount (never a percentage): the editor's share after any refund already taken. */
  amountPaise: number;
  /** Up to 10 string tags, e.g. { cutroom_order: 'CR-10001' }. */
  tags?: Record<string, string>;
}

export interface GatewayOrderSplit {
  orderId: string;
  vendors: {
    vendorId: string;
    amountPaise: number;
    settlementId: string | null;
    /** When the gateway will settle this share; null when it does not say. */
    eligibleAt: string | null;
  }[];
}

export interface GatewayAdjustmentInput {
  vendorId: string;
  /** Cashfree wants an int64; ours come from a sequence. */
  adjustmentId: number;
  amountPaise: number;
  /** DEBIT takes from the vendor's balance (a refund after settlement); CREDIT gives. */
  type: 'CREDIT' | 'DEBIT';
  remarks: string;
}

export interface GatewayTransferInput {
  vendorId: string;
  amountPaise: number;
  remark: string;
}

/** Cashfree's vendor settlement statuses, from VENDOR_SETTLEMENT_* webhooks. */
export type GatewaySettlementStatus = 'INITIATED' | 'SUCCESS' | 'FAILED' | 'REVERSED';

export interface GatewaySettlement {
  vendorId: string;
  settlementId: string;
  status: GatewaySettlementStatus;
  amountPaise: number;
  utr: string | null;
  /** The gateway's reason for a failure or reversal. */
  reason: string | null;
  initiatedAt: string | null;
  settledAt: string | null;
}

/** Easy Split calls, implemented by the Cashfree adapter and by the simulator. */
export interface EasySplitGateway {
  createVendor(input: GatewayVendorInput): Promise<GatewayVendor>;
  /** Replaces the vendor's name, contact and payout destination (a new bank account or UPI id). */
  updateVendor(input: GatewayVendorInput): Promise<GatewayVendor>;
  /** null when the gateway does not know the vendor. */
  getVendor(vendorId: string): Promise<GatewayVendor | null>;
  getVendorBalance(vendorId: string): Promise<GatewayVendorBalance>;
  /** Uploads one KYC document by its number; a refusal (a malformed number…) is a definitive GatewayError. */
  uploadVendorDocument(input: GatewayVendorDocumentInput): Promise<GatewayVendorDocument>;
  /** Split after payment. A split the gateway already holds for this order answers 409 (GatewayError). */
  splitOrder(input: GatewaySplitInput): Promise<void>;
  /** null when the gateway holds no split for the order. */
  getOrderSplit(orderId: string): Promise<GatewayOrderSplit | null>;
  createAdjustment(input: GatewayAdjustmentInput): Promise<void>;
  /** An on-demand settlement of the vendor's balance (what Retry does after a failed settlement). */
  requestTransfer(input: GatewayTransferInput): Promise<{ settlementId: string | null }>;
  /**
   * Makes a split share held by deferred settlement eligible from `eligibleAt` (Cashfree's "Set Vendor
   * Settlement Eligibility Date for Orders"): the vendor's schedule pays it from then on.
   */
  releaseOrderShare(input: GatewayReleaseInput): Promise<void>;
}

export interface GatewayReleaseInput {
  /** The gateway's order id (payments.order_id). */
  orderId: string;
  vendorId: string;
  /** In the future (Cashfree refuses a time in the past), and before the deferral ends. */
  eligibleAt: Date;
}

/**
 * Cashfree's refusals of a split that no retry can change: the split window passed, or a refund came
 * first. The share then stays in the merchant's settlement (see payouts' 'missed' split).
 */
/** A split refused only because it came too soon after the payment: the same split later succeeds. */
export const SPLIT_TOO_SOON = /2 minutes|retry later/i;

export const SPLIT_NEVER_POSSIBLE = [/settlement eligibility time passed/i, /refund already exists/i];

/** A refund's share taken back from a vendor's balance (Cashfree's refund_splits). */
export interface RefundVendorSplit {
  vendorId: string;
  amountPaise: number;
}
