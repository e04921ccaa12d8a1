/** Limits and durations of orders, their references, and what Pay Now on a tier buys. */
import { TIER_TERMS_LIMITS, type Tier } from '../portfolio';
import { isPriceRange, primaryPrice } from '../price';

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
  /** More days an editor may ask for at once. */
  extensionDaysMax: 30,
  /** Rupees. */
  priceMin: 100,
  priceMax: 10_00_000,
  deliveryDaysMin: TIER_TERMS_LIMITS.deliveryDaysMin,
  deliveryDaysMax: TIER_TERMS_LIMITS.deliveryDaysMax,
  revisionsMax: TIER_TERMS_LIMITS.revisionsMax,
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
  /** True when the tier shows a range: the amount is only its starting price, so Pay Now cannot buy it. */
  startingPrice: boolean;
  deliveryDays: number;
  revisions: number;
  features: string[];
}

type TermsOfTier = Pick<Tier, 'features' | 'pricing' | 'deliveryDays' | 'revisions'>;

/**
 * What a tier states it sells: its first price, the delivery days and revisions its structure states, and
 * its features. Null when the tier has no price, or (a tier saved before they were stated) no terms.
 */
export function tierTerms(tier: TermsOfTier): TierTerms | null {
  const price = primaryPrice(tier.pricing);
  if (!price || tier.deliveryDays === undefined || tier.revisions === undefined) return null;
  return {
    amount: price.priceMin,
    startingPrice: isPriceRange(tier.pricing),
    deliveryDays: tier.deliveryDays,
    revisions: tier.revisions,
    features: [...tier.features],
  };
}

/**
 * How a tier card sells: 'pay' (Pay Now buys exactly the fixed price and terms the card states), 'ask'
 * (a price range: the creator asks the editor for an offer that names the price), or 'none' (no price).
 */
export type TierPurchase = 'pay' | 'ask' | 'none';

export function tierPurchase(tier: TermsOfTier): TierPurchase {
  if (isPriceRange(tier.pricing)) return 'ask';
  return tierTerms(tier) ? 'pay' : 'none';
}
