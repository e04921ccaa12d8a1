import { describe, expect, it } from 'vitest';
import { axisRupees, shortDay } from './daily-chart';

describe('the daily chart’s labels', () => {
  it('shortens amounts on the axis without rounding a half away', () => {
    expect(axisRupees(0)).toBe('₹0');
    expect(axisRupees(800)).toBe('₹800');
    expect(axisRupees(1500)).toBe('₹1.5k');
    expect(axisRupees(4500)).toBe('₹4.5k');
    expect(axisRupees(6000)).toBe('₹6k');
    expect(axisRupees(150_000)).toBe('₹1.5L');
  });
  it('names a day by its date, whatever the zone', () => {
    expect(shortDay('2026-11-26')).toBe('26 Nov');
  });
});
