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
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

export type LedgerKind =
  'payment' | 'refund' | 'adjustment' | 'clearing' | 'settlement' | 'settlement_reversal';

export interface LedgerLine {
  account: LedgerAccount;
  amountPaise: number;
}

/** A paid order: the customer's money becomes the editor's pending share and the commission. */
export function paymentLines(grossPaise: number, shares: OrderShares): LedgerLine[] {
  return [
    { account: 'customer', amountPaise: -grossPaise },
    { account: 'editor_pending', amountPaise: shares.sharePaise },
    { account: 'platform_commission', amountPaise: shares.commissionPaise },
  ];
}

/**
 * A refund: the customer gets `refundPaise` back; the editor's part comes from the pending share if the
 * order has not cleared, else from the available balance. What the available balance cannot cover is a
 * negative adjustment, recovered from later earnings.
 */
export function refundLines(opts: {
  refundPaise: number;
  editorPartPaise: number;
  cleared: boolean;
  availablePaise: number;
}): { refund: LedgerLine[]; adjustment: LedgerLine[] } {
  const { refundPaise, editorPartPaise, cleared, availablePaise } = opts;
  const customer: LedgerLine = { account: 'customer', amountPaise: refundPaise };
  const commission: LedgerLine = {
    account: 'platform_commission',
    amountPaise: -(refundPaise - editorPartPaise),
  };
  if (!cleared) {
    return {
      refund: [customer, commission, { account: 'editor_pending', amountPaise: -editorPartPaise }],
      adjustment: [],
    };
  }
  const covered = Math.max(0, Math.min(editorPartPaise, availablePaise));
  const uncovered = editorPartPaise - covered;
  return {
    refund: [
      { ...customer, amountPaise: refundPaise - uncovered },
      commission,
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
