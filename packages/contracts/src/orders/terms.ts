/** Limits and durations of orders, their references, and what Pay Now on a tier buys. */
import type { Tier, TierTitle } from '../portfolio';
import { primaryPrice } from '../price';

/** Durations (defaults; the server reads overrides from its configuration). */
export const ORDER_DEFAULTS = {
  offerExpiryHours: 7 * 24,
  autoCompleteHours: 72,
  autoCompleteWarningHours: 24,
  cancellationResponseHours: 48,
} as const;

export const ORDER_LIMITS = {
  titleMin: 3,
  titleMax: 100,
  descriptionMax: 2000,
  briefMax: 2000,
  reasonMax: 500,
  /** Rupees. */
  priceMin: 100,
  priceMax: 10_00_000,
  deliveryDaysMin: 1,
  deliveryDaysMax: 90,
  revisionsMax: 10,
} as const;

// ---------------------------------------------------------------------------------------------------------
// References

/** Orders are numbered from here; the reference is `CR-` and the number. */
export const FIRST_ORDER_NUMBER = 10001;
export { orderReference, parseOrderReference } from '../money';

// ---------------------------------------------------------------------------------------------------------
// What a tier includes when bought with Pay Now

export interface TierTerms {
  /** Rupees: the first pricing entry's priceMin. */
  amount: number;
  /** True when the tier shows a range: the amount is its starting price. */
  startingPrice: boolean;
  deliveryDays: number;
  revisions: number;
  features: string[];
}

const DEFAULT_DAYS: Record<TierTitle, number> = { basic: 3, intermediate: 5, pro: 7 };

/**
 * What Pay Now on a tier buys: its price, the features listed, the revisions it names ('1 revision',
 * 'Up to 2 revisions'; none named means one) and a delivery time (3, 5 or 7 days by tier, halved with
 * 'Express delivery'). Null when the tier has no price.
 */
export function tierTerms(tier: Pick<Tier, 'title' | 'features' | 'pricing'>): TierTerms | null {
  const price = primaryPrice(tier.pricing);
  if (!price) return null;
  let revisions: number | null = null;
  for (const f of tier.features) {
    const m = /^(?:up to\s+)?(\d{1,2})\s+revisions?$/i.exec(f.trim());
    if (m) revisions = Math.max(revisions ?? 0, Number(m[1]));
    if (/^unlimited revisions$/i.test(f.trim())) revisions = ORDER_LIMITS.revisionsMax;
  }
  const express = tier.features.some((f) => /express delivery/i.test(f));
  const days = DEFAULT_DAYS[tier.title];
  return {
    amount: price.priceMin,
    startingPrice: price.priceMax !== undefined && price.priceMax > price.priceMin,
    deliveryDays: express ? Math.max(1, Math.ceil(days / 2)) : days,
    revisions: revisions ?? 1,
    features: [...tier.features],
  };
}
