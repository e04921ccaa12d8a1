import { describe, expect, it } from 'vitest';
import { assessContactDetails, type ContactVerdict } from '../contact-details';
import {
  INDEPENDENT_EVASIONS,
  INDEPENDENT_EVASIONS_BY_KIND,
  INDEPENDENT_ORDINARY,
  INDEPENDENT_SPLIT_CONVERSATIONS,
  INDEPENDENT_SPLIT_ORDINARY,
} from './corpus/independent';

// The corpus in ./corpus/independent*.ts was written by someone who never saw the detector (issue 25,
// item 14), so it measures the detector instead of restating it. Not every case is caught, nor every
// ordinary message left alone: these are floors and ceilings at today's figures, so a change that loses
// ground fails here. The figures per kind are in the closing note of issue 25.

type Tally = Record<ContactVerdict, number>;
const tally = (verdicts: ContactVerdict[]): Tally => {
  const t: Tally = { block: 0, flag: 0, allow: 0 };
  for (const v of verdicts) t[v] += 1;
  return t;
};

/** A conversation's worst verdict, each message judged with the ones before it, as chat does. */
const conversationVerdict = (messages: readonly string[]): ContactVerdict => {
  let worst: ContactVerdict = 'allow';
  messages.forEach((text, i) => {
    const { verdict } = assessContactDetails(text, { earlier: messages.slice(0, i) });
    if (verdict === 'block' || (verdict === 'flag' && worst === 'allow')) worst = verdict;
  });
  return worst;
};

describe('contact-detail detector on a corpus written without seeing it', () => {
  it('is a real corpus: 140 evasions of 11 kinds, 133 ordinary messages, 13 + 13 conversations', () => {
    expect(INDEPENDENT_EVASIONS).toHaveLength(140);
    expect(Object.keys(INDEPENDENT_EVASIONS_BY_KIND)).toHaveLength(11);
    expect(INDEPENDENT_ORDINARY).toHaveLength(133);
    expect(INDEPENDENT_SPLIT_CONVERSATIONS).toHaveLength(13);
    expect(INDEPENDENT_SPLIT_ORDINARY).toHaveLength(13);
  });

  it('stops at least 112 of the 140 evasions (blocked or flagged for an admin)', () => {
    const t = tally(INDEPENDENT_EVASIONS.map((text) => assessContactDetails(text).verdict));
    expect(t.block).toBeGreaterThanOrEqual(98);
    expect(t.block + t.flag).toBeGreaterThanOrEqual(112);
  });

  it('refuses at most 1 of the 133 ordinary messages and flags at most 5', () => {
    const t = tally(INDEPENDENT_ORDINARY.map((text) => assessContactDetails(text).verdict));
    expect(t.block).toBeLessThanOrEqual(1);
    expect(t.flag).toBeLessThanOrEqual(5);
  });

  it('blocks at least 10 of 13 details split across messages, and leaves ordinary runs of numbers alone', () => {
    const split = tally(INDEPENDENT_SPLIT_CONVERSATIONS.map(conversationVerdict));
    expect(split.block).toBeGreaterThanOrEqual(10);
    const ordinary = tally(INDEPENDENT_SPLIT_ORDINARY.map(conversationVerdict));
    expect(ordinary.block).toBe(0);
    expect(ordinary.flag).toBeLessThanOrEqual(1);
  });
});
