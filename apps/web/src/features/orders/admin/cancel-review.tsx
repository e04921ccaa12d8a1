import { ORDER_TEXTS, type AdminCancelInput, type Order } from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { OrderMoneySummary, useOrderMoneyReady } from '../../payments';
import { previewRefundOf } from './cancel-form';

/** The cancellation about to be made: what goes back and what each side keeps; only its button acts. */
export function CancelReview(props: {
  order: Order;
  input: AdminCancelInput;
  pending: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { order } = props;
  const refund = previewRefundOf(props.input);
  const ready = useOrderMoneyReady(order._id, refund, order.paid);
  return (
    <section className="space-y-4" aria-label="Confirm the cancellation">
      <h3 className="text-sm font-semibold text-slate-900">Cancel order {order.reference}?</h3>
      {order.paid ? (
        <OrderMoneySummary
          orderId={order._id}
          refund={refund}
          creator={order.creator.username}
          editor={order.editor.username}
          label="What this cancellation moves"
        />
      ) : (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700">
          Nothing was paid: nothing goes back. A payment that lands meanwhile is refunded in full.
        </p>
      )}
      {props.error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
          {props.error}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onBack} disabled={props.pending}>
          Back
        </Button>
        <Button
          variant="danger"
          onClick={props.onConfirm}
          disabled={props.pending || (order.paid && !ready)}
          aria-busy={props.pending}
        >
          {props.pending ? 'Cancelling...' : ORDER_TEXTS.cancel}
        </Button>
      </div>
    </section>
  );
}
