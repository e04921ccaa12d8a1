import { describe, expect, it } from 'vitest';
import { assessContactDetails, findContactDetails } from '../contact-details';
import { GAP_EVASIONS, GAP_LOOK_BACK, GAP_SUSPICIOUS, NEAR_ORDINARY } from './corpus';

describe('contact-detail detector: the third probe (issue 25, item 14)', () => {
  it('has a case for every kind the probe used', () => {
    expect(GAP_EVASIONS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(GAP_EVASIONS.map(([, kind]) => kind))).toEqual(
      new Set(['handle', 'link', 'phone', 'email']),
    );
  });

  it.each(GAP_EVASIONS)('blocks %j (%s)', (text, kind) => {
    expect(findContactDetails(text)?.kind).toBe(kind);
    expect(assessContactDetails(text)).toMatchObject({ verdict: 'block', kind });
  });

  it.each(GAP_SUSPICIOUS)('flags %j, or blocks it', (text) => {
    const assessment = assessContactDetails(text);
    expect(assessment.verdict).not.toBe('allow');
    expect(assessment.reason).toEqual(expect.any(String));
  });

  it.each(GAP_LOOK_BACK)('%j then %j → %s', (earlier, text, verdict) => {
    expect(assessContactDetails(text, { earlier }).verdict).toBe(verdict);
  });
});

describe('contact-detail detector: ordinary messages close to the new rules pass without a flag', () => {
  it('has enough of them', () => expect(NEAR_ORDINARY.length).toBeGreaterThanOrEqual(35));
  it.each(NEAR_ORDINARY)('%j', (text) => {
    expect(findContactDetails(text)).toBeNull();
    expect(assessContactDetails(text)).toEqual({ verdict: 'allow', kind: null, reason: null, match: null });
  });
});
