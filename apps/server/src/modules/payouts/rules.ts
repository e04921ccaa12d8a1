import { percentOf } from '@cutroom/contracts';

/**
 * The money rules of payouts, as pure functions of integers (paise), shared by the ledger and its
 * property tests. Rounding always goes to the editor's side of a split exactly once, so the parts of
 * anything add up to the whole.
 */

export interface OrderShares {
  commissionPaise: number;
  sharePaise: number;
}

/** What is withheld from an editor's share for tax (issue 27): GST on the commission, TCS, TDS. */
export interface Withheld {
  gstPaise: number;
  tcsPaise: number;
  tdsPaise: number;
}

export const NOTHING_WITHHELD: Withheld = { gstPaise: 0, tcsPaise: 0, tdsPaise: 0 };

/** The platform's side of a refund: commission and each withheld tax given back. */
export interface PlatformParts extends Withheld {
  commissionPaise: number;
}

/** The commission is rounded to the nearest paisa; the editor's share is the rest, to the paisa. */
export function splitPayment(grossPaise: number, feePercent: number): OrderShares {
  const commissionPaise = percentOf(grossPaise, feePercent);
  return { commissionPaise, sharePaise: grossPaise - commissionPaise };
}

/**
 * The editor's part of a refund: the share's proportion of everything refunded so far, less what earlier
 * refunds already took from the editor. Cumulative, so refunds in any number of parts take exactly the
 * share once everything is refunded, and never more.
 */
export function editorPartOfRefund(
  order: { grossPaise: number; sharePaise: number },
  before: { refundedPaise: number; editorRefundedPaise: number },
  refundPaise: number,
): number {
  const due = proportion(order, before.refundedPaise + refundPaise) - before.editorRefundedPaise;
  return Math.max(0, Math.min(due, order.sharePaise - before.editorRefundedPaise));
}

function proportion(order: { grossPaise: number; sharePaise: number }, refundedPaise: number): number {
  if (order.grossPaise <= 0) return 0;
  return Math.floor((Math.min(refundedPaise, order.grossPaise) * order.sharePaise) / order.grossPaise);
}

