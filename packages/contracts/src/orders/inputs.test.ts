import { describe, expect, it } from 'vitest';
import { createOfferInputSchema, settlementInputSchema } from './inputs';

const amountOf = (amount: unknown) => {
  const parsed = settlementInputSchema.safeParse({ amount });
  return parsed.success ? parsed.data.amount : parsed.error.issues[0]!.message;
};

describe('whole-number fields (an offer price, a settlement amount)', () => {
  it('take a JSON number or the decimal text of a form field', () => {
    expect(amountOf(4000)).toBe(4000);
    expect(amountOf('4000')).toBe(4000);
    expect(amountOf(' 4000 ')).toBe(4000);
    // An empty field is told the minimum, as the offer form shows it.
    expect(amountOf('')).toBe('Amount must be at least 1');
    expect(amountOf('-1')).toBe('Amount must be at least 1');
    expect(amountOf('1.5')).toBe('Amount must be a whole number');
  });

  it('coerce nothing else: no boolean, array, null, hex or exponent becomes a price', () => {
    for (const amount of [true, false, [4000], [], null, undefined, {}, '0x10', '1e3', '4,000', '.', 'lots'])
      expect([amount, amountOf(amount)]).toEqual([amount, 'Amount must be a number']);
    const offer = createOfferInputSchema.safeParse({
      title: 'Teaser',
      amount: true,
      deliveryDays: 2,
      revisions: 1,
    });
    expect(offer.error?.issues[0]?.message).toBe('Price must be a number');
  });
});
