import type { EarningState, SettlementStatus, VendorState } from '@cutroom/contracts/payouts';
import { EARNING_STATE_LABELS } from '@cutroom/contracts/payouts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** Badges and wording of the payout states, shared by the editor's Earnings and the admin's Payouts. */

const VENDOR_LABELS: Record<VendorState, string> = {
  not_created: 'Not set up yet',
  pending: 'Being verified by the payment gateway',
  in_review: 'Under review by the payment gateway',
  action_required: 'Action needed',
  active: 'Active',
  blocked: 'Blocked',
  failed: 'Could not be set up',
};
const VENDOR_TONES: Record<VendorState, BadgeTone> = {
  not_created: 'grey',
  pending: 'amber',
  in_review: 'amber',
  action_required: 'red',
  active: 'green',
  blocked: 'red',
  failed: 'red',
};

/** States whose reason is shown: the gateway refused, blocked, or needs something. */
export const vendorHasProblem = (state: VendorState) =>
  state === 'blocked' || state === 'failed' || state === 'action_required';

/** 'Active', 'Blocked: <the gateway's reason>', 'Action needed: <what the gateway needs>'. */
export function vendorStateText(state: VendorState, error: string | null): string {
  const label = VENDOR_LABELS[state];
  return vendorHasProblem(state) && error ? `${label}: ${error}` : label;
}

export function VendorStateBadge({ state }: { state: VendorState }) {
  return <Badge tone={VENDOR_TONES[state]}>{VENDOR_LABELS[state]}</Badge>;
}

const SETTLEMENT_LABELS: Record<SettlementStatus, string> = {
  INITIATED: 'Processing',
  SUCCESS: 'Paid out',
  FAILED: 'Failed',
  REVERSED: 'Reversed',
};
const SETTLEMENT_TONES: Record<SettlementStatus, BadgeTone> = {
  INITIATED: 'amber',
  SUCCESS: 'green',
  FAILED: 'red',
  REVERSED: 'red',
};

export function SettlementStatusBadge({ status }: { status: SettlementStatus }) {
  return <Badge tone={SETTLEMENT_TONES[status]}>{SETTLEMENT_LABELS[status]}</Badge>;
}

const EARNING_TONES: Record<EarningState, BadgeTone> = {
  in_progress: 'blue',
  clearing: 'amber',
  available: 'green',
  paid_out: 'brand',
  refunded: 'grey',
};

export function EarningStateBadge({ state }: { state: EarningState }) {
  return <Badge tone={EARNING_TONES[state]}>{EARNING_STATE_LABELS[state]}</Badge>;
}
