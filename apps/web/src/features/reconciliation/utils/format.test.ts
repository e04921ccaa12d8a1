import { describe, expect, it } from 'vitest';
import { checkedSummary, triggerText } from './format';

describe('reconciliation wording', () => {
  it('says what a run checked, one or many of each, payments first', () => {
    expect(checkedSummary({ payments: 12, refunds: 3 })).toBe('12 payments, 3 refunds');
    expect(checkedSummary({ payments: 1, refunds: 0, settlements: 1 })).toBe(
      '1 payment, 0 refunds, 1 settlement',
    );
    expect(checkedSummary({ payoutSteps: 2, vendor_balances: 1, splits: 1 })).toBe(
      '1 split, 2 payout steps, 1 vendor balance',
    );
    expect(checkedSummary({ deliveries: 1 })).toBe('1 delivery');
    // As a jsonb object gives them back (shortest key first): payments still come first.
    expect(checkedSummary({ splits: 0, refunds: 2, payments: 5, settlements: 1 })).toBe(
      '5 payments, 2 refunds, 0 splits, 1 settlement',
    );
    expect(checkedSummary({})).toBe('Nothing to check');
  });

  it('says who started a run', () => {
    expect(triggerText('schedule')).toBe('Scheduled');
    expect(triggerText('admin')).toBe('Run by an admin');
  });
});
