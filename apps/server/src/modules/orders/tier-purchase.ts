import {
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  tierTerms,
  type TierTerms,
  type TierTitle,
} from '@cutroom/contracts';
import type { StoredTier } from '../../db/schema';
import { badRequest, conflict } from '../../lib/http-error';

/**
 * The tier Pay Now buys and exactly what it buys: the tier's one price and the delivery days and
 * revisions it states. A price range names no price to charge, so it is refused (409) rather than sold
 * at its minimum (a page loaded before the card said 'Ask for an offer' may still send it); a tier
 * without a price, or without stated terms, has nothing to sell (400).
 */
export function payableTier(
  tiers: readonly StoredTier[] | null | undefined,
  title: TierTitle,
): { tier: StoredTier; terms: TierTerms } {
  const tier = tiers?.find((t) => t.title === title);
  const terms = tier ? tierTerms(tier) : null;
  if (!tier || !terms) throw badRequest(PAYMENT_MESSAGES.noPrice);
  if (terms.startingPrice) throw conflict(ORDER_MESSAGES.rangeTierNotPayable);
  return { tier, terms };
}
