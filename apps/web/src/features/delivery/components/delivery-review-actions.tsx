import { useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { DELIVERY_NOTE_MAX, DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { ORDER_MESSAGES } from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import type { DeliveryDecisions } from '../hooks/use-delivery-decisions';
import { ApproveConfirm } from './approve-confirm';

/**
 * The creator's decision on a delivery ready for review: Approve, or Request changes, which opens the
 * note for the editor (with a warning when the order has no revision left).
 */
export function DeliveryReviewActions(props: {
  delivery: Delivery;
  decisions: DeliveryDecisions;
  noRevisionsLeft: boolean;
}) {
  const { delivery: d, noRevisionsLeft } = props;
  const { asking, setAsking, note, setNote, approve, requestChanges, deciding } = props.decisions;
  const [confirming, setConfirming] = useState(false);
  const onAsk = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) requestChanges.mutate(note.trim());
  };

  return (
    <div className="space-y-2" data-review-actions>
      {asking ? (
        <form onSubmit={onAsk} className="space-y-2" aria-label="Request changes">
          <label htmlFor={`changes-${d._id}`} className="block text-sm font-medium text-slate-700">
            What should the editor change?
          </label>
          <Textarea
            id={`changes-${d._id}`}
            rows={3}
            maxLength={DELIVERY_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            autoFocus
            required
            aria-describedby={noRevisionsLeft ? `changes-${d._id}-warning` : undefined}
          />
          {noRevisionsLeft && (
            <p
              id={`changes-${d._id}-warning`}
              role="alert"
              className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              {ORDER_MESSAGES.noRevisionsLeft}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setAsking(false)} disabled={deciding}>
              Cancel
            </Button>
            <Button
              type="submit"
              size="sm"
              disabled={deciding || !note.trim()}
              aria-busy={requestChanges.isPending}
            >
              Send request
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setAsking(true)} disabled={deciding}>
            {DELIVERY_TEXTS.requestChanges}
          </Button>
          <Button variant="success" onClick={() => setConfirming(true)} disabled={deciding}>
            <CheckCircle2 className="size-4" aria-hidden /> {DELIVERY_TEXTS.approve}
          </Button>
          <ApproveConfirm
            delivery={d}
            open={confirming}
            onOpenChange={setConfirming}
            approving={approve.isPending}
            onApprove={() => approve.mutate(undefined, { onSettled: () => setConfirming(false) })}
          />
        </div>
      )}
    </div>
  );
}
