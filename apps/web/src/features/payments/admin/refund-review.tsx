import type { Payment } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { OrderMoneySummary, useOrderMoneyReady } from '../components/money-summary';

/** What the form says when the admin has not chosen between a full and a partial refund. */
export const REFUND_CHOICE_TEXT = 'Choose a full refund or a partial refund';

const CHOICES = [
  { value: 'full', label: 'Full refund', hint: (r: string) => `All that remains (${r}).` },
  { value: 'partial', label: 'Partial refund', hint: (r: string) => `An amount you enter, up to ${r}.` },
] as const;

/** Full or partial, neither chosen at first: an empty amount no longer means "everything". */
export function RefundChoices(props: {
  choice: 'full' | 'partial' | null;
  onChoose: (c: 'full' | 'partial') => void;
  remaining: number;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">What goes back</legend>
      {CHOICES.map((c) => (
        <label
          key={c.value}
          className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
        >
          <input
            type="radio"
            name="refund-choice"
            value={c.value}
            checked={props.choice === c.value}
            onChange={() => props.onChoose(c.value)}
            className="mt-0.5 size-4 accent-brand-600"
          />
          <span>
            <span className="block text-sm font-semibold text-slate-900">{c.label}</span>
            <span className="block text-xs text-slate-500">{c.hint(formatRupees(props.remaining))}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The refund about to be made, in the server's figures; only Confirm makes it. */
export function RefundReview(props: {
  payment: Payment;
  refund: 'full' | number;
  remaining: number;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const orderId = props.payment.order?._id;
  // A payment made before orders existed has no split to show: only what goes back.
  const ready = useOrderMoneyReady(orderId ?? '', props.refund, Boolean(orderId));
  const amount = props.refund === 'full' ? props.remaining : props.refund;
  return (
    <section className="mt-5 space-y-4" aria-label="Confirm the refund">
      <h3 className="text-sm font-semibold text-slate-900">
        Refund {formatRupees(amount)} to {props.payment.creator.username}?
      </h3>
      {orderId ? (
        <OrderMoneySummary
          orderId={orderId}
          refund={props.refund}
          creator={props.payment.creator.username}
          editor={props.payment.editor.username}
          label="What this refund moves"
        />
      ) : (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          {formatRupees(amount)} goes back to {props.payment.creator.username}.
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onBack} disabled={props.pending}>
          Back
        </Button>
        <Button
          variant="danger"
          onClick={props.onConfirm}
          disabled={props.pending || (Boolean(orderId) && !ready)}
          aria-busy={props.pending}
        >
          {props.pending ? 'Refunding...' : 'Confirm refund'}
        </Button>
      </div>
    </section>
  );
}
