/** How prices read on cards, the portfolio page and in payments (SPEC.md §8, §9): rupees, Indian grouping. */
import { formatRupees } from './money';

export const CONTACT_FOR_PRICING = 'Contact for pricing';

/** The pricing entry as stored and sent; only the first entry of a tier is used. */
export interface PriceEntry {
  reelCount?: number;
  priceMin: number;
  priceMax?: number;
}

/** '₹1,499', '₹1,50,000', '₹13,344.50': the rupee display, which lives in money.ts. */
export { formatRupees };

/** The first pricing entry, or null when there is none or its price is not set (0). */
export function primaryPrice(pricing: readonly PriceEntry[] | undefined | null): PriceEntry | null {
  const first = pricing?.[0];
  if (!first || !Number.isFinite(first.priceMin) || first.priceMin <= 0) return null;
  return first;
}

/**
 * '₹1,499', or a range '₹1,499–₹2,999' when priceMax is present and above priceMin;
 * 'Contact for pricing' when the tier has no usable price.
 */
export function formatTierPrice(pricing: readonly PriceEntry[] | undefined | null): string {
  const price = primaryPrice(pricing);
  if (!price) return CONTACT_FOR_PRICING;
  const { priceMin, priceMax } = price;
  if (priceMax !== undefined && priceMax > 0 && priceMax > priceMin) {
    return `${formatRupees(priceMin)}–${formatRupees(priceMax)}`;
  }
  return formatRupees(priceMin);
}

/** True when the tier shows a range ('₹6,999–₹9,999') rather than one price. */
export function isPriceRange(pricing: readonly PriceEntry[] | undefined | null): boolean {
  const price = primaryPrice(pricing);
  return price?.priceMax !== undefined && price.priceMax > price.priceMin;
}

/** What a creator pays for a tier: the first entry's priceMin, or null when the tier has no price. */
export function tierAmount(pricing: readonly PriceEntry[] | undefined | null): number | null {
  return primaryPrice(pricing)?.priceMin ?? null;
}

/** '3 reels' / '1 reel'; empty when the count is not set. */
export function formatReelCount(pricing: readonly PriceEntry[] | undefined | null): string {
  const count = pricing?.[0]?.reelCount ?? 0;
  if (!count || count <= 0) return '';
  return `${count} ${count === 1 ? 'reel' : 'reels'}`;
}
