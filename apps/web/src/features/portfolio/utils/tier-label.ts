import { tierTermsLabel, type Tier, type TierTitle } from '@cutroom/contracts/portfolio';

/** 'basic' → 'Basic': tier titles are stored lower-case (SPEC.md §3) and shown capitalised. */
export const tierLabel = (title: TierTitle | string) => title.charAt(0).toUpperCase() + title.slice(1);

/** '4 days · 1 revision' as the tier states it; null for a tier that states none (no price). */
export function tierTermsText(tier: Pick<Tier, 'deliveryDays' | 'revisions'>): string | null {
  if (tier.deliveryDays === undefined || tier.revisions === undefined) return null;
  return tierTermsLabel({ deliveryDays: tier.deliveryDays, revisions: tier.revisions });
}
