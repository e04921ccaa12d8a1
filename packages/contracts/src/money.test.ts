import { describe, expect, it } from 'vitest';
import {
  formatPaise,
  formatRupees,
  hasWholePaise,
  orderReference,
  paise,
  paiseFromRupees,
  parseOrderReference,
  percentOf,
  rupeesFromPaise,
  wholePercent,
  type Paise,
} from './money';
import * as contracts from './index';

describe('paise', () => {
  it('accepts whole, safe numbers of paise, negative ones too (ledger debits, adjustments)', () => {
    expect(paise(149900)).toBe(149900);
    expect(paise(0)).toBe(0);
    expect(paise(-2500)).toBe(-2500);
    expect(paise(Number.MAX_SAFE_INTEGER)).toBe(Number.MAX_SAFE_INTEGER);
    expect(paise(Number.MIN_SAFE_INTEGER)).toBe(Number.MIN_SAFE_INTEGER);
  });

  it('refuses fractions, non-numbers and anything beyond a safe integer', () => {
    for (const bad of [0.5, -1.25, Number.NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 1, 2 ** 60]) {
      expect(() => paise(bad)).toThrow(RangeError);
    }
  });

  it('is a branded number: usable as a number, not made from one without paise()', () => {
    const p: Paise = paise(1200);
    const n: number = p;
    expect(n + 1).toBe(1201);
    // @ts-expect-error a bare number is not Paise
    const bare: Paise = 1200;
    expect(bare).toBe(1200);
  });
});

describe('paiseFromRupees', () => {
  it('converts the API’s rupees to paise', () => {
    expect(paiseFromRupees(1499)).toBe(149900);
    expect(paiseFromRupees(1499.5)).toBe(149950);
    expect(paiseFromRupees(0)).toBe(0);
    expect(paiseFromRupees(10_00_000)).toBe(10_00_00_000);
  });

  it('rounds float noise to the intended paisa', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(paiseFromRupees(0.1 + 0.2)).toBe(30);
    expect(paiseFromRupees(0.29)).toBe(29); // 28.999999999999996 before rounding
    expect(paiseFromRupees(1.1)).toBe(110); // 110.00000000000001
    expect(paiseFromRupees(19.99)).toBe(1999);
  });

  it('rounds a third decimal to the nearest paisa exactly as Math.round does (halves up, float as stored)', () => {
    expect(paiseFromRupees(1499.995)).toBe(150000); // 149999.5 → up
    expect(paiseFromRupees(1234.565)).toBe(123457); // 123456.5 → up
    expect(paiseFromRupees(1.005)).toBe(100); // stored as 1.00499999…, so down
    expect(paiseFromRupees(0.285)).toBe(28); // 28.499999999999996
    expect(paiseFromRupees(1499.999)).toBe(150000);
  });

  it('keeps negative adjustments, rounding halves towards +∞ as Math.round does', () => {
    expect(paiseFromRupees(-25)).toBe(-2500);
    expect(paiseFromRupees(-0.1 - 0.2)).toBe(-30);
    expect(paiseFromRupees(-12.345)).toBe(-1234); // -1234.5 → -1234
    expect(paiseFromRupees(-1499.995)).toBe(-149999); // -149999.5 → -149999
  });

  it('is the same rounding as the old rupeesToPaise (Math.round of rupees × 100)', () => {
    const perRupee = 100;
    for (const r of [0, 0.01, 0.015, 0.105, 2.675, 999.99, 1499.995, 12345.675, -7.125]) {
      expect(paiseFromRupees(r)).toBe(Math.round(r * perRupee));
    }
    expect(contracts.rupeesToPaise).toBe(paiseFromRupees);
  });

  it('refuses amounts whose paise are not a safe integer', () => {
    expect(paiseFromRupees(90_071_992_547_409.91)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => paiseFromRupees(1e14)).toThrow(RangeError);
    expect(() => paiseFromRupees(-1e14)).toThrow(RangeError);
    expect(() => paiseFromRupees(Number.NaN)).toThrow(RangeError);
    expect(() => paiseFromRupees(Infinity)).toThrow(RangeError);
  });
});

