import type { ReactNode } from 'react';
import { Loader2, Scale, Upload } from 'lucide-react';
import { ORDER_TEXTS, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Button, type ButtonProps } from '../../../components/ui/button';
import type { OrderStep } from '../hooks/use-order-action';
import { extensionPreviewId } from '../utils/extension';
import { settlementPreviewId } from '../utils/settlement';

/** The steps that ask first, in a dialog (order-step-dialogs.tsx). */
export type OrderDialog =
  | 'cancel'
  | 'request_cancellation'
  | 'accept_cancellation'
  | 'request_extension'
  | 'propose_settlement'
  | 'accept_settlement';

function StepButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  return (
    <Button size="sm" aria-busy={pending} {...props}>
      {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {children}
    </Button>
  );
}

/**
 * One button per action the server lists in `order.actions` for this viewer, always in the same order;
 * nothing when there is none. A step runs at once, or opens its dialog first.
 */
export function OrderActionButtons(props: {
  order: Order;
  /** The room is frozen or ended: nothing new can be delivered. */
  closed: boolean;
  /** A step is under way: every button waits. */
  busy: boolean;
  isPending: (action: OrderStep['action'], payNow?: boolean) => boolean;
  onStep: (step: OrderStep) => void;
  onDialog: (dialog: OrderDialog) => void;
  onPay: () => void;
  onDeliver?: (orderId: string) => void;
  /** 'Open a dispute': the dispute form (the disputes feature's, handed in by the chat). */
  onOpenDispute?: () => void;
}) {
  const { order, busy, isPending } = props;
  const can = (a: Order['actions'][number]) => order.actions.includes(a);
  const step = (key: string, s: OrderStep, label: ReactNode, variant?: ButtonProps['variant']) => (
    <StepButton
      key={key}
      variant={variant}
      pending={isPending(s.action, s.action === 'accept' ? s.payNow : undefined)}
      disabled={busy}
      onClick={() => props.onStep(s)}
    >
      {label}
    </StepButton>
  );
  const asking = (key: string, dialog: OrderDialog, label: ReactNode, variant: ButtonProps['variant']) => (
    <StepButton
      key={key}
      variant={variant}
      pending={false}
      disabled={busy}
      onClick={() => props.onDialog(dialog)}
    >
      {label}
    </StepButton>
  );

  const buttons = [
    can('accept') && step('accept-pay', { action: 'accept', payNow: true }, ORDER_TEXTS.acceptAndPay),
    can('accept') &&
      step('accept-later', { action: 'accept', payNow: false }, ORDER_TEXTS.acceptPayLater, 'secondary'),
    can('decline') && step('decline', { action: 'decline' }, ORDER_TEXTS.decline, 'ghost'),
    can('withdraw') && step('withdraw', { action: 'withdraw' }, ORDER_TEXTS.withdraw, 'secondary'),
    can('pay') && (
      <StepButton key="pay" pending={false} disabled={busy} onClick={props.onPay}>
        {ORDER_TEXTS.pay} · {formatRupees(order.amount)}
      </StepButton>
    ),
    // Named apart from the deliveries panel's 'Send delivery', which stays the one button of that name.
    can('deliver') && props.onDeliver && (
      <StepButton
        key="deliver"
        pending={false}
        disabled={busy || props.closed}
        onClick={() => props.onDeliver?.(order._id)}
      >
        <Upload className="size-4" aria-hidden /> Deliver
      </StepButton>
    ),
    can('accept_extra_revision') &&
      step('extra', { action: 'accept_extra_revision' }, ORDER_TEXTS.acceptExtraRevision),
    can('request_extension') &&
      asking('request-extension', 'request_extension', ORDER_TEXTS.requestExtension, 'secondary'),
    can('accept_extension') && (
      <StepButton
        key="accept-extension"
        pending={isPending('accept_extension')}
        disabled={busy}
        aria-describedby={extensionPreviewId(order)}
        onClick={() => props.onStep({ action: 'accept_extension' })}
      >
        {ORDER_TEXTS.acceptExtension}
      </StepButton>
    ),
    can('decline_extension') &&
      step('decline-extension', { action: 'decline_extension' }, ORDER_TEXTS.declineExtension, 'secondary'),
    can('withdraw_extension') &&
      step(
        'withdraw-extension',
        { action: 'withdraw_extension' },
        ORDER_TEXTS.withdrawExtension,
        'secondary',
      ),
    can('propose_settlement') &&
      asking('propose-settlement', 'propose_settlement', ORDER_TEXTS.proposeSettlement, 'secondary'),
    can('accept_settlement') && (
      <StepButton
        key="accept-settlement"
        variant="success"
        pending={false}
        disabled={busy}
        aria-describedby={settlementPreviewId(order)}
        onClick={() => props.onDialog('accept_settlement')}
      >
        {ORDER_TEXTS.acceptSettlement}
      </StepButton>
    ),
    can('decline_settlement') &&
      step(
        'decline-settlement',
        { action: 'decline_settlement' },
        ORDER_TEXTS.declineSettlement,
        'secondary',
      ),
    can('withdraw_settlement') &&
      step(
        'withdraw-settlement',
        { action: 'withdraw_settlement' },
        ORDER_TEXTS.withdrawSettlement,
        'secondary',
      ),
    can('open_dispute') && props.onOpenDispute && (
      <StepButton
        key="open-dispute"
        variant="ghost"
        pending={false}
        disabled={busy}
        onClick={props.onOpenDispute}
      >
        <Scale className="size-4" aria-hidden /> {ORDER_TEXTS.openDispute}
      </StepButton>
    ),
    can('accept_cancellation') &&
      asking('accept-cancel', 'accept_cancellation', ORDER_TEXTS.acceptCancel, 'danger'),
    can('decline_cancellation') &&
      step('decline-cancel', { action: 'decline_cancellation' }, ORDER_TEXTS.declineCancel, 'secondary'),
    can('withdraw_cancellation') &&
      step('withdraw-cancel', { action: 'withdraw_cancellation' }, ORDER_TEXTS.withdrawCancel, 'secondary'),
    can('cancel') &&
      asking('cancel', 'cancel', order.late ? ORDER_TEXTS.cancelLate : ORDER_TEXTS.cancel, 'danger'),
    can('request_cancellation') &&
      asking('propose-cancel', 'request_cancellation', ORDER_TEXTS.proposeCancel, 'ghost'),
  ].filter(Boolean);

  if (buttons.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Actions for order ${order.reference}`}>
      {buttons}
    </div>
  );
}
