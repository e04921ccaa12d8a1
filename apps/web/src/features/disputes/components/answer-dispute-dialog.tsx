import type { Dispute } from '@cutroom/contracts/disputes';
import { formatDateTime } from '../../../lib/dates';
import { useStatementStep } from '../hooks/use-statement-step';
import { DISPUTE_TEXTS } from '../utils/texts';
import { AttachFilesDialog } from './attach-files-dialog';
import { StatementDialog } from './statement-dialog';

/** The other side's answer: its statement, what it cites and its files, once, before the window ends. */
export function AnswerDisputeDialog(props: {
  dispute: Dispute;
  side: 'creator' | 'editor';
  onOpenChange: (open: boolean) => void;
}) {
  const { dispute, side, onOpenChange } = props;
  const order = { _id: dispute.orderId, roomId: dispute.roomId };
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
      mode="answer"
      order={order}
      side={side}
      title={DISPUTE_TEXTS.answer}
      description={`Give your side of the dispute the ${dispute.openedBy} opened on order ${dispute.orderReference} (${dispute.reasonLabel.toLowerCase()}). You can answer once, until ${formatDateTime(dispute.respondBy)}.`}
      submitLabel={DISPUTE_TEXTS.answerSubmit}
      pending={step.isPending}
      error={step.error}
      onOpenChange={onOpenChange}
      onSubmit={({ statement, messageIds, deliveryIds }, files) =>
        submit(
          { action: 'answer', disputeId: dispute._id, input: { statement, messageIds, deliveryIds } },
          files,
        )
      }
    />
  );
}
