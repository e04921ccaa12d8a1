import type { ReactNode } from 'react';
import { CLOSED_ORDER_STATUSES, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { cn } from '../../../lib/cn';
import { OrderFiles } from '../../files';
import { daysLabel, formatOrderDate, orderPlanLabel } from '../utils/format';
import { OrderActions, type OrderSide } from './order-actions';
import type { OrderDisputeParts } from './order-dispute-parts';
import { OrderDetails } from './order-details';
import { OrderDocuments } from './order-documents';
import { OrderReview } from './order-review';
import {
  CancellationNotice,
  ExtensionNotice,
  ExtraRevisionNotice,
  nextStepHint,
  SettlementNotice,
} from './order-notices';
import { OrderStatusBadge } from './order-status-badge';
import { orderPaymentLabel } from '@cutroom/contracts/orders';

function Term({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={cn('font-semibold text-slate-900', className)}>{children}</dd>
    </div>
  );
}

/** Whether money is involved yet: offers and orders that never started have no payment to speak of. */
const hasPaymentState = (o: Order) =>
  o.status !== 'offered' && (!CLOSED_ORDER_STATUSES.includes(o.status) || o.paid || o.refundedAmount > 0);

/** Said once for every screen by the contracts' orderPaymentLabel ('Paid ₹6,999 · Refunded ₹2,500'). */
function PaymentState({ order }: { order: Order }) {
  const tone =
    order.refundedAmount > 0 ? 'text-amber-800' : order.paid ? 'text-emerald-700' : 'text-slate-600';
  return <span className={tone}>{orderPaymentLabel(order)}</span>;
}

/** One order or offer as both sides of the chat see it, with the steps open to the viewer. */
export function OrderCard(props: {
  order: Order;
  side: OrderSide;
  closed: boolean;
  onDeliver?: (orderId: string) => void;
  /** The order's dispute (the disputes feature's notice), and 'Open a dispute' opening its form. */
  disputes?: { Notice: OrderDisputeParts['Notice']; onOpen: (orderId: string) => void };
}) {
  const { order: o, side, disputes } = props;
  const hint = nextStepHint(o, side);
  const revisions =
    o.status === 'offered'
      ? `${o.revisionsIncluded} included`
      : `${o.revisionsLeft} left of ${o.revisionsIncluded}`;

  return (
    <article
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      aria-labelledby={`order-${o._id}-title`}
      data-testid="order-card"
      data-status={o.status}
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-mono text-xs text-slate-500">
            {o.reference} · {orderPlanLabel(o.tier)}
          </p>
          <h3 id={`order-${o._id}-title`} className="font-bold break-words text-slate-900">
            {o.title}
          </h3>
        </div>
        <OrderStatusBadge order={o} />
      </header>

      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Term label="Price">
          {formatRupees(o.amount)}
          {o.startingPrice && <span className="font-normal text-slate-500"> (starting price)</span>}
        </Term>
        <Term label="Delivery">{daysLabel(o.deliveryDays)}</Term>
        <Term label="Revisions">{revisions}</Term>
        {hasPaymentState(o) && (
          <Term label="Payment">
            <PaymentState order={o} />
          </Term>
        )}
        {o.status === 'offered' && o.offerExpiresAt && (
          <Term label="Offer expires">{formatOrderDate(o.offerExpiresAt)}</Term>
        )}
        {o.dueAt && !CLOSED_ORDER_STATUSES.includes(o.status) && o.status !== 'completed' && (
          <Term label="Due" className={o.late ? 'text-red-700' : undefined}>
            {formatOrderDate(o.dueAt)}
            {o.late && ' · Late'}
          </Term>
        )}
      </dl>

      <CancellationNotice order={o} side={side} />
      <ExtensionNotice order={o} side={side} />
      <SettlementNotice order={o} side={side} />
      <ExtraRevisionNotice order={o} side={side} />
      {disputes && <disputes.Notice order={o} side={side} />}
      {/* The steps come right after the terms: in the chat's short strip on a phone they stay in view. */}
      <OrderActions
        order={o}
        side={side}
        closed={props.closed}
        onDeliver={props.onDeliver}
        onOpenDispute={disputes && (() => disputes.onOpen(o._id))}
      />
      <OrderReview order={o} side={side} />
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
      <OrderDetails order={o} />
      <OrderFiles order={o} />
      <OrderDocuments order={o} />
    </article>
  );
}
