import type { OrderMoney } from '@cutroom/contracts';
import { formatRupees } from '@cutroom/contracts/price';
import { Spinner } from '../../../components/ui/spinner';
import { useOrderMoney } from '../api/get-order-money';

export interface Line {
  label: string;
  amount: string;
  strong?: boolean;
}

/** Money lines as a definition list: what, and how much, right-aligned. */
export function Lines({ lines, label }: { lines: Line[]; label: string }) {
  return (
    <dl
      aria-label={label}
      data-testid="money-summary"
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 rounded-xl bg-slate-50 p-4 text-sm"
    >
      {lines.map((l) => (
        <div key={l.label} className="contents">
          <dt className="text-slate-600">{l.label}</dt>
          <dd
            className={
              l.strong ? 'text-right font-semibold text-slate-900' : 'text-right font-medium text-slate-800'
            }
          >
            {l.amount}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export const minus = (n: number) => (n > 0 ? `−${formatRupees(n)}` : formatRupees(0));

/** What a refund moves: back to the creator, out of each side's part, and what each keeps after it. */
export function refundLines(m: OrderMoney, names: { creator: string; editor: string }): Line[] {
  const r = m.refund;
  if (!r || r.amount === 0) {
    return [
      { label: `Back to ${names.creator}`, amount: formatRupees(0), strong: true },
      { label: `${names.editor} keeps`, amount: formatRupees(m.editorKeeps) },
      { label: 'The platform keeps', amount: formatRupees(m.platformKeeps) },
    ];
  }
  return [
    { label: `Back to ${names.creator}`, amount: formatRupees(r.amount), strong: true },
    { label: `From ${names.editor}'s share`, amount: minus(r.fromEditor) },
    { label: 'From the platform commission', amount: minus(r.fromPlatform) },
    { label: `${names.editor} keeps`, amount: formatRupees(r.editorKeeps), strong: true },
    { label: 'The platform keeps', amount: formatRupees(r.platformKeeps), strong: true },
  ];
}

/** Where the creator's money goes when they approve: the editor's share and the commission. */
export function approvalLines(m: OrderMoney, editor: string): Line[] {
  const lines: Line[] = [{ label: m.paid ? 'You paid' : 'You pay next', amount: formatRupees(m.amount) }];
  if (m.refunded > 0) lines.push({ label: 'Refunded to you', amount: minus(m.refunded) });
  lines.push(
    { label: `To ${editor}`, amount: formatRupees(m.editorKeeps), strong: true },
    { label: `Platform commission (${m.feePercent}%)`, amount: formatRupees(m.platformKeeps) },
  );
  return lines;
}

/**
 * The money lines of a confirmation, from the server's figures (GET /api/orders/{id}/money): never
 * computed here, so what the person agrees to is what the ledger books.
 */
export function OrderMoneySummary(props: {
  orderId: string;
  /** An admin's refund to preview; absent for an approval. */
  refund?: 'full' | number;
  creator: string;
  editor: string;
  label: string;
}) {
  const money = useOrderMoney(props.orderId, props.refund);
  if (money.isPending) return <Spinner />;
  if (money.isError) {
    return (
      <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
        {money.error.message || 'The amounts could not be loaded.'}
      </p>
    );
  }
  const lines =
    props.refund === undefined
      ? approvalLines(money.data, props.editor)
      : refundLines(money.data, { creator: props.creator, editor: props.editor });
  return <Lines lines={lines} label={props.label} />;
}

/** Whether the summary's figures are on screen (a confirm button waits for them). */
export function useOrderMoneyReady(orderId: string, refund?: 'full' | number, enabled = true): boolean {
  return useOrderMoney(orderId, refund, { enabled }).isSuccess;
}
