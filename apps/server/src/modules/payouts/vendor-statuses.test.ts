import { describe, expect, it } from 'vitest';
import { isWatched, vendorReasonOf, vendorStateOf } from './vendor-statuses';

describe('Cashfree vendor statuses', () => {
  it('maps every documented status to what the editor and admins see', () => {
    const states = Object.fromEntries(
      [
        'IN_BANK_VALIDATION',
        'IN_BENE_CREATION',
        'BANK_VALIDATION_FAILED',
        'BENE_CREATION_FAILED',
        'ACTION_REQUIRED',
        'ON_HOLD',
        'ACTIVE',
        'BLOCKED',
        'DELETED',
      ].map((s) => [s, vendorStateOf(s, false)]),
    );
    expect(states).toEqual({
      IN_BANK_VALIDATION: 'in_review',
      IN_BENE_CREATION: 'in_review',
      BANK_VALIDATION_FAILED: 'action_required',
      BENE_CREATION_FAILED: 'action_required',
      ACTION_REQUIRED: 'action_required',
      ON_HOLD: 'action_required',
      ACTIVE: 'active',
      BLOCKED: 'blocked',
      DELETED: 'failed',
    });
  });

  it('reads our own hold as active, and an unknown status as still in review (watched, never pending)', () => {
    expect(vendorStateOf('BLOCKED', true)).toBe('active');
    expect(vendorStateOf('IN_KYC_REVIEW', false)).toBe('in_review');
    expect(isWatched('in_review')).toBe(true);
    expect(isWatched('action_required')).toBe(true);
    expect(isWatched('active')).toBe(false);
    expect(isWatched('failed')).toBe(false);
  });

  it("gives the gateway's words as the reason, else what its status means, and none when nothing is wrong", () => {
    expect(vendorReasonOf('action_required', 'ACTION_REQUIRED', 'PAN: REJECTED')).toBe('PAN: REJECTED');
    expect(vendorReasonOf('action_required', 'ACTION_REQUIRED', null)).toBe(
      'The payment gateway could not verify the KYC documents',
    );
    expect(vendorReasonOf('action_required', 'BANK_VALIDATION_FAILED', ' ')).toBe(
      'The payment gateway could not verify the bank account',
    );
    expect(vendorReasonOf('in_review', 'IN_BENE_CREATION', 'checking')).toBeNull();
    expect(vendorReasonOf('active', 'ACTIVE', null)).toBeNull();
  });
});
