import type { EarningState, SettlementStatus, VendorState } from '@cutroom/contracts/payouts';
import { EARNING_STATE_LABELS } from '@cutroom/contracts/payouts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** Badges and wording of the payout states, shared by the editor's Earnings and the admin's Payouts. */

const VENDOR_LABELS: Record<VendorState, string> = {
  not_created: 'Not set up yet',
  pending: 'Being verified by the payment gateway',
  active: 'Active',
  blocked: 'Blocked',
  failed: 'Could not be set up',
};
const VENDOR_TONES: Record<VendorState, BadgeTone> = {
  not_created: 'grey',
  pending: 'amber',
  active: 'green',
  blocked: 'red',
  failed: 'red',
};

/** 'Active', 'Blocked: <the gateway's reason>', 'Could not be set up: <reason>'. */
export function vendorStateText(state: VendorState, error: string | null): string {
  const label = VENDOR_LABELS[state];
  return (state === 'blocked' || state === 'failed') && error ? `${label}: ${error}` : label;
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
