import { describe, expect, it } from 'vitest';
import { CONTACT_FOR_PRICING, formatReelCount, formatRupees, formatTierPrice, tierAmount } from './price';

describe('tier price display', () => {
  it('shows the first entry’s minimum in rupees with Indian grouping', () => {
    expect(formatTierPrice([{ reelCount: 1, priceMin: 1499 }])).toBe('₹1,499');
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatTierPrice([{ reelCount: 1, priceMin: 999, priceMax: 0 }])).toBe('₹999');
  });

  it('shows a range when priceMax is present and above priceMin', () => {
    expect(formatTierPrice([{ reelCount: 2, priceMin: 1499, priceMax: 2999 }])).toBe('₹1,499–₹2,999');
    expect(formatTierPrice([{ reelCount: 2, priceMin: 1499, priceMax: 1499 }])).toBe('₹1,499');
  });

  it('uses only the first pricing entry', () => {
    expect(
      formatTierPrice([
        { reelCount: 1, priceMin: 500 },
        { reelCount: 5, priceMin: 2000, priceMax: 4000 },
      ]),
    ).toBe('₹500');
  });

  it('says "Contact for pricing" when there is no usable price', () => {
    expect(formatTierPrice([])).toBe(CONTACT_FOR_PRICING);
    expect(formatTierPrice(undefined)).toBe('Contact for pricing');
    expect(formatTierPrice([{ reelCount: 0, priceMin: 0, priceMax: 0 }])).toBe('Contact for pricing');
  });

  it('gives the amount a creator pays and the reel count', () => {
    expect(tierAmount([{ reelCount: 3, priceMin: 2500, priceMax: 4000 }])).toBe(2500);
    expect(tierAmount([])).toBeNull();
    expect(formatReelCount([{ reelCount: 3, priceMin: 1 }])).toBe('3 reels');
    expect(formatReelCount([{ reelCount: 1, priceMin: 1 }])).toBe('1 reel');
    expect(formatReelCount([])).toBe('');
  });
});
