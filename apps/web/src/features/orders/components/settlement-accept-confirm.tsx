import { CheckCircle2 } from 'lucide-react';
import { ORDER_TEXTS, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { SettlementMoneySummary, useSettlementMoneyReady } from '../../payments';
import { paidRemaining, settlementRefund } from '../utils/settlement';
import type { OrderSide } from './order-actions';

const FAILED = 'The order could not be completed. Please try again.';

/**
 * Accepting the other side's amount moves money and completes the order, so it is asked first, like
 * Approve: what the order completes at and what goes back, in the server's figures. The confirm button
 * waits until they are on screen; a refusal is said here and the dialog stays.
 */
export function SettlementAcceptConfirm(props: {
  order: Order;
  settlement: NonNullable<Order['settlement']>;
  side: OrderSide;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The server's refusal of the last try. */
  error: unknown;
  onAccept: () => void;
}) {
  const { order, settlement: s, side, pending } = props;
  const ready = useSettlementMoneyReady(order._id, s.amount);
  const back = formatRupees(settlementRefund(order, s.amount));
  const what =
    side === 'creator'
      ? `${back} comes back to you and the final file is released to you.`
      : `${back} goes back to the creator and the final file is released to them.`;
  return (
    <Modal
      open
      onOpenChange={(open) => !pending && props.onOpenChange(open)}
      title={`${ORDER_TEXTS.acceptSettlement}?`}
      description={`Order ${order.reference} completes at ${formatRupees(s.amount)} of the ${formatRupees(paidRemaining(order))} paid: ${what} This cannot be undone.`}
    >
      <SettlementMoneySummary
        orderId={order._id}
        keep={s.amount}
        creator={side === 'creator' ? 'you' : 'the creator'}
        editor={side === 'editor' ? 'you' : 'the editor'}
      />
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => props.onOpenChange(false)} disabled={pending}>
          Go back
        </Button>
        <FormError error={props.error} fallback={FAILED} />
        <Button variant="success" onClick={props.onAccept} disabled={pending || !ready} aria-busy={pending}>
          <CheckCircle2 className="size-4" aria-hidden /> {ORDER_TEXTS.acceptSettlement}
        </Button>
      </div>
    </Modal>
  );
}
