import { Check } from 'lucide-react';
import { ORDER_TEXTS, type Order, type TierTerms } from '@cutroom/contracts/orders';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { formatRupees } from '@cutroom/contracts/price';
import { daysLabel, revisionsLabel } from '../utils/format';
import { planLabel } from '../../payments';

/** An order as far as paying for it needs; days and revisions are shown when known. */
export type PayableOrder = Pick<Order, '_id' | 'reference' | 'title' | 'amount'> &
  Partial<Pick<Order, 'tier' | 'deliveryDays' | 'revisionsIncluded'>>;

const dt = 'text-slate-500';
const dd = 'font-semibold text-slate-900';

/** Pay Now on a tier: exactly what the tier's price buys (the server applies the same `tierTerms`). */
export function TierPurchaseSummary(props: { editorName: string; tier: TierTitle; terms: TierTerms }) {
  const { terms } = props;
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-4 text-sm">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2">
        <dt className={dt}>Editor</dt>
        <dd className={dd} data-testid="payment-editor">
          {props.editorName}
        </dd>
        <dt className={dt}>Plan</dt>
        <dd className={dd} data-testid="payment-plan">
          {planLabel(props.tier)}
        </dd>
        <dt className={dt}>Delivery</dt>
        <dd className={dd}>{daysLabel(terms.deliveryDays)}</dd>
        <dt className={dt}>Revisions</dt>
        <dd className={dd}>{revisionsLabel(terms.revisions)}</dd>
        <dt className={dt}>Amount</dt>
        <dd className="text-lg font-extrabold text-slate-900" data-testid="payment-amount">
          {formatRupees(terms.amount)}
        </dd>
      </dl>
      {terms.features.length > 0 && (
        <div>
          <p className="font-medium text-slate-700">Included</p>
          <ul className="mt-1 space-y-1" aria-label="Included in this plan">
            {terms.features.map((f) => (
              <li key={f} className="flex gap-2 text-slate-700">
                <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden /> {f}
              </li>
            ))}
          </ul>
        </div>
      )}
      {terms.startingPrice && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900" data-testid="payment-starting-price">
          {ORDER_TEXTS.startingPrice}
        </p>
      )}
    </div>
  );
}

/** Paying an order already agreed in the chat: its reference, title and terms. */
export function OrderPaymentSummary(props: { editorName: string; order: PayableOrder }) {
  const { order } = props;
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 rounded-xl bg-slate-50 p-4 text-sm">
      <dt className={dt}>Order</dt>
      <dd className={`${dd} break-words`} data-testid="payment-order">
        <span className="font-mono text-xs text-slate-500">{order.reference}</span> {order.title}
      </dd>
      <dt className={dt}>Editor</dt>
      <dd className={dd} data-testid="payment-editor">
        {props.editorName}
      </dd>
      {order.tier !== undefined && (
        <>
          <dt className={dt}>Plan</dt>
          <dd className={dd} data-testid="payment-plan">
            {planLabel(order.tier)}
          </dd>
        </>
      )}
      {order.deliveryDays !== undefined && (
        <>
          <dt className={dt}>Delivery</dt>
          <dd className={dd}>{daysLabel(order.deliveryDays)}</dd>
        </>
      )}
      {order.revisionsIncluded !== undefined && (
        <>
          <dt className={dt}>Revisions</dt>
          <dd className={dd}>{revisionsLabel(order.revisionsIncluded)}</dd>
        </>
      )}
      <dt className={dt}>Amount</dt>
      <dd className="text-lg font-extrabold text-slate-900" data-testid="payment-amount">
        {formatRupees(order.amount)}
      </dd>
    </dl>
  );
}
