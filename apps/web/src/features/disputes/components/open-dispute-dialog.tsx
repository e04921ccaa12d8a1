import { DISPUTE_DEFAULTS } from '@cutroom/contracts/disputes';
import type { Order } from '@cutroom/contracts/orders';
import { useDisputeStep } from '../hooks/use-dispute-step';
import { DISPUTE_TEXTS, otherSide } from '../utils/texts';
import { StatementDialog } from './statement-dialog';

/**
 * 'Open a dispute' on an order card: the reason, the side's statement and what it cites. Opened, the
 * order is on hold and the other side is asked to answer. Closes itself once the dispute is open.
 */
export function OpenDisputeDialog(props: {
  order: Order;
  side: 'creator' | 'editor';
  onOpenChange: (open: boolean) => void;
}) {
  const { order, side, onOpenChange } = props;
  const other = otherSide(side);
  const step = useDisputeStep(order, () => onOpenChange(false));
  return (
    <StatementDialog
      mode="open"
      order={order}
      side={side}
      title={DISPUTE_TEXTS.open}
      description={`Tell the ${other} and Cutroom support what is wrong with order ${order.reference}. While the dispute is open the order is on hold. The ${other} has ${DISPUTE_DEFAULTS.responseHours} hours to answer; the two of you can still settle, or Cutroom support decides.`}
      submitLabel={DISPUTE_TEXTS.openSubmit}
      pending={step.isPending}
      error={step.error}
      onOpenChange={onOpenChange}
      onSubmit={({ reason, ...rest }) =>
        step.mutate({ action: 'open', orderId: order._id, input: { reason: reason!, ...rest } })
      }
    />
  );
}
