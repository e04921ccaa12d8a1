import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Loader2, Upload } from 'lucide-react';
import { ORDER_DEFAULTS, ORDER_TEXTS, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { OrderStepDialog } from './order-step-dialog';
import { useOrderAction, type OrderStep } from '../hooks/use-order-action';

// The payment modal (form, Cashfree loader) is only downloaded when a creator pays.
const PaymentModal = lazy(() =>
  import('../checkout/payment-modal').then((m) => ({ default: m.PaymentModal })),
);

export type OrderSide = 'creator' | 'editor';

/**
 * Scrolls the room's Deliveries panel to the delivery waiting for review (or to the panel, if it is folded):
 * the order card above it can fill the chat's strip and hide it. The card's top comes into view, then its
 * Approve / Request changes, should the card be taller than the strip (a phone).
 */
function showDeliveryToReview(roomId: string) {
  const panel = document.getElementById(`deliveries-${roomId}`);
  const card = panel?.querySelector<HTMLElement>('[data-testid="delivery-card"][data-status="sent"]');
  if (!card) {
    panel?.closest('section')?.scrollIntoView({ block: 'start' });
    return;
  }
  card.scrollIntoView({ block: 'start' });
  card.querySelector('[data-review-actions]')?.scrollIntoView({ block: 'nearest' });
}

type Dialog = 'cancel' | 'request_cancellation' | 'accept_cancellation' | null;

function StepButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button size="sm" aria-busy={pending} {...props}>
      {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

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
}) {
  const { order, side } = props;
  const [dialog, setDialog] = useState<Dialog>(null);
  const [paying, setPaying] = useState<Order | null>(null);
  const step = useOrderAction(order, (next, done) => {
    setDialog(null);
    // 'Accept & pay now' goes straight on to paying, with the order as accepted.
    if (done.action === 'accept' && done.payNow && next.actions.includes('pay')) setPaying(next);
  });
  const can = (a: Order['actions'][number]) => order.actions.includes(a);
  const busy = step.isPending;
  const isPending = (action: OrderStep['action'], payNow?: boolean) =>
    busy &&
    step.variables?.action === action &&
    (payNow === undefined || (step.variables.action === 'accept' && step.variables.payNow === payNow));
  const go = (s: OrderStep) => step.mutate(s);
  const other = side === 'creator' ? 'editor' : 'creator';
  const refund = order.paid && order.amount - order.refundedAmount > 0;

  const buttons: ReactNode[] = [];
  if (can('accept')) {
    buttons.push(
      <StepButton
        key="accept-pay"
        pending={isPending('accept', true)}
        disabled={busy}
        onClick={() => go({ action: 'accept', payNow: true })}
      >
        {ORDER_TEXTS.acceptAndPay}
      </StepButton>,
      <StepButton
        key="accept-later"
        variant="secondary"
        pending={isPending('accept', false)}
        disabled={busy}
        onClick={() => go({ action: 'accept', payNow: false })}
      >
        {ORDER_TEXTS.acceptPayLater}
      </StepButton>,
    );
  }
  if (can('decline')) {
    buttons.push(
      <StepButton
        key="decline"
        variant="ghost"
        pending={isPending('decline')}
        disabled={busy}
        onClick={() => go({ action: 'decline' })}
      >
        {ORDER_TEXTS.decline}
      </StepButton>,
    );
  }
  if (can('withdraw')) {
    buttons.push(
      <StepButton
        key="withdraw"
        variant="secondary"
        pending={isPending('withdraw')}
        disabled={busy}
        onClick={() => go({ action: 'withdraw' })}
      >
        {ORDER_TEXTS.withdraw}
      </StepButton>,
    );
  }
  if (can('pay')) {
    buttons.push(
      <StepButton key="pay" pending={false} disabled={busy} onClick={() => setPaying(order)}>
        {ORDER_TEXTS.pay} · {formatRupees(order.amount)}
      </StepButton>,
    );
  }
  // Named apart from the deliveries panel's 'Send delivery', which stays the one button of that name.
  if (can('deliver') && props.onDeliver) {
    buttons.push(
      <StepButton
        key="deliver"
        pending={false}
        disabled={busy || props.closed}
        onClick={() => props.onDeliver?.(order._id)}
      >
        <Upload className="size-4" aria-hidden /> Deliver
      </StepButton>,
    );
  }
  if (can('accept_extra_revision')) {
    buttons.push(
      <StepButton
        key="extra"
        pending={isPending('accept_extra_revision')}
        disabled={busy}
        onClick={() => go({ action: 'accept_extra_revision' })}
      >
        {ORDER_TEXTS.acceptExtraRevision}
      </StepButton>,
    );
  }
  if (can('accept_cancellation')) {
    buttons.push(
      <StepButton
        key="accept-cancel"
        variant="danger"
        pending={false}
        disabled={busy}
        onClick={() => setDialog('accept_cancellation')}
      >
        {ORDER_TEXTS.acceptCancel}
      </StepButton>,
    );
  }
  if (can('decline_cancellation')) {
    buttons.push(
      <StepButton
        key="decline-cancel"
        variant="secondary"
        pending={isPending('decline_cancellation')}
        disabled={busy}
        onClick={() => go({ action: 'decline_cancellation' })}
      >
        {ORDER_TEXTS.declineCancel}
      </StepButton>,
    );
  }
  if (can('withdraw_cancellation')) {
    buttons.push(
      <StepButton
        key="withdraw-cancel"
        variant="secondary"
        pending={isPending('withdraw_cancellation')}
        disabled={busy}
        onClick={() => go({ action: 'withdraw_cancellation' })}
      >
        {ORDER_TEXTS.withdrawCancel}
      </StepButton>,
    );
  }
  if (can('cancel')) {
    buttons.push(
      <StepButton
        key="cancel"
        variant="danger"
        pending={false}
        disabled={busy}
        onClick={() => setDialog('cancel')}
      >
        {order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel}
      </StepButton>,
    );
  }
  if (can('request_cancellation')) {
    buttons.push(
      <StepButton
        key="propose-cancel"
        variant="ghost"
        pending={false}
        disabled={busy}
        onClick={() => setDialog('request_cancellation')}
      >
        {ORDER_TEXTS.proposeCancel}
      </StepButton>,
    );
  }

  return (
    <>
      {can('review') && (
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
      {buttons.length > 0 && (
        <div
          className="flex flex-wrap gap-2"
          role="group"
          aria-label={`Actions for order ${order.reference}`}
        >
          {buttons}
        </div>
      )}

      <OrderStepDialog
        open={dialog === 'cancel'}
        onOpenChange={(o) => setDialog(o ? 'cancel' : null)}
        title={order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel}
        confirmLabel={order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel}
        reasonLabel="Reason (optional)"
        pending={isPending('cancel')}
        onConfirm={(reason) => go({ action: 'cancel', reason })}
      >
        {order.late ? (
          <p>
            {order.reference} is past its due date with no delivery.{' '}
            {refund
              ? `Cancelling refunds the full ${formatRupees(order.amount - order.refundedAmount)} you paid.`
              : 'Nothing has been paid, so nothing is charged.'}
          </p>
        ) : (
          <p>{order.reference} has not been paid. Cancelling ends it and nothing is charged.</p>
        )}
        <p>This cannot be undone.</p>
      </OrderStepDialog>

      <OrderStepDialog
        open={dialog === 'request_cancellation'}
        onOpenChange={(o) => setDialog(o ? 'request_cancellation' : null)}
        title={ORDER_TEXTS.proposeCancel}
        confirmLabel={ORDER_TEXTS.proposeCancel}
        reasonLabel={`Reason for the ${other} (optional)`}
        pending={isPending('request_cancellation')}
        onConfirm={(reason) => go({ action: 'request_cancellation', reason })}
      >
        <p>
          The {other} is asked to agree{refund ? '; if they accept, the creator is refunded in full' : ''}. If
          they do not answer within {ORDER_DEFAULTS.cancellationResponseHours} hours, the order is cancelled
          by itself.
        </p>
      </OrderStepDialog>

      <OrderStepDialog
        open={dialog === 'accept_cancellation'}
        onOpenChange={(o) => setDialog(o ? 'accept_cancellation' : null)}
        title={ORDER_TEXTS.acceptCancel}
        confirmLabel={ORDER_TEXTS.acceptCancel}
        pending={isPending('accept_cancellation')}
        onConfirm={() => go({ action: 'accept_cancellation' })}
      >
        <p>
          {order.reference} is cancelled
          {refund
            ? ` and the ${formatRupees(order.amount - order.refundedAmount)} paid is refunded in full`
            : ''}
          . This cannot be undone.
        </p>
      </OrderStepDialog>

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
