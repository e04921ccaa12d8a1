import { describe, expect, it } from 'vitest';
import { VENDOR_STATES } from '@cutroom/contracts';
import { ADJUSTMENT_STATES, SPLIT_STATES } from '../../db/schema';
import { canMove, entriesOf, fromStates } from '../../lib/state-machine';
import { ADJUSTMENT_MOVES, SPLIT_MOVES, VENDOR_MOVES } from './states';

/** Every pair of states, as 'from → to', that the table allows. */
const allowed = <S extends string>(states: readonly S[], moves: { readonly [F in S]: readonly S[] }) =>
  states.flatMap((from) => states.filter((to) => canMove(moves, from, to)).map((to) => `${from} → ${to}`));

describe('split states', () => {
  it('allows exactly the moves the split job, the gateway, the vendor and an admin make', () => {
    expect(allowed(SPLIT_STATES, SPLIT_MOVES).sort()).toEqual(
      [
        // The split job decides from anything but done: wait for a vendor, send the share, or nothing to send.
        'none → waiting',
        'none → requested',
        'none → done',
        'waiting → waiting',
        'waiting → requested',
        'waiting → done',
        'requested → waiting',
        'requested → requested',
        'requested → done',
        'failed → waiting',
        'failed → requested',
        'failed → done',
        // The gateway will never take it (past its window, or a refund came first).
        'none → missed',
        'waiting → missed',
        'requested → missed',
        'failed → missed',
        // The gateway's answer to a requested split.
        'requested → failed',
        // An active vendor puts waiting splits back in line; an admin's Retry a failed one; a split the
        // gateway found too soon after the payment goes back in line for the job's next attempt.
        'waiting → none',
        'failed → none',
        'requested → none',
      ].sort(),
    );
  });

  it('keeps done and missed final and enters failed only from requested', () => {
    for (const to of SPLIT_STATES) expect(canMove(SPLIT_MOVES, 'done', to)).toBe(false);
    for (const to of SPLIT_STATES) expect(canMove(SPLIT_MOVES, 'missed', to)).toBe(false);
    expect(entriesOf(SPLIT_MOVES, 'failed')).toEqual(['requested']);
    expect(entriesOf(SPLIT_MOVES, 'none')).toEqual(['waiting', 'requested', 'failed']);
  });

  it('lets a writer narrow the previous states, never widen them', () => {
    expect(fromStates('split', SPLIT_MOVES, 'done', ['requested'])).toEqual(['requested']);
    expect(fromStates('split', SPLIT_MOVES, 'waiting')).toEqual(['none', 'waiting', 'requested', 'failed']);
    expect(() => fromStates('split', SPLIT_MOVES, 'none', ['done' as never])).toThrow(
      'split: done → none is not an allowed move',
    );
  });
});

describe('vendor states', () => {
  it('allows exactly the moves of a first save, the vendor job, a new save and an admin', () => {
    const stored = ['pending', 'in_review', 'action_required', 'active', 'blocked', 'failed'];
    expect(allowed(VENDOR_STATES, VENDOR_MOVES).sort()).toEqual(
      [
        // Details saved for the first time.
        'not_created → pending',
        // The vendor job records the gateway's answer; a new save keeps active or makes pending; Retry.
        ...stored.flatMap((from) => stored.map((to) => `${from} → ${to}`)),
      ].sort(),
    );
  });

  it('never returns to not_created, and an admin retry moves failed or action_required to pending', () => {
    for (const from of VENDOR_STATES) expect(canMove(VENDOR_MOVES, from, 'not_created')).toBe(false);
    expect(fromStates('vendor', VENDOR_MOVES, 'pending', ['failed', 'action_required'])).toEqual([
      'failed',
      'action_required',
    ]);
    expect(entriesOf(VENDOR_MOVES, 'active')).toEqual([
      'pending',
      'in_review',
      'action_required',
      'active',
      'blocked',
      'failed',
    ]);
  });
});

describe('adjustment states', () => {
  it('allows only the gateway answer to a requested adjustment and an admin Retry of a failed one', () => {
    expect(allowed(ADJUSTMENT_STATES, ADJUSTMENT_MOVES).sort()).toEqual(
      ['requested → done', 'requested → failed', 'failed → requested'].sort(),
    );
  });
});
