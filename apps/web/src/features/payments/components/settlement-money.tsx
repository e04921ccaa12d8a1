import type { OrderMoney } from '@cutroom/contracts';
import { ORDER_MESSAGES } from '@cutroom/contracts/orders';
import { paiseFromRupees, rupeesFromPaise } from '@cutroom/contracts/money';
import { formatRupees } from '@cutroom/contracts/price';
import { Spinner } from '../../../components/ui/spinner';
import { useOrderMoney } from '../api/get-order-money';
import { Lines, minus, type Line } from './money-summary';

/** What completing at `keep` rupees gives back: what remains paid, in the server's figures, less `keep`. */
const backOf = (m: OrderMoney, keep: number) =>
  rupeesFromPaise(paiseFromRupees(m.refundable) - paiseFromRupees(keep));

/** Whether the order can still complete at `keep`: the server refuses an amount not below what remains. */
const settleable = (m: OrderMoney, keep: number) => m.paid && backOf(m, keep) > 0;

/**
 * A proposal to complete the order at `keep` rupees: what was paid, what came back already, what goes
 * back now and what the order completes at.
 */
export function settlementLines(m: OrderMoney, keep: number, names: { creator: string }): Line[] {
  const you = names.creator === 'you';
  const lines: Line[] = [{ label: you ? 'You paid' : 'The creator paid', amount: formatRupees(m.amount) }];
  if (m.refunded > 0) lines.push({ label: 'Refunded so far', amount: minus(m.refunded) });
  lines.push(
    { label: `Back to ${names.creator}`, amount: formatRupees(backOf(m, keep)), strong: true },
    { label: 'The order completes at', amount: formatRupees(keep), strong: true },
  );
  return lines;
}

/**
 * The money of accepting a proposal to complete the order at `keep` rupees, from the server's figures
 * (GET /api/orders/{id}/money): what was paid and refunded is the ledger's, never the page's. The editor's
 * share and the commission follow the amount that stays, as the ledger takes any refund.
 */
export function SettlementMoneySummary(props: {
  orderId: string;
  keep: number;
  /** Who gets the money back, as the reader is named: 'you' for the creator. */
  creator: string;
  /** 'you' for the editor. */
  editor: string;
}) {
  const money = useOrderMoney(props.orderId);
  if (money.isPending) return <Spinner />;
  if (money.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
        {money.error.message || 'The amounts could not be loaded.'}
      </p>
    );
  }
  const m = money.data;
  if (!settleable(m, props.keep)) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
        {ORDER_MESSAGES.settlementTooLarge(formatRupees(m.refundable))}
      </p>
    );
  }
  const share = props.editor === 'you' ? 'Your share' : "The editor's share";
  return (
    <div className="space-y-2">
      <Lines lines={settlementLines(m, props.keep, props)} label="Where the money goes" />
      <p className="text-xs text-slate-600" data-testid="settlement-split">
        {share} and the platform commission ({m.feePercent}%) follow the {formatRupees(props.keep)} that
        stays.
      </p>
    </div>
  );
}

/** Whether the summary's figures are on screen and the amount can still be agreed (Accept waits for it). */
export function useSettlementMoneyReady(orderId: string, keep: number): boolean {
  const money = useOrderMoney(orderId);
  return money.isSuccess && settleable(money.data, keep);
}
