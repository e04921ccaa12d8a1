import { lazy, Suspense, useState } from 'react';
import type { Order } from '@cutroom/contracts/orders';
import { useOrderAction, type OrderStep } from '../hooks/use-order-action';
import { showDeliveryToReview } from '../utils/show-delivery-to-review';
import { OrderActionButtons, type OrderDialog } from './order-action-buttons';
import { OrderStepDialogs } from './order-step-dialogs';

// The payment modal (form, Cashfree loader) is only downloaded when a creator pays.
const PaymentModal = lazy(() =>
  import('../checkout/payment-modal').then((m) => ({ default: m.PaymentModal })),
);

export type OrderSide = 'creator' | 'editor';

/**
 * The buttons of one order, strictly those the server lists in `order.actions` for this viewer. Paying
 * opens the payment modal; 'deliver' is a shortcut into the delivery form; 'review' happens on the
 * delivery card.
 */
export function OrderActions(props: {
  order: Order;
  side: OrderSide;
  /** The room is frozen or ended: nothing new can be delivered. */
  closed: boolean;
  onDeliver?: (orderId: string) => void;
  onOpenDispute?: () => void;
}) {
  const { order, side } = props;
  const [dialog, setDialog] = useState<OrderDialog | null>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const step = useOrderAction(order, (next, done) => {
    setDialog(null);
    // 'Accept & pay now' goes straight on to paying, with the order as accepted.
    if (done.action === 'accept' && done.payNow && next.actions.includes('pay')) setPaying(next);
  });
  const busy = step.isPending;
  const isPending = (action: OrderStep['action'], payNow?: boolean) =>
    busy &&
    step.variables?.action === action &&
    (payNow === undefined || (step.variables.action === 'accept' && step.variables.payNow === payNow));
  const go = (s: OrderStep) => step.mutate(s);
  // A dialog opens clean: a refusal said in it belongs to its own last try only.
  const openDialog = (d: OrderDialog | null) => {
    if (d !== dialog) step.reset();
    setDialog(d);
  };
  const refusal = step.isError && step.variables?.action === dialog ? step.error : null;
  // A dialog whose step the order no longer offers (the other side answered or withdrew meanwhile, live)
  // closes, rather than wait to open again by itself when the step comes back.
  if (dialog !== null && !order.actions.includes(dialog)) setDialog(null);

  return (
    <>
      {order.actions.includes('review') && (
        <p className="text-sm text-slate-600">
          Review the delivery under Deliveries: approve it or ask for changes.{' '}
          <button
            type="button"
            className="rounded font-semibold text-brand-700 underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            onClick={() => showDeliveryToReview(order.roomId)}
          >
            Show the delivery
          </button>
        </p>
      )}
      <OrderActionButtons
        order={order}
        closed={props.closed}
        busy={busy}
        isPending={isPending}
        onStep={go}
        onDialog={openDialog}
        onPay={() => setPaying(order)}
        onDeliver={props.onDeliver}
        onOpenDispute={props.onOpenDispute}
      />

      <OrderStepDialogs
        order={order}
        other={side === 'creator' ? 'editor' : 'creator'}
        open={dialog}
        onOpenChange={openDialog}
        isPending={isPending}
        error={refusal}
        onStep={go}
      />

      {paying && (
        <Suspense fallback={null}>
          <PaymentModal
            open
            onOpenChange={(o) => !o && setPaying(null)}
            editorName={paying.editor.username}
            target={{ kind: 'order', order: paying }}
          />
        </Suspense>
      )}
    </>
  );
}
