import { describe, expect, it } from 'vitest';
import type { TaxRate } from '@cutroom/contracts/tax/reports';
import { istDay, rateStatuses } from './rates';

const rate = (kind: string, effectiveFrom: string, value: number): TaxRate => ({
  kind,
  label: kind,
  value,
  unit: 'percent',
  effectiveFrom,
  section: 's',
  source: 'src',
});

describe('rate statuses', () => {
  const rates = [
    rate('gst', '2017-07-01', 18),
    rate('tcs', '2018-10-01', 1),
    rate('tds', '2020-10-01', 1),
    rate('tcs', '2024-07-10', 0.5),
    rate('tds', '2027-04-01', 0.2),
    rate('tds', '2024-10-01', 0.1),
  ];

  it('marks the newest rate of each kind in force, older ones superseded and later ones to come', () => {
    const marked = rateStatuses(rates, '2026-11-27');
    expect(marked.map((r) => [r.kind, r.effectiveFrom, r.status])).toEqual([
      ['gst', '2017-07-01', 'in_force'],
      ['tcs', '2024-07-10', 'in_force'],
      ['tcs', '2018-10-01', 'superseded'],
      ['tds', '2027-04-01', 'future'],
      ['tds', '2024-10-01', 'in_force'],
      ['tds', '2020-10-01', 'superseded'],
    ]);
  });

  it('puts a rate in force on its first day, not before', () => {
    const statusOn = (today: string) =>
      rateStatuses(rates, today)
        .filter((r) => r.kind === 'tds')
        .map((r) => r.status);
    expect(statusOn('2027-03-31')).toEqual(['future', 'in_force', 'superseded']);
    expect(statusOn('2027-04-01')).toEqual(['in_force', 'superseded', 'superseded']);
  });

  it('leaves a kind with no rate in force yet without one', () => {
    expect(rateStatuses([rate('new', '2030-01-01', 1)], '2026-11-27')[0]!.status).toBe('future');
  });

  it("counts days in India's time", () => {
    // 31 March 2027, 19:00 UTC is already 1 April in India.
    expect(istDay(new Date('2027-03-31T19:00:00Z'))).toBe('2027-04-01');
    expect(istDay(new Date('2027-03-31T18:00:00Z'))).toBe('2027-03-31');
  });
});
