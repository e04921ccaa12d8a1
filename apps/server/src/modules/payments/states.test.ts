import { describe, expect, it } from 'vitest';
import { paymentStatus, refundStatus } from '../../db/schema';
import { canMove, entriesOf, fromStates } from '../../lib/state-machine';
import { PAYMENT_MOVES, REFUND_MOVES } from './states';

/** Every pair of states, as 'from → to', that the table allows. */
const allowed = <S extends string>(states: readonly S[], moves: { readonly [F in S]: readonly S[] }) =>
  states.flatMap((from) => states.filter((to) => canMove(moves, from, to)).map((to) => `${from} → ${to}`));

describe('payment statuses', () => {
  it('allows a gateway answer or a lapse out of INITIATED, and a late success out of FAILED', () => {
    expect(allowed(paymentStatus.enumValues, PAYMENT_MOVES).sort()).toEqual(
      ['INITIATED → SUCCESS', 'INITIATED → FAILED', 'FAILED → SUCCESS'].sort(),
    );
  });

  it('keeps SUCCESS final: no later event fails or repeats it', () => {
    for (const to of paymentStatus.enumValues) expect(canMove(PAYMENT_MOVES, 'SUCCESS', to)).toBe(false);
    expect(entriesOf(PAYMENT_MOVES, 'SUCCESS')).toEqual(['INITIATED', 'FAILED']);
    expect(entriesOf(PAYMENT_MOVES, 'FAILED')).toEqual(['INITIATED']);
    expect(() => fromStates('payment', PAYMENT_MOVES, 'FAILED', ['SUCCESS' as never])).toThrow(
      'payment: SUCCESS → FAILED is not an allowed move',
    );
  });
});

describe('refund statuses', () => {
  it('lets PENDING and ONHOLD follow the gateway until SUCCESS (final) or CANCELLED (only a late SUCCESS)', () => {
    expect(allowed(refundStatus.enumValues, REFUND_MOVES).sort()).toEqual(
      [
        'PENDING → ONHOLD',
        'PENDING → SUCCESS',
        'PENDING → CANCELLED',
        'ONHOLD → PENDING',
        'ONHOLD → SUCCESS',
        'ONHOLD → CANCELLED',
        'CANCELLED → SUCCESS',
      ].sort(),
    );
  });

  it('never writes a status again over itself (a repeated event changes nothing)', () => {
    for (const status of refundStatus.enumValues) expect(canMove(REFUND_MOVES, status, status)).toBe(false);
    expect(entriesOf(REFUND_MOVES, 'SUCCESS')).toEqual(['PENDING', 'ONHOLD', 'CANCELLED']);
    expect(entriesOf(REFUND_MOVES, 'PENDING')).toEqual(['ONHOLD']);
  });
});
