import { describe, expect, it } from 'vitest';
import { ORDER_LIMITS, tierPurchase, tierTerms } from './orders';
import { TIER_TERMS_REQUIRED, portfolioStructureInputSchema, tierTermsLabel } from './portfolio';

const priced = (extra: Record<string, unknown> = {}) => ({
  title: 'pro' as const,
  description: '',
  features: ['Express delivery', 'Up to 2 revisions'],
  pricing: [{ reelCount: 1, priceMin: 6999 }],
  ...extra,
});
const save = (tier: Record<string, unknown>) =>
  portfolioStructureInputSchema.safeParse({ whatsIncluded: [], tiers: [tier] });

describe("a tier's stated terms", () => {
  it('are required on a priced tier, with the field named, and optional on a tier without a price', () => {
    const missing = save(priced());
    expect(missing.success).toBe(false);
    expect(missing.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['tiers.0.deliveryDays', TIER_TERMS_REQUIRED.deliveryDays],
      ['tiers.0.revisions', TIER_TERMS_REQUIRED.revisions],
    ]);
    expect(save(priced({ pricing: [] })).success).toBe(true);
    const ok = save(priced({ deliveryDays: 4, revisions: 0 }));
    expect(ok.data?.tiers[0]).toMatchObject({ deliveryDays: 4, revisions: 0 });
  });

  it('are whole numbers within the limits of an offer', () => {
    const message = (extra: Record<string, unknown>) => save(priced(extra)).error?.issues[0]?.message;
    expect(message({ deliveryDays: 0, revisions: 1 })).toBe('Delivery time must be at least 1 day');
    expect(message({ deliveryDays: 91, revisions: 1 })).toBe('Delivery time must be at most 90 days');
    expect(message({ deliveryDays: 2.5, revisions: 1 })).toBe('Delivery time must be whole days');
    expect(message({ deliveryDays: '3', revisions: 1 })).toBe('Delivery time must be a number');
    expect(message({ deliveryDays: 3, revisions: -1 })).toBe('Revisions cannot be negative');
    expect(message({ deliveryDays: 3, revisions: 11 })).toBe('Revisions must be at most 10');
    expect(message({ deliveryDays: 3, revisions: Number.NaN })).toBe('Revisions must be a number');
    expect(ORDER_LIMITS).toMatchObject({ deliveryDaysMin: 1, deliveryDaysMax: 90, revisionsMax: 10 });
  });

  it('are what Pay Now buys: the stated days and revisions, not ones read from the features or the title', () => {
    expect(tierTerms(priced({ deliveryDays: 9, revisions: 4 }))).toEqual({
      amount: 6999,
      startingPrice: false,
      deliveryDays: 9,
      revisions: 4,
      features: ['Express delivery', 'Up to 2 revisions'],
    });
    // A priced tier that states none has nothing Pay Now could promise.
    expect(tierTerms(priced())).toBeNull();
    expect(tierTerms(priced({ pricing: [], deliveryDays: 3, revisions: 1 }))).toBeNull();
  });

  it('decide the card: Pay Now for a fixed price, Ask for an offer for a range, nothing without a price', () => {
    expect(tierPurchase(priced({ deliveryDays: 4, revisions: 1 }))).toBe('pay');
    const range = {
      pricing: [{ reelCount: 1, priceMin: 6999, priceMax: 9999 }],
      deliveryDays: 4,
      revisions: 1,
    };
    expect(tierPurchase(priced(range))).toBe('ask');
    expect(tierTerms(priced(range))?.startingPrice).toBe(true);
    // A maximum equal to the minimum is one price.
    const same = {
      pricing: [{ reelCount: 1, priceMin: 6999, priceMax: 6999 }],
      deliveryDays: 4,
      revisions: 1,
    };
    expect(tierPurchase(priced(same))).toBe('pay');
    expect(tierPurchase(priced({ pricing: [] }))).toBe('none');
    expect(tierPurchase(priced())).toBe('none');
  });

  it('read "N days · M revisions" on every card', () => {
    expect(tierTermsLabel({ deliveryDays: 4, revisions: 1 })).toBe('4 days · 1 revision');
    expect(tierTermsLabel({ deliveryDays: 1, revisions: 0 })).toBe('1 day · 0 revisions');
    expect(tierTermsLabel({ deliveryDays: 7, revisions: 2 })).toBe('7 days · 2 revisions');
  });
});
