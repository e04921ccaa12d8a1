import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { EarningRow } from '@cutroom/contracts/payouts';
import { EARNING_GATEWAY_LABELS, formatPayoutRupees } from '@cutroom/contracts/payouts';
import { cn } from '../../../lib/cn';
import { formatEarningDay, formatSignedRupees } from '../utils/format';
import { PAYOUT_DETAILS_HEADING_ID } from './payout-details-panel';

/** Pieces of an earnings row shared by the wide table and the narrow cards, so both say the same. */

const link =
  'font-semibold break-words text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

/**
 * The order's reference, leading to the editor's orders list (an earnings row carries no chat room, so it
 * cannot open the order's chat as the orders list does).
 */
export function EarningOrderLink({ row }: { row: EarningRow }) {
  return (
    <Link to="/profile/orders" className={link} aria-label={`Order ${row.reference} in your orders`}>
      {row.reference}
    </Link>
  );
}

export function EarningGross({ row }: { row: EarningRow }) {
  return (
    <>
      <span className="tabular-nums">{formatPayoutRupees(row.gross)}</span>
      {row.refunded > 0 && (
        <span className="block text-xs text-slate-500">
          after {formatPayoutRupees(row.refunded)} refunded
        </span>
      )}
    </>
  );
}

/**
 * The commission's taxable value, then the platform's fee it comes from: the fee is `feePercent` of the
 * gross with the GST on the commission inside it, so the percentage belongs to the fee, not to this amount.
 */
export function EarningCommission({ row }: { row: EarningRow }) {
  return (
    <>
      <span className="tabular-nums">{formatPayoutRupees(row.commission)}</span> <EarningFeeNote row={row} />
    </>
  );
}

export const feeNote = (feePercent: number) => `Fee ${feePercent}% (GST included)`;

export function EarningFeeNote({ row }: { row: EarningRow }) {
  return <span className="block text-xs text-slate-500">{feeNote(row.feePercent)}</span>;
}

/** GST on the commission, TCS or TDS: a dash when nothing was taken, so a zero does not read as missing data. */
export function EarningTax({ amount }: { amount: number }) {
  if (amount === 0) {
    return (
      <span className="text-slate-400">
        <span aria-hidden>—</span>
        <span className="sr-only">none</span>
      </span>
    );
  }
  return <span className="tabular-nums">{formatSignedRupees(amount)}</span>;
}

/** The order's deductions in the chain's order, for the table's columns and the card's lines alike. */
export const EARNING_TAXES = [
  { key: 'gstOnCommission', label: 'GST on commission' },
  { key: 'tcs', label: 'TCS' },
  { key: 'tds', label: 'TDS' },
] as const satisfies readonly { key: keyof EarningRow; label: string }[];

/** Net: what reaches the editor after the commission, its GST, TCS and TDS. */
export function EarningShare({ row }: { row: EarningRow }) {
  return (
    <span className={row.share < 0 ? 'font-semibold text-red-700' : 'font-semibold text-slate-900'}>
      {formatSignedRupees(row.share)}
    </span>
  );
}

/** When the share becomes available: a date once the order is completed. */
export function EarningAvailableAt({ row }: { row: EarningRow }) {
  if (row.availableAt) {
    return <time dateTime={row.availableAt}>{formatEarningDay(row.availableAt)}</time>;
  }
  if (row.state === 'in_progress') return <span className="text-slate-500">When completed</span>;
  return <span className="text-slate-400">—</span>;
}

/**
 * Where the payment gateway stands with the share, said under the state badge: being split, held until
 * it clears, released. Nothing once it is paid out or refunded (the badge says it all). 'Waiting' leads to
 * the Payout details panel, which says what the account is waiting for; a failed split is ours to fix, so
 * it reads as quietly as the rest.
 */
export function EarningGatewayNote({ row, className }: { row: EarningRow; className?: string }) {
  if (!row.gateway || row.state === 'paid_out' || row.state === 'refunded') return null;
  const label = EARNING_GATEWAY_LABELS[row.gateway];
  return (
    <span className={cn('block text-xs break-words text-slate-600', className)} data-testid="earning-gateway">
      {row.gateway === 'waiting' ? (
        <>
          {label}:{' '}
          <a
            href={`#${PAYOUT_DETAILS_HEADING_ID}`}
            className={cn(link, 'whitespace-nowrap')}
            onClick={toPayoutDetails}
          >
            see Payout details
          </a>
        </>
      ) : (
        label
      )}
    </span>
  );
}

/**
 * Brings the Payout details panel into view and puts the focus on its heading, by hand rather than by
 * following the hash (which would go through the router and leave #… in the address).
 */
function toPayoutDetails(e: MouseEvent<HTMLAnchorElement>) {
  const heading = document.getElementById(PAYOUT_DETAILS_HEADING_ID);
  if (!heading) return;
  e.preventDefault();
  heading.scrollIntoView({ block: 'start' });
  heading.focus({ preventScroll: true });
}
