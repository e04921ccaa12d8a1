import { describe, expect, it } from 'vitest';
import { endedQuarters, quarterLabel } from '@cutroom/contracts/tax/periods';
import { monthLabel, previousMonth } from './periods';

describe('the exports’ periods', () => {
  it('defaults to the previous month in India’s time', () => {
    expect(previousMonth(new Date('2026-11-15T10:00:00Z'))).toBe('2026-10');
    expect(previousMonth(new Date('2027-01-03T10:00:00Z'))).toBe('2026-12');
    // 1 December 00:15 in India is still 30 November in UTC: India's month decides.
    expect(previousMonth(new Date('2026-11-30T18:45:00Z'))).toBe('2026-11');
    expect(previousMonth(new Date('2026-11-30T18:00:00Z'))).toBe('2026-10');
  });

  it('offers the last 8 ended quarters, newest first, never the current one', () => {
    expect(endedQuarters(new Date('2026-11-15T10:00:00Z'))).toEqual([
      '2026-27-Q2',
      '2026-27-Q1',
      '2025-26-Q4',
      '2025-26-Q3',
      '2025-26-Q2',
      '2025-26-Q1',
      '2024-25-Q4',
      '2024-25-Q3',
    ]);
    // 30 September 23:30 in India: Q2 has not ended yet.
    expect(endedQuarters(new Date('2026-09-30T18:00:00Z'))[0]).toBe('2026-27-Q1');
    // 1 October 00:15 in India: it has.
    expect(endedQuarters(new Date('2026-09-30T18:45:00Z'))[0]).toBe('2026-27-Q2');
    // In January, the current quarter is the year's Q4: the last ended one is Q3 of the same year.
    expect(endedQuarters(new Date('2027-01-10T10:00:00Z'), 2)).toEqual(['2026-27-Q3', '2026-27-Q2']);
    expect(endedQuarters(new Date('2027-04-10T10:00:00Z'), 1)).toEqual(['2026-27-Q4']);
  });

  it('names quarters by their months and their financial year', () => {
    expect(quarterLabel('2026-27-Q1')).toBe('Apr–Jun 2026 (Q1 2026-27)');
    expect(quarterLabel('2026-27-Q2')).toBe('Jul–Sep 2026 (Q2 2026-27)');
    expect(quarterLabel('2026-27-Q3')).toBe('Oct–Dec 2026 (Q3 2026-27)');
    expect(quarterLabel('2026-27-Q4')).toBe('Jan–Mar 2027 (Q4 2026-27)');
    expect(quarterLabel('2099-00-Q4')).toBe('Jan–Mar 2100 (Q4 2099-00)');
    expect(monthLabel('2026-01')).toBe('Jan 2026');
  });
});
