import type { Dispute } from '@cutroom/contracts/disputes';
import { formatDateTime } from '../../../lib/dates';
import { useDisputeStep } from '../hooks/use-dispute-step';
import { DISPUTE_TEXTS } from '../utils/texts';
import { StatementDialog } from './statement-dialog';

/** The other side's answer: its statement and what it cites, once, before the response window ends. */
export function AnswerDisputeDialog(props: {
  dispute: Dispute;
  side: 'creator' | 'editor';
  onOpenChange: (open: boolean) => void;
}) {
  const { dispute, side, onOpenChange } = props;
  const step = useDisputeStep({ _id: dispute.orderId, roomId: dispute.roomId }, () => onOpenChange(false));
  return (
    <StatementDialog
      mode="answer"
      order={{ _id: dispute.orderId, roomId: dispute.roomId }}
      side={side}
      title={DISPUTE_TEXTS.answer}
      description={`Give your side of the dispute the ${dispute.openedBy} opened on order ${dispute.orderReference} (${dispute.reasonLabel.toLowerCase()}). You can answer once, until ${formatDateTime(dispute.respondBy)}.`}
      submitLabel={DISPUTE_TEXTS.answerSubmit}
      pending={step.isPending}
      error={step.error}
      onOpenChange={onOpenChange}
      onSubmit={({ statement, messageIds, deliveryIds }) =>
        step.mutate({
          action: 'answer',
          disputeId: dispute._id,
          input: { statement, messageIds, deliveryIds },
        })
      }
    />
  );
}
