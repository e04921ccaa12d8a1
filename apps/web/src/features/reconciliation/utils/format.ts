import type { ReconciliationRun } from '@cutroom/contracts/reconciliation';

/** 'refunds' or 'payoutSteps' → 'refunds', 'payout steps'; one of them → 'refund', 'payout step'. */
function noun(key: string, n: number): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return n === 1 ? words.replace(/ies$/, 'y').replace(/s$/, '') : words;
}

/** The order money moves in; what the server counts beyond these follows, in the order it sent them. */
const FIRST = ['payments', 'refunds', 'splits', 'settlements'];
const rank = (key: string) => {
  const i = FIRST.indexOf(key);
  return i < 0 ? FIRST.length : i;
};

/**
 * What a run checked with the gateway, as a person says it: '12 payments, 3 refunds'. Every kind the
 * server counted is named, zeros included (a zero says it was looked at and none waited), payments
 * first: the stored record's keys come back in no useful order (a jsonb object sorts them by length).
 */
export function checkedSummary(checked: Record<string, number>): string {
  const parts = Object.entries(checked)
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([key, n]) => `${n} ${noun(key, n)}`);
  return parts.length ? parts.join(', ') : 'Nothing to check';
}

/** Who started a run. */
export const triggerText = (trigger: ReconciliationRun['trigger']) =>
  trigger === 'admin' ? 'Run by an admin' : 'Scheduled';
