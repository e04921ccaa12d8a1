import { CheckCircle2 } from 'lucide-react';
import { Link } from 'react-router';
import { orderPaymentLabel, type Order } from '@cutroom/contracts/orders';
import { useLiveOrder } from '../hooks/use-live-order';

/**
 * Under a Pay Now whose checkout this tab opened: the order as it is now, kept live (useLiveOrder). Once
 * it is paid, the caller hides its Pay Now (`onPaid`), so nobody pays twice thinking the first did not
 * go through.
 */
export function CheckoutFollow({ orderId }: { orderId: string }) {
  const live = useLiveOrder(orderId);
  const order = live.data?.data;
  if (!order) return null;
  if (isSettled(order)) {
    return (
      <div
        role="status"
        data-testid="checkout-follow"
        data-paid="true"
        className="flex items-start gap-2 rounded-xl bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      >
        <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
        <p className="min-w-0">
          {orderPaymentLabel(order)} · order {order.reference} is {order.statusLabel.toLowerCase()}.{' '}
          <Link
            to={`/chat?roomId=${encodeURIComponent(order.roomId)}`}
            className="rounded font-semibold whitespace-nowrap text-emerald-800 underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            Open the chat
          </Link>
        </p>
      </div>
    );
  }
  return (
    <p role="status" data-testid="checkout-follow" data-paid="false" className="text-sm text-slate-600">
      Checkout for order {order.reference} is open in another tab. This page updates when the payment arrives.
    </p>
  );
}

/** Paid, or past paying (refunded, cancelled): Pay Now has nothing left to do for this order. */
export const isSettled = (o: Order) => o.paid || o.refundedAmount > 0 || !o.actions.includes('pay');

/** The live order's settled state, for a caller that hides its Pay Now once paid. */
export function useCheckoutSettled(orderId: string | null): boolean {
  const order = useLiveOrder(orderId).data?.data;
  return order ? isSettled(order) : false;
}
