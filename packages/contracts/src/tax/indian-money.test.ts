import { describe, expect, it } from 'vitest';
import { amountInWords, formatIndianPaise } from './indian-money';

describe('formatIndianPaise', () => {
  it.each([
    [0, '₹0.00'],
    [5, '₹0.05'],
    [100, '₹1.00'],
    [99_999, '₹999.99'],
    [100_000, '₹1,000.00'],
    [12_345_600, '₹1,23,456.00'],
    [12_345_650, '₹1,23,456.50'],
    [1_000_000_000, '₹1,00,00,000.00'],
    [9_999_999_999_999, '₹99,99,99,99,999.99'],
    [-100_000, '-₹1,000.00'],
    [-5, '-₹0.05'],
  ])('%i → %s', (p, text) => expect(formatIndianPaise(p)).toBe(text));

  it('refuses fractions of a paisa and unsafe numbers', () => {
    expect(() => formatIndianPaise(1.5)).toThrow(RangeError);
    expect(() => formatIndianPaise(Number.NaN)).toThrow(RangeError);
    expect(() => formatIndianPaise(2 ** 60)).toThrow(RangeError);
  });
});

describe('amountInWords', () => {
  it.each([
    [0, 'Rupees Zero Only'],
    [5, 'Rupees Zero and Five Paise Only'],
    [100, 'Rupees One Only'],
    [1_100, 'Rupees Eleven Only'],
    [2_000, 'Rupees Twenty Only'],
    [2_199, 'Rupees Twenty-One and Ninety-Nine Paise Only'],
    [10_000, 'Rupees One Hundred Only'],
    [10_500, 'Rupees One Hundred Five Only'],
    [100_000, 'Rupees One Thousand Only'],
    [1_000_000, 'Rupees Ten Thousand Only'],
    [10_000_000, 'Rupees One Lakh Only'],
    [12_345_650, 'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Fifty Paise Only'],
    [50_000_000, 'Rupees Five Lakh Only'],
    [1_000_000_000, 'Rupees One Crore Only'],
    [1_000_000_100, 'Rupees One Crore One Only'],
    [10_101_010_100, 'Rupees Ten Crore Ten Lakh Ten Thousand One Hundred One Only'],
    [
      9_999_999_999_999,
      'Rupees Nine Thousand Nine Hundred Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand' +
        ' Nine Hundred Ninety-Nine and Ninety-Nine Paise Only',
    ],
  ])('%i → %s', (p, words) => expect(amountInWords(p)).toBe(words));

  it('refuses negative amounts, fractions of a paisa and anything above 99,99,99,99,999 rupees', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(0.5)).toThrow(RangeError);
    expect(() => amountInWords(10_000_000_000_000)).toThrow(RangeError);
  });
});
