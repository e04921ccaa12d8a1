import type { TaxRate } from '@cutroom/contracts/tax/reports';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** '2026-11-27': the calendar day in India (IST), which is when a rate takes effect. */
export const istDay = (at: Date) => new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

export type RateStatus = 'in_force' | 'superseded' | 'future';
export type RateWithStatus = TaxRate & { status: RateStatus };

export const RATE_STATUS_LABELS: Record<Exclude<RateStatus, 'future'>, string> = {
  in_force: 'In force',
  superseded: 'Superseded',
};

const dayOf = (r: TaxRate) => r.effectiveFrom.slice(0, 10);

/**
 * Each rate marked: of each kind, the newest that has taken effect by `today` (IST) is in force, older
 * ones are superseded, later ones are yet to come. Kinds keep the order in which they first appear; within
 * a kind the newest comes first.
 */
export function rateStatuses(rates: TaxRate[], today: string): RateWithStatus[] {
  const kinds = new Map<string, TaxRate[]>();
  for (const r of rates) kinds.set(r.kind, [...(kinds.get(r.kind) ?? []), r]);
  return [...kinds.values()].flatMap((group) => {
    const newestFirst = [...group].sort((a, b) => dayOf(b).localeCompare(dayOf(a)));
    const current = newestFirst.find((r) => dayOf(r) <= today);
    return newestFirst.map((r) => ({
      ...r,
      status: dayOf(r) > today ? 'future' : r === current ? 'in_force' : 'superseded',
    }));
  });
}
