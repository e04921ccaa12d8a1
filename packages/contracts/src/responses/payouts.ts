import { z } from 'zod';
import {
  EARNING_GATEWAY_STATES,
  EARNING_STATES,
  PAYOUT_FAILURE_KINDS,
  PAYOUT_METHODS,
  SETTLEMENT_STATUSES,
  VENDOR_STATES,
} from '../payouts';

const vendorStateSchema = z.enum(VENDOR_STATES);
const payoutEditorSchema = z.object({ id: z.string(), name: z.string(), username: z.string().nullable() });

/** `PayoutAccount`: what may be shown of an editor's payout details. */
export const payoutAccountSchema = z.object({
  method: z.enum(PAYOUT_METHODS),
  accountHolder: z.string(),
  masked: z.string(),
  vendorState: vendorStateSchema,
  vendorError: z.string().nullable(),
  gatewayStatus: z.string().nullable(),
  heldUntil: z.string().nullable(),
  updatedAt: z.string(),
});

/** `EarningsBalances` (rupees). */
export const earningsBalancesSchema = z.object({
  available: z.number(),
  pending: z.number(),
  paidOut: z.number(),
});

/** `Settlement`. */
export const settlementSchema = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(SETTLEMENT_STATUSES),
  utr: z.string().nullable(),
  reason: z.string().nullable(),
  initiatedAt: z.string().nullable(),
  settledAt: z.string().nullable(),
});

/** GET /api/earnings (`EarningsSummary`). */
export const earningsSummarySchema = z.object({
  balances: earningsBalancesSchema,
  payoutAccount: payoutAccountSchema.nullable(),
  feePercent: z.number(),
  clearingDays: z.number(),
  settlements: z.array(settlementSchema),
});

/** `EarningRow`. */
export const earningRowSchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  title: z.string(),
  paidAt: z.string(),
  gross: z.number(),
  refunded: z.number(),
  feePercent: z.number(),
  commission: z.number(),
  gstOnCommission: z.number(),
  tcs: z.number(),
  tds: z.number(),
  share: z.number(),
  state: z.enum(EARNING_STATES),
  gateway: z.enum(EARNING_GATEWAY_STATES).nullable(),
  availableAt: z.string().nullable(),
});

/** GET /api/earnings/orders (`EarningsPage`). */
export const earningsPageSchema = z.object({
  items: z.array(earningRowSchema),
  nextCursor: z.string().nullable(),
});

/** PUT /api/earnings/payout-details. */
export const payoutDetailsSavedReplySchema = z.object({
  payoutAccount: payoutAccountSchema,
  message: z.string(),
});

/** `AdminPayoutRow`: one editor on the admin's Payouts page. */
export const adminPayoutRowSchema = z.object({
  editor: payoutEditorSchema,
  vendorId: z.string().nullable(),
  vendorState: vendorStateSchema,
  vendorError: z.string().nullable(),
  gatewayStatus: z.string().nullable(),
  method: z.enum(PAYOUT_METHODS).nullable(),
  masked: z.string().nullable(),
  heldUntil: z.string().nullable(),
  balances: earningsBalancesSchema,
  lastSettlement: settlementSchema.nullable(),
  failures: z.number(),
});

/** GET /api/admin/payouts (`AdminPayoutsPage`); the totals are written pending first. */
export const adminPayoutsPageSchema = z.object({
  items: z.array(adminPayoutRowSchema),
  nextCursor: z.string().nullable(),
  totals: z.object({
    pending: z.number(),
    available: z.number(),
    paidOut: z.number(),
    commission: z.number(),
  }),
});

/** `AdminSettlement`. */
export const adminSettlementSchema = settlementSchema.extend({
  editor: payoutEditorSchema,
  vendorId: z.string(),
});

/** GET /api/admin/payouts/settlements (`AdminSettlementsPage`). */
export const adminSettlementsPageSchema = z.object({
  items: z.array(adminSettlementSchema),
  nextCursor: z.string().nullable(),
});

/** `PayoutFailure`. */
export const payoutFailureSchema = z.object({
  kind: z.enum(PAYOUT_FAILURE_KINDS),
  id: z.string(),
  editor: payoutEditorSchema,
  orderReference: z.string().nullable(),
  amount: z.number().nullable(),
  reason: z.string(),
  at: z.string(),
});

/** GET /api/admin/payouts/failures. */
export const payoutFailuresReplySchema = z.object({ items: z.array(payoutFailureSchema) });
