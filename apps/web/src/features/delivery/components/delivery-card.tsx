import { lazy, Suspense, useState } from 'react';
import type { Delivery } from '@cutroom/contracts/delivery';
import { cn } from '../../../lib/cn';
import { loadPaymentModal, useRoomOrder, type PayableOrder } from '../../orders';
import { useDeliveryDecisions } from '../hooks/use-delivery-decisions';
import { statusOf, type DeliverySide } from '../utils/delivery-status';
import { DeliveryDetails } from './delivery-details';
import { DeliveryNextSteps } from './delivery-next-steps';
import { DeliveryPreview } from './delivery-preview';
import { DeliverySummary } from './delivery-summary';

export type { DeliverySide };

// The payment modal (form, Cashfree loader) is only downloaded when a creator approves.
const PaymentModal = lazy(() => loadPaymentModal().then((m) => ({ default: m.PaymentModal })));

/**
 * One delivery, as both sides see it, with the creator's decisions and, after payment, the download.
 * Given `onToggle` it folds: a one-line summary (number, order, status) that opens the whole card.
 */
export function DeliveryCard(props: {
  delivery: Delivery;
  side: DeliverySide;
  roomId: string;
  editorName: string;
  /** The room is frozen or ended: decisions wait until it reopens. */
  closed: boolean;
  /** Open (the default) or folded to its summary line; only with onToggle. */
  expanded?: boolean;
  onToggle?: () => void;
}) {
  const { delivery: d, side, roomId } = props;
  const [paying, setPaying] = useState(false);
  const status = statusOf(d, side);
  // The order as the room's order list knows it (its revisions, whether it may be paid now).
  const order = useRoomOrder(roomId, d.order._id);
  // A cancellation waiting for an answer holds payment back; the server leaves out 'pay' then.
  const payable = order ? order.actions.includes('pay') : true;
  const canPay = side === 'creator' && d.status === 'approved' && !d.paid && d.amount !== null && payable;
  const payFor: PayableOrder | null =
    order ??
    (d.amount === null
      ? null
      : {
          _id: d.order._id,
          reference: d.order.reference,
          title: d.order.title,
          amount: d.amount,
          tier: d.tier,
        });
  // Straight on to paying for the order once approved, unless it is paid already (paid up front) or on hold.
  const decisions = useDeliveryDecisions(d, roomId, () => payable && setPaying(true));
  const { retry } = decisions;
  const foldable = Boolean(props.onToggle);
  const expanded = !foldable || props.expanded !== false;
  const bodyId = `delivery-${d._id}-body`;

  return (
    <article
      className="scroll-mt-12 rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-label={`Delivery ${d.number}`}
      data-testid="delivery-card"
      data-status={d.status}
      data-preview={d.preview.status}
      data-expanded={expanded ? 'true' : 'false'}
    >
      {foldable && (
        <DeliverySummary
          delivery={d}
          status={status}
          expanded={expanded}
          bodyId={bodyId}
          onToggle={props.onToggle}
        />
      )}
      <div
        id={bodyId}
        hidden={!expanded}
        className={cn('flex flex-col gap-3 p-3 sm:flex-row sm:p-4', foldable && 'pt-0 sm:pt-0')}
      >
        {expanded && (
          <>
            <div className="w-full shrink-0 sm:w-56">
              <DeliveryPreview
                delivery={d}
                side={side}
                onRetry={() => retry.mutate()}
                retrying={retry.isPending}
              />
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              <DeliveryDetails delivery={d} status={status} heading={!foldable} />
              <DeliveryNextSteps
                delivery={d}
                side={side}
                closed={props.closed}
                decisions={decisions}
                noRevisionsLeft={order?.revisionsLeft === 0}
                canPay={canPay}
                onPay={() => setPaying(true)}
              />
            </div>
          </>
        )}
      </div>
      {/* Outside the folding part: a payment under way survives folding the card. */}
      {paying && payFor && (
        <Suspense fallback={null}>
          <PaymentModal
            open={paying}
            onOpenChange={setPaying}
            editorName={props.editorName}
            target={{ kind: 'order', order: payFor }}
          />
        </Suspense>
      )}
    </article>
  );
}
