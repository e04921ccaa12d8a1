import { describe, expect, it } from 'vitest';
import { extendedDueAt, moreDaysLabel } from './extension';

describe('the due date a request for more time would give', () => {
  const now = Date.parse('2030-01-05T12:00:00.000Z');

  it('counts from the due date while it is ahead', () => {
    expect(extendedDueAt({ dueAt: '2030-01-06T10:00:00.000Z' }, 2, now)).toBe('2030-01-08T10:00:00.000Z');
  });

  it('counts from now once the due date has passed (a late order)', () => {
    expect(extendedDueAt({ dueAt: '2030-01-01T10:00:00.000Z' }, 2, now)).toBe('2030-01-07T12:00:00.000Z');
  });

  it('says one day or several', () => {
    expect(moreDaysLabel(1)).toBe('1 more day');
    expect(moreDaysLabel(30)).toBe('30 more days');
  });
});