export const LEDGER_ACCOUNTS = [
  'customer',
  'editor_pending',
  'editor_available',
  'editor_paid_out',
  'platform_commission',
  'gst_on_commission',
  'tcs_payable',
  'tds_payable',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type LedgerKind =
  'payment' | 'refund' | 'adjustment' | 'clearing' | 'settlement' | 'settlement_reversal';

export interface LedgerLine {
  account: LedgerAccount;
  amountPaise: number;
}

/**
 * A paid order: the customer's money becomes the commission, the taxes withheld from the share (owed to
 * the government), and the editor's pending net share.
 */
export function paymentLines(grossPaise: number, shares: OrderShares, withheld: Withheld): LedgerLine[] {
  return [
    { account: 'customer', amountPaise: -grossPaise },
    { account: 'editor_pending', amountPaise: shares.sharePaise },
    { account: 'platform_commission', amountPaise: shares.commissionPaise },
    { account: 'gst_on_commission', amountPaise: withheld.gstPaise },
    { account: 'tcs_payable', amountPaise: withheld.tcsPaise },
    { account: 'tds_payable', amountPaise: withheld.tdsPaise },
  ];
}

/**
 * The platform's side of a refund (`refundPaise − editorPart`), shared between each withheld tax and the
 * commission. Each tax gives back its proportion of everything refunded so far, less what earlier refunds
 * took, so in the end a full refund returns every tax exactly; the commission takes the rest. Rounding can
 * make that rest fall outside what the commission still holds: the difference moves to the taxes that
 * can take it, so no account ever goes below zero and the parts always add up.
 */
export function platformPartsOfRefund(
  booked: { grossPaise: number; commissionPaise: number } & Withheld,
  before: { refundedPaise: number; commissionRefundedPaise: number } & Withheld,
  refundPaise: number,
  editorPartPaise: number,
): PlatformParts {
  const platform = refundPaise - editorPartPaise;
  const cumulative = Math.min(before.refundedPaise + refundPaise, booked.grossPaise);
  const taxes = ['gstPaise', 'tcsPaise', 'tdsPaise'] as const;
  const parts: PlatformParts = { commissionPaise: 0, gstPaise: 0, tcsPaise: 0, tdsPaise: 0 };
  const room = (k: (typeof taxes)[number]) => booked[k] - before[k] - parts[k];
  for (const k of taxes) {
    const due =
      booked.grossPaise > 0 ? Math.floor((cumulative * booked[k]) / booked.grossPaise) - before[k] : 0;
    parts[k] = Math.max(0, Math.min(due, booked[k] - before[k]));
  }
  const commissionRoom = booked.commissionPaise - before.commissionRefundedPaise;
  let rest = platform - parts.gstPaise - parts.tcsPaise - parts.tdsPaise;
  // Too little left for the commission's own proportion is fine; less than zero or more than it holds is not.
  for (const k of taxes) {
    if (rest < 0) {
      const back = Math.min(parts[k], -rest);
      parts[k] -= back;
      rest += back;
    } else if (rest > commissionRoom) {
      const more = Math.min(room(k), rest - commissionRoom);
      parts[k] += more;
      rest -= more;
    }
  }
  parts.commissionPaise = rest;
  return parts;
}

/**
 * A refund: the customer gets `refundPaise` back; the editor's part comes from what the order still
 * holds as pending (nothing once cleared, less when a settlement paid part of it out early), the rest
 * from the available balance. What that balance cannot cover is a negative adjustment, recovered from
 * later earnings.
 */
export function refundLines(opts: {
  refundPaise: number;
  editorPartPaise: number;
  platform: PlatformParts;
  /** What the order still holds as pending. */
  pendingPaise: number;
  availablePaise: number;
}): { refund: LedgerLine[]; adjustment: LedgerLine[] } {
  const { refundPaise, editorPartPaise, platform, pendingPaise, availablePaise } = opts;
  const fromPending = Math.max(0, Math.min(editorPartPaise, pendingPaise));
  const rest = editorPartPaise - fromPending;
  const covered = Math.max(0, Math.min(rest, availablePaise));
  const uncovered = rest - covered;
  return {
    refund: [
      { account: 'customer', amountPaise: refundPaise - uncovered },
      { account: 'platform_commission', amountPaise: -platform.commissionPaise },
      { account: 'gst_on_commission', amountPaise: -platform.gstPaise },
      { account: 'tcs_payable', amountPaise: -platform.tcsPaise },
      { account: 'tds_payable', amountPaise: -platform.tdsPaise },
      { account: 'editor_pending', amountPaise: -fromPending },
      { account: 'editor_available', amountPaise: -covered },
    ],
    adjustment:
      uncovered > 0
        ? [
            { account: 'customer', amountPaise: uncovered },
            { account: 'editor_available', amountPaise: -uncovered },
          ]
        : [],
  };
}

/**
 * A settlement paid more than the available balance: the gateway's schedule paid shares we still count
 * as clearing. The excess leaves the orders' pending shares, oldest first, each line naming its order, so
 * the order's own clearing later moves only what it still holds.
 */
export function earlySettlementParts(
  amountPaise: number,
  availablePaise: number,
  pendingByOrder: readonly { orderId: string; pendingPaise: number }[],
): { orderId: string; amountPaise: number }[] {
  // A negative balance (a refund owed back) was taken from the vendor's balance first, so it counts.
  let left = Math.max(0, amountPaise - availablePaise);
  const parts: { orderId: string; amountPaise: number }[] = [];
  for (const o of pendingByOrder) {
    const take = Math.min(left, Math.max(0, o.pendingPaise));
    if (take <= 0) continue;
    parts.push({ orderId: o.orderId, amountPaise: take });
    left -= take;
    if (left === 0) break;
  }
  return parts;
}

export const clearingLines = (pendingPaise: number): LedgerLine[] => [
  { account: 'editor_pending', amountPaise: -pendingPaise },
  { account: 'editor_available', amountPaise: pendingPaise },
];

export const settlementLines = (amountPaise: number): LedgerLine[] => [
  { account: 'editor_available', amountPaise: -amountPaise },
  { account: 'editor_paid_out', amountPaise: amountPaise },
];

export interface Balances {
  pending: number;
  available: number;
  paidOut: number;
}

export function balancesOf(sums: Partial<Record<LedgerAccount, number>>): Balances {
  return {
    pending: sums.editor_pending ?? 0,
    available: sums.editor_available ?? 0,
    paidOut: sums.editor_paid_out ?? 0,
  };
}
