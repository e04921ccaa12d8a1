import { Link } from 'react-router';
import { MessageSquare, Receipt } from 'lucide-react';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { buttonClass } from '../../../components/ui/button';
import { formatOrderDay } from '../utils/format';
import { PAYMENT_REFERENCE_LABEL, orderPaymentLabel } from '@cutroom/contracts/orders';

/** Pieces of an order row shared by the wide table and the narrow cards, so both say the same. */

export type OrdersViewer = 'creator' | 'editor';

/** Creators deal with an editor and editors with a creator: show the other side. */
export const counterpartLabel = (viewer: OrdersViewer) => (viewer === 'creator' ? 'Editor' : 'Creator');
export const counterpartName = (order: Order, viewer: OrdersViewer) =>
  viewer === 'creator' ? order.editor.username : order.creator.username;

export function OrderPrice({ order }: { order: Order }) {
  return (
    <>
      <span className="font-semibold text-slate-900">{formatRupees(order.amount)}</span>
      {order.startingPrice && <span className="block text-xs text-slate-500">starting price</span>}
    </>
  );
}

/** The due date once work has a deadline; an offer shows when it lapses instead. */
export function OrderDue({ order }: { order: Order }) {
  if (order.dueAt) {
    return (
      <time dateTime={order.dueAt} className={order.late ? 'font-semibold text-red-700' : undefined}>
        {formatOrderDay(order.dueAt)}
      </time>
    );
  }
  if (order.status === 'offered' && order.offerExpiresAt) {
    return (
      <span className="text-slate-500">
        Offer until <time dateTime={order.offerExpiresAt}>{formatOrderDay(order.offerExpiresAt)}</time>
      </span>
    );
  }
  return <span className="text-slate-400">—</span>;
}

/** Paid or not, what came back, and the gateway's order id that Payment History lists. */
export function OrderPaid({ order }: { order: Order }) {
  return (
    <>
      <span
        className={order.paid || order.refundedAmount > 0 ? 'font-medium text-emerald-700' : 'text-slate-500'}
      >
        {orderPaymentLabel(order)}
      </span>
      {order.paymentOrderId && (
        <span className="block font-mono text-xs break-all text-slate-500" title={PAYMENT_REFERENCE_LABEL}>
          {order.paymentOrderId}
        </span>
      )}
    </>
  );
}

/** Where to go from an order: its chat, and Payment History once there is a payment to find there. */
export function OrderLinks({ order }: { order: Order }) {
  return (
    <span className="flex flex-wrap gap-2">
      <Link
        to={`/chat?roomId=${encodeURIComponent(order.roomId)}`}
        className={buttonClass('secondary', 'sm')}
        aria-label={`Chat about ${order.reference}`}
      >
        <MessageSquare className="size-4" aria-hidden /> Chat
      </Link>
      {order.paymentOrderId && (
        <Link
          to="/profile"
          className={buttonClass('ghost', 'sm')}
          aria-label={`Payment of ${order.reference} in Payment History`}
        >
          <Receipt className="size-4" aria-hidden /> Payment
        </Link>
      )}
    </span>
  );
}
