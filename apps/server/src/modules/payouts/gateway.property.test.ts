import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clearingLines,
  earlySettlementParts,
  editorPartOfRefund,
  paymentLines,
  refundLines,
  settlementLines,
  splitPayment,
  NOTHING_WITHHELD,
  type LedgerLine,
} from './rules';

/**
 * The books against the gateway, over random sequences: pay, split (or miss it: a refund came first, or
 * the window passed), refund, clear (and release, or credit a missed share), and the gateway's settlement
 * on its own schedule. The gateway side is played the way the services drive Cashfree (splits.ts,
 * planRefundSplit, gatewayExcessPaise, release.ts); the books through the rules. After every step the
 * editor's books (pending + available + paid out) equal what the gateway holds or paid for them, plus
 * what Cutroom still holds for them (shares not split yet, or missed and not yet credited); paid out equals
 * what the gateway settled.
 */
interface Order {
  grossPaise: number;
  sharePaise: number;
  refundedPaise: number;
  editorRefundedPaise: number;
  split: 'none' | 'done' | 'missed';
  splitPaise: number;
  /** refund_splits carried back while the gateway held the share, and DEBIT/CREDIT adjustments. */
  carriedPaise: number;
  debitedPaise: number;
  creditedPaise: number;
  /** The split share still held by deferred settlement (not yet released). */
  heldPaise: number;
  cleared: boolean;
  pendingPaise: number;
}

type Op =
  | { kind: 'pay'; grossPaise: number; fee: number }
  | { kind: 'split' | 'miss' | 'clear'; pick: number }
  | { kind: 'refund'; pick: number; fraction: number; full: boolean }
  | { kind: 'settle' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    grossPaise: fc.integer({ min: 100, max: 2_000_000 }),
    fee: fc.integer({ min: 0, max: 50 }),
  }),
  fc.record({ kind: fc.constantFrom('split' as const, 'miss' as const, 'clear' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('refund' as const),
    pick: fc.nat(),
    fraction: fc.double({ min: 0, max: 1, noNaN: true }),
    full: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('settle' as const) }),
);

