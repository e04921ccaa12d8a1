import { formatRupees } from './money';
import { z } from 'zod';
import { INVISIBLE_CHARACTERS, typedText, userText } from './typed-text';
import { indianPhoneSchema } from './phone';

/**
 * Editor earnings and payouts (issue 16). Money in the API is rupees with at most two decimals, as in
 * payments; the server keeps paise.
 */

export const PAYOUT_METHODS = ['bank', 'upi'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Cashfree refuses vendor names with characters other than these (letters in any script are fine). */
const HOLDER_NAME = /^[\p{L}\p{M} ./&-]+$/u;
export const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Cashfree's UPI rule: letters, digits, '.', '_' and '-' before '@' ('-' only there), then a handle. */
export const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9._]{1,64}$/;

const stripped = (v: string) => v.replace(INVISIBLE_CHARACTERS, '');

export const PAYOUT_MESSAGES = {
  holderName: 'Use letters, spaces and . / - & only',
  accountNumber: 'Enter the account number: 9 to 18 digits',
  accountsDiffer: 'The account numbers do not match',
  ifsc: 'Enter an IFSC like HDFC0001234: 4 letters, a zero, then 6 letters or digits',
  vpa: 'Enter a UPI id like name@bank',
  phone: 'Enter a 10-digit mobile number',
  saved: 'Payout details saved. Payouts are held for 24 hours after a change.',
  /** The first entry: nothing is held, the gateway now verifies the account. */
  firstSaved: 'Payout details saved. The payment gateway is verifying your account.',
  onlyEditors: 'Only editors have earnings',
} as const;

const accountHolder = typedText('Account holder name', 100, 3).pipe(
  z.string().regex(HOLDER_NAME, PAYOUT_MESSAGES.holderName),
);
/** The gateway needs a mobile number for each vendor (Indian, 10 digits). */
const phone = indianPhoneSchema(PAYOUT_MESSAGES.phone, PAYOUT_MESSAGES.phone, true);

export const payoutDetailsInputSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('bank'),
    accountHolder,
    phone,
    accountNumber: z
      .string({ error: PAYOUT_MESSAGES.accountNumber })
      .transform((v) => stripped(v).replace(/[\s-]/g, ''))
      .pipe(z.string().regex(/^\d{9,18}$/, PAYOUT_MESSAGES.accountNumber)),
    ifsc: z
      .string({ error: PAYOUT_MESSAGES.ifsc })
      .transform((v) => stripped(v).trim().toUpperCase())
      .pipe(z.string().regex(IFSC_PATTERN, PAYOUT_MESSAGES.ifsc)),
  }),
  z.object({
    method: z.literal('upi'),
    accountHolder,
    phone,
    vpa: z
      .string({ error: PAYOUT_MESSAGES.vpa })
      .transform((v) => stripped(v).trim())
      .pipe(z.string().max(100, PAYOUT_MESSAGES.vpa).regex(VPA_PATTERN, PAYOUT_MESSAGES.vpa)),
  }),
]);
export type PayoutDetailsInput = z.input<typeof payoutDetailsInputSchema>;
export type PayoutDetails = z.output<typeof payoutDetailsInputSchema>;

/** What may be shown of payout details once saved: never the whole number or id. */
export function maskPayoutDetails(details: PayoutDetails): string {
  if (details.method === 'bank') return `A/c •••• ${details.accountNumber.slice(-4)} · ${details.ifsc}`;
  const [name = '', handle = ''] = details.vpa.split('@');
  return `${name.slice(0, 2)}•••@${handle}`;
}

/**
 * The editor's vendor account at the gateway, as the pages name it: not_created (no details yet),
 * pending (saved, the gateway not told yet), in_review (the gateway checks the bank account and the KYC),
 * action_required (the gateway needs something: a PAN, other documents, other bank details), active,
 * blocked, failed (refused). The gateway's own status is kept beside it (`gatewayStatus`).
 */
export const VENDOR_STATES = [
  'not_created',
  'pending',
  'in_review',
  'action_required',
  'active',
  'blocked',
  'failed',
] as const;
export type VendorState = (typeof VENDOR_STATES)[number];

export interface PayoutAccount {
  method: PayoutMethod;
  accountHolder: string;
  /** e.g. 'A/c •••• 1234 · HDFC0001234' or 'ra•••@okicici'. */
  masked: string;
  vendorState: VendorState;
  /** The gateway's reason when the vendor could not be created, is blocked or needs something. */
  vendorError: string | null;
  /** The gateway's own vendor status (Cashfree's, e.g. ACTION_REQUIRED); null before it was read. */
  gatewayStatus: string | null;
  /** Payouts wait until then after a change of details (ISO time); null when not held. */
  heldUntil: string | null;
  updatedAt: string;
}

export interface EarningsBalances {
  /** Cleared and not yet paid out; negative while a refund after payout is being recovered. */
  available: number;
  /** Paid orders not completed yet, or completed and still clearing. */
  pending: number;
  paidOut: number;
}

export const SETTLEMENT_STATUSES = ['INITIATED', 'SUCCESS', 'FAILED', 'REVERSED'] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

export interface Settlement {
  id: string;
  amount: number;
  status: SettlementStatus;
  /** The bank's reference of the transfer. */
  utr: string | null;
  reason: string | null;
  initiatedAt: string | null;
  settledAt: string | null;
}

export interface EarningsSummary {
  balances: EarningsBalances;
  payoutAccount: PayoutAccount | null;
  /** The commission on orders paid from now on; each order keeps the one fixed when it was paid. */
  feePercent: number;
  clearingDays: number;
  /** Newest first, the last 20. */
  settlements: Settlement[];
}

