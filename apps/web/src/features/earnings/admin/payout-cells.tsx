import { Link } from 'react-router';
import type { AdminPayoutRow } from '@cutroom/contracts/payouts';
import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import { formatEarningTime, formatSignedRupees, isHeld } from '../utils/format';
import { settlementProblem } from '../components/settlements-list';
import {
  SettlementStatusBadge,
  VendorStateBadge,
  vendorHasProblem,
  vendorStateText,
} from '../components/status-badges';
import { adminVendorAdvice } from '../utils/vendor-advice';

/** Cells of a Payouts row shared by the table and the cards. */

export const FAILURES_SECTION_ID = 'payout-failures';

const link =
  'font-semibold break-words text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

const METHOD_LABELS = { bank: 'Bank account', upi: 'UPI id' } as const;

export function EditorCell({ row }: { row: AdminPayoutRow }) {
  return (
    <>
      <Link
        to={`/admin/dashboard/edit-editor/${encodeURIComponent(row.editor.id)}`}
        className={link}
        aria-label={`Edit editor ${row.editor.name}`}
      >
        {row.editor.name}
      </Link>
      <span className="block text-xs break-words text-slate-500">
        {row.editor.username ? `@${row.editor.username}` : 'No username'}
      </span>
    </>
  );
}

/** The vendor account at the gateway, the masked payout method, and any hold after a change. */
export function AccountCell({ row }: { row: AdminPayoutRow }) {
  const problem = vendorHasProblem(row.vendorState) && row.vendorError;
  const advice = adminVendorAdvice(row);
  return (
    <div className="space-y-1">
      <VendorStateBadge state={row.vendorState} />
      {problem && (
        <span className="block text-xs break-words text-red-700">
          {vendorStateText(row.vendorState, row.vendorError)}
        </span>
      )}
      {advice && <span className="block text-xs break-words text-slate-600">{advice}</span>}
      {row.gatewayStatus && row.vendorState !== 'active' && (
        <span className="block text-xs break-words text-slate-500">
          Gateway status: <span className="font-mono">{row.gatewayStatus}</span>
        </span>
      )}
      {row.method && row.masked ? (
        <span className="block break-words">
          <span className="text-xs text-slate-500">{METHOD_LABELS[row.method]}: </span>
          <span className="font-mono text-xs text-slate-800">{row.masked}</span>
        </span>
      ) : (
        <span className="block text-xs text-slate-500">No payout details</span>
      )}
      {isHeld(row.heldUntil) && (
        <span className="block text-xs font-medium text-amber-800">
          Held until <time dateTime={row.heldUntil!}>{formatEarningTime(row.heldUntil!)}</time>
        </span>
      )}
    </div>
  );
}

export function Money({ amount }: { amount: number }) {
  return (
    <span className={amount < 0 ? 'font-semibold text-red-700 tabular-nums' : 'tabular-nums'}>
      {formatSignedRupees(amount)}
    </span>
  );
}

export function LastSettlementCell({ row }: { row: AdminPayoutRow }) {
  const s = row.lastSettlement;
  if (!s) return <span className="text-slate-400">—</span>;
  const when = s.settledAt ?? s.initiatedAt;
  const problem = settlementProblem(s);
  return (
    <div className="space-y-1">
      <span className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-slate-900 tabular-nums">{formatPayoutRupees(s.amount)}</span>
        <SettlementStatusBadge status={s.status} />
      </span>
      {s.utr && (
        <span className="block text-xs break-all text-slate-500">
          UTR <span className="font-mono text-slate-700">{s.utr}</span>
        </span>
      )}
      {when && (
        <time dateTime={when} className="block text-xs text-slate-500">
          {formatEarningTime(when)}
        </time>
      )}
      {problem && s.reason && <span className="block text-xs break-words text-red-700">{s.reason}</span>}
    </div>
  );
}

/** The count of failures waiting for Retry, leading to the Failures section below. */
export function FailuresCell({ row }: { row: AdminPayoutRow }) {
  if (row.failures === 0) return <span className="text-slate-400">0</span>;
  return (
    <a
      href={`#${FAILURES_SECTION_ID}`}
      className={`${link} text-red-700`}
      aria-label={`${row.failures} failed ${row.failures === 1 ? 'payout step' : 'payout steps'} of ${row.editor.name}: see Failures`}
    >
      {row.failures}
    </a>
  );
}
