import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clearingLines,
  editorPartOfRefund,
  paymentLines,
  refundLines,
  settlementLines,
  splitPayment,
  type LedgerAccount,
  type LedgerLine,
} from './rules';

interface ModelOrder {
  grossPaise: number;
  sharePaise: number;
  commissionPaise: number;
  refundedPaise: number;
  editorRefundedPaise: number;
  commissionRefundedPaise: number;
  closed: boolean;
  cleared: boolean;
  /** What this order still holds as pending. */
  pendingPaise: number;
}

type Op =
  | { kind: 'pay'; grossPaise: number; feePercent: number }
  | { kind: 'complete'; pick: number }
  | { kind: 'clear'; pick: number }
  | { kind: 'refund'; pick: number; fraction: number; full: boolean }
  | { kind: 'settle'; fraction: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    grossPaise: fc.integer({ min: 100, max: 5_000_000 }),
    feePercent: fc.integer({ min: 0, max: 90 }),
  }),
  fc.record({ kind: fc.constant('complete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('clear' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    full: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('settle' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

/** Plays a sequence through the rules exactly as the services do, keeping one editor's books. */
function play(ops: Op[]) {
  const orders: ModelOrder[] = [];
  const accounts: Record<LedgerAccount, number> = {
    customer: 0,
    editor_pending: 0,
    editor_available: 0,
    editor_paid_out: 0,
    platform_commission: 0,
  };
  let paid = 0;
  let refunded = 0;
  let adjustments = 0;
  const postEvent = (lines: LedgerLine[]) => {
    expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(0);
    for (const l of lines) accounts[l.account] += l.amountPaise;
  };
  const check = () => {
    // Every rupee is accounted for: what creators paid less refunds is shares plus commission.
    expect(paid - refunded + accounts.customer).toBe(0);
    expect(paid - refunded).toBe(
      accounts.editor_pending +
        accounts.editor_available +
        accounts.editor_paid_out +
        accounts.platform_commission,
    );
    expect(accounts.editor_pending).toBeGreaterThanOrEqual(0);
    expect(accounts.editor_paid_out).toBeGreaterThanOrEqual(0);
    expect(accounts.platform_commission).toBeGreaterThanOrEqual(0);
    // A negative balance only ever comes from a recorded adjustment.
    if (accounts.editor_available < 0) expect(adjustments).toBeGreaterThan(0);
    for (const o of orders) {
      expect(o.pendingPaise).toBeGreaterThanOrEqual(0);
      expect(o.editorRefundedPaise).toBeLessThanOrEqual(o.sharePaise);
      expect(o.commissionRefundedPaise).toBeLessThanOrEqual(o.commissionPaise);
      if (o.refundedPaise === o.grossPaise) {
        expect(o.editorRefundedPaise).toBe(o.sharePaise);
        expect(o.commissionRefundedPaise).toBe(o.commissionPaise);
      }
    }
  };
  const pick = (n: number) => (orders.length ? orders[n % orders.length]! : null);

  for (const step of ops) {
    if (step.kind === 'pay') {
      const shares = splitPayment(step.grossPaise, step.feePercent);
      expect(shares.sharePaise + shares.commissionPaise).toBe(step.grossPaise);
      postEvent(paymentLines(step.grossPaise, shares));
      paid += step.grossPaise;
      orders.push({
        grossPaise: step.grossPaise,
        ...shares,
        refundedPaise: 0,
        editorRefundedPaise: 0,
        commissionRefundedPaise: 0,
        closed: false,
        cleared: false,
        pendingPaise: shares.sharePaise,
      });
    } else if (step.kind === 'complete') {
      const o = pick(step.pick);
      if (o) o.closed = true;
    } else if (step.kind === 'clear') {
      const o = pick(step.pick);
      if (!o || !o.closed || o.cleared) continue;
      postEvent(clearingLines(o.pendingPaise));
      o.pendingPaise = 0;
      o.cleared = true;
    } else if (step.kind === 'refund') {
      const o = pick(step.pick);
      const left = o ? o.grossPaise - o.refundedPaise : 0;
      if (!o || left <= 0) continue;
      const amount = step.full ? left : Math.max(1, Math.floor(left * step.fraction));
      const part = editorPartOfRefund(o, o, amount);
      const lines = refundLines({
        refundPaise: amount,
        editorPartPaise: part,
        cleared: o.cleared,
        availablePaise: accounts.editor_available,
      });
      postEvent(lines.refund);
      if (lines.adjustment.length) {
        postEvent(lines.adjustment);
        adjustments++;
      }
      if (!o.cleared) o.pendingPaise -= part;
      o.refundedPaise += amount;
      o.editorRefundedPaise += part;
      o.commissionRefundedPaise += amount - part;
      refunded += amount;
    } else {
      if (accounts.editor_available <= 0) continue;
      const amount = Math.max(1, Math.floor(accounts.editor_available * step.fraction));
      postEvent(settlementLines(amount));
    }
    check();
  }
  return { accounts, orders };
}

describe('payout rules, over random sequences of pay, complete, clear, refund and settle', () => {
  it('keep the ledger balanced, every rupee accounted for, and no balance negative without an adjustment', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 60 }), (ops) => {
        play(ops);
      }),
      { numRuns: 500 },
    );
  });

  it('take exactly the share back from the editor when an order is refunded in any number of parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5_000_000 }),
        fc.integer({ min: 0, max: 90 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 12 }),
        (gross, fee, parts) => {
          const o = {
            grossPaise: gross,
            ...splitPayment(gross, fee),
            refundedPaise: 0,
            editorRefundedPaise: 0,
          };
          for (const f of [...parts, 1]) {
            const left = o.grossPaise - o.refundedPaise;
            if (left <= 0) break;
            const amount = f === 1 ? left : Math.max(1, Math.floor(left * f));
            const part = editorPartOfRefund(o, o, amount);
            expect(part).toBeGreaterThanOrEqual(0);
            expect(part).toBeLessThanOrEqual(amount);
            o.refundedPaise += amount;
            o.editorRefundedPaise += part;
          }
          expect(o.editorRefundedPaise).toBe(o.sharePaise);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('fixes the commission to the paisa: 20% of ₹1,999 is ₹399.80', () => {
    expect(splitPayment(199_900, 20)).toEqual({ commissionPaise: 39_980, sharePaise: 159_920 });
    expect(splitPayment(333, 20)).toEqual({ commissionPaise: 67, sharePaise: 266 });
  });
});
