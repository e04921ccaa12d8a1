import { ORDER_DEFAULTS, ORDER_TEXTS, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import type { OrderStep } from '../hooks/use-order-action';
import type { OrderDialog } from './order-action-buttons';
import { ExtensionRequestDialog } from './extension-request-dialog';
import { OrderStepDialog } from './order-step-dialog';
import { SettlementAcceptConfirm } from './settlement-accept-confirm';
import { SettlementProposalDialog } from './settlement-proposal-dialog';

/**
 * The questions asked before cancelling, proposing to cancel, or agreeing to cancel an order, the editor's
 * request for more time, and proposing or accepting a different amount to complete at.
 */
export function OrderStepDialogs(props: {
  order: Order;
  /** The other side of the order, as the viewer names it. */
  other: 'creator' | 'editor';
  open: OrderDialog | null;
  onOpenChange: (dialog: OrderDialog | null) => void;
  isPending: (action: OrderStep['action']) => boolean;
  /** The server's refusal of the open dialog's step, said in the dialog. */
  error?: unknown;
  onStep: (step: OrderStep) => void;
}) {
  const { order, other, open, onOpenChange, isPending, onStep } = props;
  const side = other === 'creator' ? 'editor' : 'creator';
  const refund = order.paid && order.amount - order.refundedAmount > 0;
  return (
    <>
      <OrderStepDialog
        open={open === 'cancel'}
        onOpenChange={(o) => onOpenChange(o ? 'cancel' : null)}
        title={order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel}
        confirmLabel={order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel}
        reasonLabel="Reason (optional)"
        pending={isPending('cancel')}
        onConfirm={(reason) => onStep({ action: 'cancel', reason })}
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
        open={open === 'request_cancellation'}
        onOpenChange={(o) => onOpenChange(o ? 'request_cancellation' : null)}
        title={ORDER_TEXTS.proposeCancel}
        confirmLabel={ORDER_TEXTS.proposeCancel}
        reasonLabel={`Reason for the ${other} (optional)`}
        pending={isPending('request_cancellation')}
        onConfirm={(reason) => onStep({ action: 'request_cancellation', reason })}
      >
        <p>
          The {other} is asked to agree{refund ? '; if they accept, the creator is refunded in full' : ''}. If
          they do not answer within {ORDER_DEFAULTS.cancellationResponseHours} hours, the order is cancelled
          by itself.
        </p>
      </OrderStepDialog>

      <OrderStepDialog
        open={open === 'accept_cancellation'}
        onOpenChange={(o) => onOpenChange(o ? 'accept_cancellation' : null)}
        title={ORDER_TEXTS.acceptCancel}
        confirmLabel={ORDER_TEXTS.acceptCancel}
        pending={isPending('accept_cancellation')}
        onConfirm={() => onStep({ action: 'accept_cancellation' })}
      >
        <p>
          {order.reference} is cancelled
          {refund
            ? ` and the ${formatRupees(order.amount - order.refundedAmount)} paid is refunded in full`
            : ''}
          . This cannot be undone.
        </p>
      </OrderStepDialog>

      {open === 'request_extension' && (
        <ExtensionRequestDialog
          order={order}
          onOpenChange={(o) => onOpenChange(o ? 'request_extension' : null)}
          pending={isPending('request_extension')}
          error={props.error}
          onSubmit={(request) => onStep({ action: 'request_extension', ...request })}
        />
      )}

      {open === 'propose_settlement' && (
        <SettlementProposalDialog
          order={order}
          side={side}
          onOpenChange={(o) => onOpenChange(o ? 'propose_settlement' : null)}
          pending={isPending('propose_settlement')}
          error={props.error}
          onSubmit={(proposal) => onStep({ action: 'propose_settlement', ...proposal })}
        />
      )}

      {open === 'accept_settlement' && order.settlement && (
        <SettlementAcceptConfirm
          order={order}
          settlement={order.settlement}
          side={side}
          onOpenChange={(o) => onOpenChange(o ? 'accept_settlement' : null)}
          pending={isPending('accept_settlement')}
          error={props.error}
          onAccept={() => onStep({ action: 'accept_settlement' })}
        />
      )}
    </>
  );
}
