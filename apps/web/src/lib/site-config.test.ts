import { describe, expect, it } from 'vitest';
import { describeHours, telHref } from './site-config';

describe('site settings as pages word them', () => {
  it('says hours and whole days, and minutes for the short windows of test servers', () => {
    expect(describeHours(72)).toBe('72 hours (3 days)');
    expect(describeHours(48)).toBe('48 hours (2 days)');
    expect(describeHours(24)).toBe('24 hours (1 day)');
    expect(describeHours(36)).toBe('36 hours');
    expect(describeHours(1)).toBe('1 hour');
    expect(describeHours(0.5)).toBe('30 minutes');
    expect(describeHours(0.006)).toBe('1 minute');
  });

  it('dials a phone number written for people', () => {
    expect(telHref('+91 80 4000 1234')).toBe('tel:+918040001234');
    expect(telHref('(080) 4000-1234')).toBe('tel:08040001234');
  });
});
