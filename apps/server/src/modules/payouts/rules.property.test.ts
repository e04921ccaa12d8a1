import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clearingLines,
  earlySettlementParts,
  editorPartOfRefund,
  paymentLines,
  platformPartsOfRefund,
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
  gstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
  gstRefundedPaise: number;
  tcsRefundedPaise: number;
  tdsRefundedPaise: number;
  closed: boolean;
  cleared: boolean;
  /** What this order still holds as pending. */
  pendingPaise: number;
}

type Op =
  | { kind: 'pay'; grossPaise: number; feePercent: number; tcsPpm: number; tdsPpm: number }
  | { kind: 'complete'; pick: number }
  | { kind: 'clear'; pick: number }
  | { kind: 'refund'; pick: number; fraction: number; full: boolean }
  | { kind: 'settle'; fraction: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('pay' as const),
    grossPaise: fc.integer({ min: 100, max: 5_000_000 }),
    feePercent: fc.integer({ min: 0, max: 90 }),
    // Unregistered or registered (TCS 1 %, 0.5 %); TDS exempt, 0.1 %, 1 %, or 5 % without PAN.
    tcsPpm: fc.constantFrom(0, 5000, 10000),
    tdsPpm: fc.constantFrom(0, 1000, 10000, 50000),
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
    gst_on_commission: 0,
    tcs_payable: 0,
    tds_payable: 0,
  };
  let paid = 0;
  let refunded = 0;
  let adjustments = 0;
  const postEvent = (lines: LedgerLine[]) => {
    expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(0);
    for (const l of lines) accounts[l.account] += l.amountPaise;
  };
  const check = () => {
    // Every rupee is accounted for: paid − refunded = editor net + TDS + TCS + commission + GST on it.
    expect(paid - refunded + accounts.customer).toBe(0);
    expect(paid - refunded).toBe(
      accounts.editor_pending +
        accounts.editor_available +
        accounts.editor_paid_out +
        accounts.tds_payable +
        accounts.tcs_payable +
        accounts.platform_commission +
        accounts.gst_on_commission,
    );
    expect(accounts.editor_pending).toBeGreaterThanOrEqual(0);
    expect(accounts.editor_paid_out).toBeGreaterThanOrEqual(0);
    expect(accounts.platform_commission).toBeGreaterThanOrEqual(0);
    expect(accounts.gst_on_commission).toBeGreaterThanOrEqual(0);
    expect(accounts.tcs_payable).toBeGreaterThanOrEqual(0);
    expect(accounts.tds_payable).toBeGreaterThanOrEqual(0);
    // A negative balance only ever comes from a recorded adjustment.
    if (accounts.editor_available < 0) expect(adjustments).toBeGreaterThan(0);
    for (const o of orders) {
      expect(o.pendingPaise).toBeGreaterThanOrEqual(0);
      expect(o.editorRefundedPaise).toBeLessThanOrEqual(o.sharePaise);
      expect(o.commissionRefundedPaise).toBeGreaterThanOrEqual(0);
      expect(o.commissionRefundedPaise).toBeLessThanOrEqual(o.commissionPaise);
      for (const [refundedTax, tax] of [
        [o.gstRefundedPaise, o.gstPaise],
        [o.tcsRefundedPaise, o.tcsPaise],
        [o.tdsRefundedPaise, o.tdsPaise],
      ] as const) {
        expect(refundedTax).toBeGreaterThanOrEqual(0);
        expect(refundedTax).toBeLessThanOrEqual(tax);
        if (o.refundedPaise === o.grossPaise) expect(refundedTax).toBe(tax);
      }
      if (o.refundedPaise === o.grossPaise) {
        expect(o.editorRefundedPaise).toBe(o.sharePaise);
        expect(o.commissionRefundedPaise).toBe(o.commissionPaise);
      }
    }
  };
  const pick = (n: number) => (orders.length ? orders[n % orders.length]! : null);

  for (const step of ops) {
    if (step.kind === 'pay') {
      const split = splitPayment(step.grossPaise, step.feePercent);
      expect(split.sharePaise + split.commissionPaise).toBe(step.grossPaise);
      const { shares, withheld } = withholding(step, split);
      postEvent(paymentLines(step.grossPaise, shares, withheld));
      paid += step.grossPaise;
      orders.push({
        grossPaise: step.grossPaise,
        ...shares,
        ...withheld,
        refundedPaise: 0,
        editorRefundedPaise: 0,
        commissionRefundedPaise: 0,
        gstRefundedPaise: 0,
        tcsRefundedPaise: 0,
        tdsRefundedPaise: 0,
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
      const platform = platformPartsOfRefund(o, taxesTaken(o), amount, part);
      expect(platform.commissionPaise + platform.gstPaise + platform.tcsPaise + platform.tdsPaise).toBe(
        amount - part,
      );
      const lines = refundLines({
        refundPaise: amount,
        editorPartPaise: part,
        platform,
        pendingPaise: o.pendingPaise,
        availablePaise: accounts.editor_available,
      });
      postEvent(lines.refund);
      if (lines.adjustment.length) {
        postEvent(lines.adjustment);
        adjustments++;
      }
      o.pendingPaise -= Math.max(0, Math.min(part, o.pendingPaise));
      o.refundedPaise += amount;
      o.editorRefundedPaise += part;
      o.commissionRefundedPaise += platform.commissionPaise;
      o.gstRefundedPaise += platform.gstPaise;
      o.tcsRefundedPaise += platform.tcsPaise;
      o.tdsRefundedPaise += platform.tdsPaise;
      refunded += amount;
    } else {
      // The gateway settles on its own schedule: up to everything split, cleared by us or not.
      const payable = Math.max(0, accounts.editor_available) + accounts.editor_pending;
      if (payable <= 0) continue;
      const amount = Math.max(1, Math.floor(payable * step.fraction));
      const availableBefore = accounts.editor_available;
      const early = earlySettlementParts(
        amount,
        accounts.editor_available,
        orders.map((o, i) => ({ orderId: String(i), pendingPaise: o.pendingPaise })),
      );
      for (const part of early) {
        postEvent(clearingLines(part.amountPaise));
        orders[Number(part.orderId)]!.pendingPaise -= part.amountPaise;
      }
      postEvent(settlementLines(amount));
      // A settlement never drives the available balance below where it stood, or below zero.
      expect(accounts.editor_available).toBeGreaterThanOrEqual(Math.min(0, availableBefore));
    }
    check();
  }
  return { accounts, orders };
}

/**
 * As the tax rules withhold (modules/tax/assess.ts): the fee includes 18 % GST on the commission; TCS
 * and TDS come out of the share, capped by it.
 */
function withholding(
  step: { grossPaise: number; tcsPpm: number; tdsPpm: number },
  split: { commissionPaise: number; sharePaise: number },
) {
  const commissionPaise = Math.round((split.commissionPaise * 1_000_000) / 1_180_000);
  let left = split.sharePaise;
  const take = (want: number) => {
    const got = Math.min(left, want);
    left -= got;
    return got;
  };
  const tcsPaise = take(Math.round((step.grossPaise * step.tcsPpm) / 1_000_000));
  const tdsPaise = take(Math.round((step.grossPaise * step.tdsPpm) / 1_000_000));
  return {
    shares: { commissionPaise, sharePaise: left },
    withheld: { gstPaise: split.commissionPaise - commissionPaise, tcsPaise, tdsPaise },
  };
}

const taxesTaken = (o: ModelOrder) => ({
  refundedPaise: o.refundedPaise,
  commissionRefundedPaise: o.commissionRefundedPaise,
  gstPaise: o.gstRefundedPaise,
  tcsPaise: o.tcsRefundedPaise,
  tdsPaise: o.tdsRefundedPaise,
});

describe('payout rules, over random sequences of pay, complete, clear, refund and settle (early too)', () => {
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