export const EARNING_STATES = ['in_progress', 'clearing', 'available', 'paid_out', 'refunded'] as const;
export type EarningState = (typeof EARNING_STATES)[number];

export const EARNING_STATE_LABELS: Record<EarningState, string> = {
  in_progress: 'Pending · order in progress',
  clearing: 'Pending · clearing',
  available: 'Available',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

/**
 * Where the gateway stands with an order's share: split a little after payment and held by it until the
 * share clears, then released to the vendor's settlement schedule; a share the gateway would not take
 * (past its split window, or refunded first) is paid by Cutroom when it clears.
 */
export const EARNING_GATEWAY_STATES = [
  'splitting',
  'waiting',
  'held',
  'released',
  'from_cutroom',
  'failed',
] as const;
export type EarningGatewayState = (typeof EARNING_GATEWAY_STATES)[number];

export const EARNING_GATEWAY_LABELS: Record<EarningGatewayState, string> = {
  splitting: 'Being split at the payment gateway',
  waiting: 'Waiting for your payout account',
  held: 'Held by the payment gateway until it clears',
  released: 'Released for payout',
  from_cutroom: 'Paid from Cutroom’s balance once it clears',
  failed: 'Split failed · we are on it',
};

export interface EarningRow {
  orderId: string;
  reference: string;
  title: string;
  paidAt: string;
  /** What the creator paid, less refunds. */
  gross: number;
  refunded: number;
  feePercent: number;
  commission: number;
  /** GST the platform charges on its commission, taken from the share (issue 27). */
  gstOnCommission: number;
  /** Tax collected at source under GST (registered editors only). */
  tcs: number;
  /** Income tax deducted at source. */
  tds: number;
  /** What reaches the editor after refunds: gross − commission − GST on commission − TCS − TDS. */
  share: number;
  state: EarningState;
  /** Where the gateway stands with the share; null once nothing is left of it (refunded). */
  gateway: EarningGatewayState | null;
  /** When the share becomes (or became) available; null until the order is completed. */
  availableAt: string | null;
}

export interface EarningsPage {
  items: EarningRow[];
  nextCursor: string | null;
}

/** A row of the admin's Payouts page: one editor. */
export interface AdminPayoutRow {
  editor: { id: string; name: string; username: string | null };
  vendorId: string | null;
  vendorState: VendorState;
  vendorError: string | null;
  gatewayStatus: string | null;
  method: PayoutMethod | null;
  masked: string | null;
  heldUntil: string | null;
  balances: EarningsBalances;
  lastSettlement: Settlement | null;
  /** Splits, settlements or adjustments that failed and wait for Retry. */
  failures: number;
}

export interface AdminPayoutsPage {
  items: AdminPayoutRow[];
  nextCursor: string | null;
  totals: EarningsBalances & { commission: number };
}

/** A settlement as admins see it: whose, to which vendor. */
export interface AdminSettlement extends Settlement {
  editor: { id: string; name: string; username: string | null };
  vendorId: string;
}

export interface AdminSettlementsPage {
  items: AdminSettlement[];
  nextCursor: string | null;
}

export const PAYOUT_FAILURE_KINDS = ['vendor', 'split', 'settlement', 'adjustment'] as const;
export type PayoutFailureKind = (typeof PAYOUT_FAILURE_KINDS)[number];

export interface PayoutFailure {
  kind: PayoutFailureKind;
  id: string;
  editor: { id: string; name: string; username: string | null };
  orderReference: string | null;
  amount: number | null;
  /** The gateway's reason, in its words. */
  reason: string;
  at: string;
}

export const adminPayoutsQuerySchema = z.object({
  q: userText('The search', 'The search must be text').trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
});

/** The days a ledger export may cover: the ledger has nothing before, and the database no year 0. */
export const PAYOUT_EXPORT_FIRST_DAY = '2000-01-01';
export const PAYOUT_EXPORT_LAST_DAY = '2099-12-31';

/** A calendar day that exists (2026-02-30 does not), written YYYY-MM-DD, within the export's range. */
const day = z
  .string({ error: 'Use a date like 2026-11-01' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-11-01', abort: true })
  .refine(
    (d) => {
      const at = new Date(`${d}T00:00:00.000Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
    },
    { message: 'There is no such date', abort: true },
  )
  .refine((d) => d >= PAYOUT_EXPORT_FIRST_DAY && d <= PAYOUT_EXPORT_LAST_DAY, {
    message: `Choose dates between ${PAYOUT_EXPORT_FIRST_DAY} and ${PAYOUT_EXPORT_LAST_DAY}`,
  });
export const payoutExportQuerySchema = z
  .object({ from: day, to: day })
  .refine((v) => v.from <= v.to, { message: 'The period must end on or after its start', path: ['to'] });

export const payoutFailureParamsSchema = z.object({
  kind: z.enum(PAYOUT_FAILURE_KINDS),
  id: z.string().uuid(),
});

/** Money of payouts: '₹2,499', or to the paisa when there are paise ('₹1,999.20', never '₹1,999.2'). */
export const formatPayoutRupees = formatRupees;

/** The clearing period in words: '7 days', '1 day', or hours, minutes or seconds when shorter (tests). */
export function formatClearingPeriod(days: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (days >= 1) return unit(Math.round(days * 10) / 10, 'day');
  const seconds = Math.round(days * 86_400);
  if (seconds >= 3600) return unit(Math.round(seconds / 360) / 10, 'hour');
  if (seconds >= 60) return unit(Math.round(seconds / 60), 'minute');
  return unit(seconds, 'second');
}
