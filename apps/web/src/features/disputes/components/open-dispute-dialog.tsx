import { DISPUTE_DEFAULTS } from '@cutroom/contracts/disputes';
import type { Order } from '@cutroom/contracts/orders';
import { useStatementStep } from '../hooks/use-statement-step';
import { DISPUTE_TEXTS, otherSide } from '../utils/texts';
import { AttachFilesDialog } from './attach-files-dialog';
import { StatementDialog } from './statement-dialog';

/**
 * 'Open a dispute' on an order card: the reason, the side's statement, what it cites and its files.
 * Opened, the order is on hold and the other side is asked to answer; the files follow, then it closes.
 */
export function OpenDisputeDialog(props: {
  order: Order;
  side: 'creator' | 'editor';
  onOpenChange: (open: boolean) => void;
}) {
  const { order, side, onOpenChange } = props;
  const other = otherSide(side);
  const { step, handover, submit } = useStatementStep(order, () => onOpenChange(false));
  if (handover)
    return (
      <AttachFilesDialog
        dispute={handover.dispute}
        side={side}
        initial={handover.files}
        onOpenChange={onOpenChange}
      />
    );
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
      onSubmit={({ reason, ...rest }, files) =>
        submit({ action: 'open', orderId: order._id, input: { reason: reason!, ...rest } }, files)
      }
    />
  );
}
