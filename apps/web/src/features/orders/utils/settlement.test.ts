import { describe, expect, it } from 'vitest';
import { paidRemaining, settlementRefund } from './settlement';

describe('the money of a proposal to complete for a different amount', () => {
  it('counts what was paid and not refunded', () => {
    expect(paidRemaining({ amount: 6999, refundedAmount: 0 })).toBe(6999);
    expect(paidRemaining({ amount: 6999, refundedAmount: 999.5 })).toBe(5999.5);
    expect(paidRemaining({ amount: 6999, refundedAmount: 6999 })).toBe(0);
  });

  it('gives back what lies above the amount, in paise (no float noise)', () => {
    expect(settlementRefund({ amount: 6999, refundedAmount: 0 }, 4000)).toBe(2999);
    expect(settlementRefund({ amount: 1000.3, refundedAmount: 0.1 }, 1)).toBe(999.2);
    expect(settlementRefund({ amount: 6999, refundedAmount: 0 }, 6999)).toBe(0);
  });
});