function play(ops: Op[]) {
  const orders: Order[] = [];
  const books = { pending: 0, available: 0, paidOut: 0 };
  // The vendor at the gateway: eligible (released, credited, less debits) and what it settled.
  const gateway = { eligible: 0, settled: 0 };
  const apply = (lines: LedgerLine[]) => {
    for (const l of lines) {
      if (l.account === 'editor_pending') books.pending += l.amountPaise;
      if (l.account === 'editor_available') books.available += l.amountPaise;
      if (l.account === 'editor_paid_out') books.paidOut += l.amountPaise;
    }
  };
  /** What the gateway still holds beyond the share less every refund's part: a DEBIT takes it. */
  const excess = (o: Order) =>
    o.splitPaise - o.carriedPaise - o.debitedPaise + o.creditedPaise - (o.sharePaise - o.editorRefundedPaise);
  const check = () => {
    const held = orders.reduce((s, o) => s + o.heldPaise, 0);
    // Not split yet, or missed and not yet credited: the share is still with Cutroom's own money.
    const owed = orders
      .filter((o) => o.split === 'none' || (o.split === 'missed' && o.creditedPaise === 0))
      .reduce((s, o) => s + o.sharePaise - o.editorRefundedPaise, 0);
    expect(books.pending + books.available + books.paidOut).toBe(
      held + gateway.eligible + gateway.settled + owed,
    );
    expect(books.paidOut).toBe(gateway.settled);
    for (const o of orders) expect(o.pendingPaise).toBeGreaterThanOrEqual(0);
    expect(books.pending).toBeGreaterThanOrEqual(0);
  };
  const pick = (n: number) => (orders.length ? orders[n % orders.length]! : null);

  for (const step of ops) {
    if (step.kind === 'pay') {
      const shares = splitPayment(step.grossPaise, step.fee);
      apply(paymentLines(step.grossPaise, shares, NOTHING_WITHHELD));
      orders.push({
        grossPaise: step.grossPaise,
        sharePaise: shares.sharePaise,
        refundedPaise: 0,
        editorRefundedPaise: 0,
        split: 'none',
        splitPaise: 0,
        carriedPaise: 0,
        debitedPaise: 0,
        creditedPaise: 0,
        heldPaise: 0,
        cleared: false,
        pendingPaise: shares.sharePaise,
      });
    } else if (step.kind === 'split' || step.kind === 'miss') {
      const o = pick(step.pick);
      if (!o || o.split !== 'none') continue;
      // The gateway takes no split after a refund, nor past its window ('miss').
      if (step.kind === 'miss' || o.refundedPaise > 0) {
        o.split = 'missed';
        if (o.cleared) credit(o);
        continue;
      }
      o.split = 'done';
      o.splitPaise = o.sharePaise - o.editorRefundedPaise;
      if (o.cleared) gateway.eligible += o.splitPaise;
      else o.heldPaise = o.splitPaise;
    } else if (step.kind === 'refund') {
      const o = pick(step.pick);
      const left = o ? o.grossPaise - o.refundedPaise : 0;
      if (!o || left <= 0) continue;
      const amount = step.full ? left : Math.max(1, Math.floor(left * step.fraction));
      const part = editorPartOfRefund(o, o, amount);
      // While the gateway holds the split, the refund carries the editor's part back (refund_splits).
      if (o.split === 'done' && !o.cleared) {
        o.heldPaise -= part;
        o.carriedPaise += part;
      }
      const lines = refundLines({
        refundPaise: amount,
        editorPartPaise: part,
        platform: { commissionPaise: amount - part, ...NOTHING_WITHHELD },
        pendingPaise: o.pendingPaise,
        availablePaise: books.available,
      });
      apply(lines.refund);
      apply(lines.adjustment);
      o.pendingPaise -= Math.max(0, Math.min(part, o.pendingPaise));
      o.refundedPaise += amount;
      o.editorRefundedPaise += part;
      if (o.split !== 'none') {
        const owed = excess(o);
        if (owed > 0) {
          o.debitedPaise += owed;
          gateway.eligible -= owed;
        }
      }
    } else if (step.kind === 'clear') {
      const o = pick(step.pick);
      if (!o || o.cleared) continue;
      apply(clearingLines(o.pendingPaise));
      o.pendingPaise = 0;
      o.cleared = true;
      // Released: the held share becomes eligible; a missed one is credited by Cutroom.
      gateway.eligible += o.heldPaise;
      o.heldPaise = 0;
      if (o.split === 'missed') credit(o);
    } else {
      // The vendor's schedule settles what is eligible; the books take it, early parts first.
      const amount = gateway.eligible;
      if (amount <= 0) continue;
      const early = earlySettlementParts(
        amount,
        books.available,
        orders.map((o, i) => ({ orderId: String(i), pendingPaise: o.pendingPaise })),
      );
      for (const p of early) {
        apply(clearingLines(p.amountPaise));
        orders[Number(p.orderId)]!.pendingPaise -= p.amountPaise;
      }
      apply(settlementLines(amount));
      gateway.settled += amount;
      gateway.eligible = 0;
    }
    check();
  }

  function credit(o: Order) {
    const amount = o.sharePaise - o.editorRefundedPaise;
    if (amount <= 0 || o.creditedPaise > 0) return;
    o.creditedPaise = amount;
    gateway.eligible += amount;
  }
}

describe('payouts against the gateway, over random sequences of pay, split, refund, clear and settle', () => {
  it('keep the books equal to what the gateway holds or paid, plus what Cutroom owes for missed shares', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 50 }), (ops) => {
        play(ops);
      }),
      { numRuns: 1000 },
    );
  });
});
