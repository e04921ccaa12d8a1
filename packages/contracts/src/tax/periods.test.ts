import { describe, expect, it } from 'vitest';
import { financialYearOf, financialYearStart, monthOf, periodRange, quarterOf } from './periods';

const at = (iso: string) => new Date(iso);

describe('financialYearOf, monthOf, quarterOf (in IST, UTC+05:30)', () => {
  it.each([
    // 31 March 23:59:59.999 IST is still the old year; 1 April 00:00 IST is the new one.
    ['2026-03-31T18:29:59.999Z', '2025-26', '2026-03', '2025-26-Q4'],
    ['2026-03-31T18:30:00.000Z', '2026-27', '2026-04', '2026-27-Q1'],
    ['2026-06-30T18:29:59.999Z', '2026-27', '2026-06', '2026-27-Q1'],
    ['2026-06-30T18:30:00.000Z', '2026-27', '2026-07', '2026-27-Q2'],
    ['2026-09-30T18:30:00.000Z', '2026-27', '2026-10', '2026-27-Q3'],
    ['2026-12-31T18:29:59.999Z', '2026-27', '2026-12', '2026-27-Q3'],
    // New Year's Day in IST is still 31 December in UTC: January to March are the year's Q4.
    ['2026-12-31T18:30:00.000Z', '2026-27', '2027-01', '2026-27-Q4'],
    ['2027-02-15T06:00:00.000Z', '2026-27', '2027-02', '2026-27-Q4'],
    ['2027-03-31T18:29:59.999Z', '2026-27', '2027-03', '2026-27-Q4'],
    ['2099-04-01T00:00:00.000Z', '2099-00', '2099-04', '2099-00-Q1'],
  ])('%s → %s, %s, %s', (iso, fy, month, quarter) => {
    expect(financialYearOf(at(iso))).toBe(fy);
    expect(monthOf(at(iso))).toBe(month);
    expect(quarterOf(at(iso))).toBe(quarter);
  });

  it('starts the financial year at 1 April 00:00 IST', () => {
    expect(financialYearStart(at('2027-03-31T18:29:59.999Z')).toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(financialYearStart(at('2026-03-31T18:30:00.000Z')).toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });
});

describe('periodRange', () => {
  const iso = (p: string) => {
    const r = periodRange(p);
    return r && [r.from.toISOString(), r.to.toISOString()];
  };

  it.each([
    ['2026-04', '2026-03-31T18:30:00.000Z', '2026-04-30T18:30:00.000Z'],
    ['2026-02', '2026-01-31T18:30:00.000Z', '2026-02-28T18:30:00.000Z'],
    ['2028-02', '2028-01-31T18:30:00.000Z', '2028-02-29T18:30:00.000Z'],
    ['2026-12', '2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z'],
    ['2026-27-Q1', '2026-03-31T18:30:00.000Z', '2026-06-30T18:30:00.000Z'],
    ['2026-27-Q2', '2026-06-30T18:30:00.000Z', '2026-09-30T18:30:00.000Z'],
    ['2026-27-Q3', '2026-09-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z'],
    ['2026-27-Q4', '2026-12-31T18:30:00.000Z', '2027-03-31T18:30:00.000Z'],
    ['2099-00-Q4', '2099-12-31T18:30:00.000Z', '2100-03-31T18:30:00.000Z'],
  ])('%s covers [%s, %s)', (p, from, to) => expect(iso(p)).toEqual([from, to]));

  it.each([
    '2026-28-Q1',
    '2026-26-Q1',
    '2026-27-Q0',
    '2026-27-Q5',
    '2026-27-q1',
    '2026-13',
    '2026-00',
    '2026-1',
    '1999-12',
    '2026-04 ',
    '',
  ])('refuses %j', (p) => expect(periodRange(p)).toBeNull());

  it('agrees with monthOf and quarterOf at both ends of every period of a year', () => {
    for (let m = 1; m <= 12; m += 1) {
      const month = `2026-${String(m).padStart(2, '0')}`;
      const r = periodRange(month)!;
      expect(monthOf(r.from)).toBe(month);
      expect(monthOf(new Date(r.to.getTime() - 1))).toBe(month);
      expect(monthOf(r.to)).not.toBe(month);
    }
    for (let q = 1; q <= 4; q += 1) {
      const quarter = `2026-27-Q${q}`;
      const r = periodRange(quarter)!;
      expect(quarterOf(r.from)).toBe(quarter);
      expect(quarterOf(new Date(r.to.getTime() - 1))).toBe(quarter);
      expect(quarterOf(r.to)).not.toBe(quarter);
    }
  });
});