describe('rupeesFromPaise', () => {
  it('gives the API’s rupee number', () => {
    expect(rupeesFromPaise(149900)).toBe(1499);
    expect(rupeesFromPaise(149950)).toBe(1499.5);
    expect(rupeesFromPaise(1)).toBe(0.01);
    expect(rupeesFromPaise(-2550)).toBe(-25.5);
    expect(rupeesFromPaise(0)).toBe(0);
    expect(contracts.paiseToRupees).toBe(rupeesFromPaise);
  });

  it('round-trips every paisa amount', () => {
    for (const p of [0, 1, 29, 30, 110, 1999, 149999, 150000, 123457, -1234, 99_99_99_999]) {
      expect(paiseFromRupees(rupeesFromPaise(p))).toBe(p);
    }
  });
});

describe('hasWholePaise', () => {
  it('accepts at most two decimals, float noise included', () => {
    for (const r of [0, 1499, 1499.5, 1499.99, 0.1 + 0.2, 0.29, 1.1, -25.5])
      expect(hasWholePaise(r)).toBe(true);
  });
  it('refuses a third decimal', () => {
    for (const r of [1499.995, 0.001, 1.005, -0.005]) expect(hasWholePaise(r)).toBe(false);
  });
});

describe('percentOf', () => {
  it('rounds to the nearest paisa, as the payouts commission does', () => {
    expect(percentOf(149900, 20)).toBe(29980);
    expect(percentOf(999, 12.5)).toBe(125); // 124.875
    expect(percentOf(333, 10)).toBe(33); // 33.3
    expect(percentOf(335, 10)).toBe(34); // 33.5 → up
    expect(percentOf(1, 50)).toBe(1); // 0.5 → up
    expect(percentOf(0, 20)).toBe(0);
    expect(percentOf(149900, 0)).toBe(0);
    expect(percentOf(149900, 100)).toBe(149900);
  });
});

describe('wholePercent', () => {
  it('turns a fraction into whole per cent', () => {
    expect(wholePercent(0.734)).toBe(73);
    expect(wholePercent(0.735)).toBe(74);
    expect(wholePercent(1)).toBe(100);
    expect(wholePercent(0)).toBe(0);
    expect(wholePercent(2 / 3)).toBe(67);
  });
});

describe('formatting', () => {
  it('shows whole rupees without paise, with Indian grouping', () => {
    expect(formatRupees(1499)).toBe('₹1,499');
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatRupees(1_23_45_678)).toBe('₹1,23,45,678');
    expect(formatRupees(0)).toBe('₹0');
  });

  it('shows paise as two digits whenever there are paise', () => {
    expect(formatRupees(13344.5)).toBe('₹13,344.50');
    expect(formatRupees(1999.2)).toBe('₹1,999.20');
    expect(formatRupees(0.01)).toBe('₹0.01');
    expect(formatRupees(0.1 + 0.2)).toBe('₹0.30');
  });

  it('formats paise the same way', () => {
    expect(formatPaise(149900)).toBe('₹1,499');
    expect(formatPaise(1334450)).toBe('₹13,344.50');
    expect(formatPaise(15000000)).toBe('₹1,50,000');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(-2550)).toBe(formatRupees(-25.5));
  });

  it('keeps the older names pointing at the same function', () => {
    expect(contracts.formatRupees).toBe(formatRupees);
    expect(contracts.formatPayoutRupees).toBe(formatRupees);
  });
});

describe('order references', () => {
  it('reads CR- and the number', () => {
    expect(orderReference(10482)).toBe('CR-10482');
    expect(contracts.orderReference).toBe(orderReference);
  });

  it('parses what a person types, and nothing else', () => {
    expect(parseOrderReference('CR-10482')).toBe(10482);
    expect(parseOrderReference(' cr-10001 ')).toBe(10001);
    expect(parseOrderReference(orderReference(10001))).toBe(10001);
    for (const bad of ['CR-', 'CR 10482', '10482', 'CR-12ab', 'CR-1234567890123', 'xCR-1']) {
      expect(parseOrderReference(bad)).toBeNull();
    }
  });
});
