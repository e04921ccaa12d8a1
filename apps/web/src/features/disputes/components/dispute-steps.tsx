import { useState } from 'react';
import { Paperclip } from 'lucide-react';
import { DISPUTE_DEFAULTS, type Dispute, type DisputeAction } from '@cutroom/contracts/disputes';
import { Button } from '../../../components/ui/button';
import { useDisputeStep } from '../hooks/use-dispute-step';
import { DISPUTE_TEXTS, otherSide } from '../utils/texts';
import { AnswerDisputeDialog } from './answer-dispute-dialog';
import { AttachFilesDialog } from './attach-files-dialog';
import { ConfirmDialog } from './confirm-dialog';

type Side = 'creator' | 'editor';
type Open = Exclude<DisputeAction, 'decide'> | null;

/**
 * The buttons of a dispute, strictly those the server lists in `dispute.actions` for this viewer: the
 * answer opens its form; sending it to Cutroom support and withdrawing it ask first.
 */
export function DisputeSteps({ dispute, side }: { dispute: Dispute; side: Side }) {
  const [open, setOpen] = useState<Open>(null);
  const step = useDisputeStep({ _id: dispute.orderId, roomId: dispute.roomId }, () => setOpen(null));
  const can = (a: DisputeAction) => dispute.actions.includes(a);
  const show = (next: Open) => {
    step.reset();
    setOpen(next);
  };
  const close = (o: boolean) => !o && setOpen(null);
  if (!dispute.actions.some((a) => a !== 'decide')) return null;

  return (
    <>
      <div
        className="flex flex-wrap gap-2"
        role="group"
        aria-label={`Dispute actions for order ${dispute.orderReference}`}
      >
        {can('answer') && (
          <Button size="sm" onClick={() => show('answer')}>
            {DISPUTE_TEXTS.answer}
          </Button>
        )}
        {can('escalate') && (
          <Button size="sm" onClick={() => show('escalate')}>
            {DISPUTE_TEXTS.escalate}
          </Button>
        )}
        {can('attach') && (
          <Button size="sm" variant="secondary" onClick={() => show('attach')}>
            <Paperclip className="size-4" aria-hidden />
            {DISPUTE_TEXTS.attach}
          </Button>
        )}
        {can('withdraw') && (
          <Button size="sm" variant="secondary" onClick={() => show('withdraw')}>
            {DISPUTE_TEXTS.withdraw}
          </Button>
        )}
      </div>

      {open === 'attach' && <AttachFilesDialog dispute={dispute} side={side} onOpenChange={close} />}
      {open === 'answer' && <AnswerDisputeDialog dispute={dispute} side={side} onOpenChange={close} />}
      {open === 'escalate' && (
        <ConfirmDialog
          title={DISPUTE_TEXTS.escalateConfirm}
          confirmLabel={DISPUTE_TEXTS.escalate}
          pending={step.isPending}
          error={step.error}
          onOpenChange={close}
          onConfirm={() => step.mutate({ action: 'escalate', disputeId: dispute._id })}
        >
          <p>
            Cutroom support reads both statements, what each of you cited and the chat, then decides: a full
            or partial refund to the creator, the money released to the editor, or a cancellation.
          </p>
          <p>
            It decides within {DISPUTE_DEFAULTS.decisionHours} hours. Until then the order stays on hold, and
            the two of you can still settle it.
          </p>
        </ConfirmDialog>
      )}
      {open === 'withdraw' && (
        <ConfirmDialog
          title={DISPUTE_TEXTS.withdrawConfirm}
          confirmLabel={DISPUTE_TEXTS.withdraw}
          tone="danger"
          pending={step.isPending}
          error={step.error}
          onOpenChange={close}
          onConfirm={() => step.mutate({ action: 'withdraw', disputeId: dispute._id })}
        >
          <p>
            The dispute on order {dispute.orderReference} ends and the order goes on as it was. The{' '}
            {otherSide(side)} is told.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
