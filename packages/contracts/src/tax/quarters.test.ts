import { describe, expect, it } from 'vitest';
import { endedQuarters, monthOf as currentMonth, quarterLabel } from './periods';

describe('tax periods', () => {
  it('names a quarter by its months and financial year', () => {
    expect(quarterLabel('2026-27-Q2')).toBe('Jul–Sep 2026 (Q2 2026-27)');
    expect(quarterLabel('2026-27-Q4')).toBe('Jan–Mar 2027 (Q4 2026-27)');
  });

  it("counts ended quarters in India's time, across the financial year's turn", () => {
    // 1 Apr 2027 00:30 IST is still 31 March in UTC: Q4 2026-27 has just ended.
    const now = new Date('2027-03-31T19:00:00Z');
    expect(endedQuarters(now, 3)).toEqual(['2026-27-Q4', '2026-27-Q3', '2026-27-Q2']);
    expect(endedQuarters(new Date('2026-04-10T10:00:00Z'))).toHaveLength(8);
    expect(currentMonth(now)).toBe('2027-04');
  });
});
