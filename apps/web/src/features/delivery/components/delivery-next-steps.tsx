import { Download } from 'lucide-react';
import { DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import type { DeliveryDecisions } from '../hooks/use-delivery-decisions';
import type { DeliverySide } from '../utils/delivery-status';
import { DeliveryReviewActions } from './delivery-review-actions';

/**
 * What comes next for a delivery, for the side looking: the creator's decision on a ready preview, paying
 * for an approved one, the editor waiting for the payment, and the final file's download once paid.
 */
export function DeliveryNextSteps(props: {
  delivery: Delivery;
  side: DeliverySide;
  /** The room is frozen or ended: decisions wait until it reopens. */
  closed: boolean;
  decisions: DeliveryDecisions;
  noRevisionsLeft: boolean;
  canPay: boolean;
  onPay: () => void;
}) {
  const { delivery: d, side, closed, decisions, noRevisionsLeft, canPay, onPay } = props;
  const { download } = decisions;
  return (
    <>
      {side === 'creator' && d.status === 'sent' && d.preview.status === 'ready' && !closed && (
        <DeliveryReviewActions delivery={d} decisions={decisions} noRevisionsLeft={noRevisionsLeft} />
      )}

      {canPay && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sky-50 px-3 py-2">
          <p className="text-sm text-sky-900">The final file is released once the payment is confirmed.</p>
          <Button size="sm" onClick={onPay}>
            {DELIVERY_TEXTS.payNow} · {formatRupees(d.amount!)}
          </Button>
        </div>
      )}
      {side === 'editor' && d.status === 'approved' && !d.paid && (
        <p className="text-sm text-slate-600">Approved. The creator is paying; you will see it here.</p>
      )}

      {d.canDownload && (
        <div className="flex">
          <Button
            onClick={() => download.mutate()}
            disabled={download.isPending}
            aria-busy={download.isPending}
          >
            <Download className="size-4" aria-hidden />
            {d.kind === 'video' ? DELIVERY_TEXTS.download : DELIVERY_TEXTS.downloadImage}
          </Button>
        </div>
      )}
    </>
  );
}
