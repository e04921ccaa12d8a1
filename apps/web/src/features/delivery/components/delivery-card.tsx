import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, ChevronDown, Download, Loader2, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { DELIVERY_NOTE_MAX, DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { ORDER_MESSAGES } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Textarea } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import {
  formatOrderDay,
  invalidateRoomOrders,
  loadPaymentModal,
  orderPlanLabel,
  useRoomOrder,
  type PayableOrder,
} from '../../orders';
import { useApproveDelivery } from '../api/approve-delivery';
import { useFinalLink } from '../api/get-final-link';
import { useRequestChanges } from '../api/request-changes';
import { useRetryPreview } from '../api/retry-preview';
import { startDownload } from '../utils/start-download';
import { useStoreDelivery } from '../hooks/use-deliveries';

// The payment modal (form, Cashfree loader) is only downloaded when a creator approves.
const PaymentModal = lazy(() => loadPaymentModal().then((m) => ({ default: m.PaymentModal })));

export type DeliverySide = 'creator' | 'editor';

function statusOf(d: Delivery, side: DeliverySide): { label: string; tone: BadgeTone } {
  if (d.status === 'changes_requested') return { label: DELIVERY_TEXTS.changesRequested, tone: 'amber' };
  if (d.status === 'approved') {
    return d.paid
      ? { label: 'Paid', tone: 'green' }
      : { label: DELIVERY_TEXTS.awaitingPayment, tone: 'blue' };
  }
  return side === 'creator'
    ? { label: 'Ready for your review', tone: 'brand' }
    : { label: 'Waiting for review', tone: 'grey' };
}

/** The watermarked preview, or where it stands. The original is never in this card before payment. */
function Preview({
  delivery,
  side,
  onRetry,
  retrying,
}: {
  delivery: Delivery;
  side: DeliverySide;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { preview } = delivery;
  if (preview.status === 'processing') {
    return (
      <div
        role="status"
        className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 p-2 text-center text-sm text-slate-600"
      >
        <Loader2 className="size-6 animate-spin text-brand-600" aria-hidden />
        {DELIVERY_TEXTS.processing}
      </div>
    );
  }
  if (preview.status === 'failed' || !preview.url) {
    return (
      <div
        role="alert"
        className="flex aspect-video w-full flex-col items-center justify-center gap-1.5 rounded-xl bg-red-50 p-3 text-center text-sm text-red-800"
      >
        <AlertTriangle className="size-6" aria-hidden />
        <p className="font-semibold">{DELIVERY_TEXTS.previewFailed}</p>
        {preview.error && <p className="text-xs text-red-700">{preview.error}</p>}
        {side === 'editor' && (
          <Button size="sm" variant="secondary" onClick={onRetry} disabled={retrying} aria-busy={retrying}>
            <RotateCcw className="size-4" aria-hidden /> {DELIVERY_TEXTS.retry}
          </Button>
        )}
      </div>
    );
  }
  return delivery.kind === 'video' ? (
    <video
      className="aspect-video w-full rounded-xl bg-black"
      src={preview.url}
      poster={preview.posterUrl ?? undefined}
      controls
      playsInline
      preload="metadata"
      controlsList="nodownload"
      aria-label={`Watermarked preview of delivery ${delivery.number}`}
      data-testid="delivery-preview-video"
    />
  ) : (
    <img
      className="aspect-video w-full rounded-xl bg-slate-100 object-contain"
      src={preview.url}
      alt={`Watermarked preview of delivery ${delivery.number}`}
      data-testid="delivery-preview-image"
    />
  );
}

/**
 * One delivery, as both sides see it, with the creator's decisions and, after payment, the download.
 * Given `onToggle` it folds: a one-line summary (number, order, status) that opens the whole card.
 */
export function DeliveryCard(props: {
  delivery: Delivery;
  side: DeliverySide;
  roomId: string;
  editorName: string;
  /** The room is frozen or ended: decisions wait until it reopens. */
  closed: boolean;
  /** Open (the default) or folded to its summary line; only with onToggle. */
  expanded?: boolean;
  onToggle?: () => void;
}) {
  const { delivery: d, side, roomId } = props;
  const queryClient = useQueryClient();
  const store = useStoreDelivery(roomId);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [paying, setPaying] = useState(false);
  const status = statusOf(d, side);
  // The order as the room's order list knows it (its revisions, whether it may be paid now).
  const order = useRoomOrder(roomId, d.order._id);
  // A cancellation waiting for an answer holds payment back; the server leaves out 'pay' then.
  const payable = order ? order.actions.includes('pay') : true;
  const canPay = side === 'creator' && d.status === 'approved' && !d.paid && d.amount !== null && payable;
  const noRevisionsLeft = order?.revisionsLeft === 0;
  const payFor: PayableOrder | null =
    order ??
    (d.amount === null
      ? null
      : {
          _id: d.order._id,
          reference: d.order.reference,
          title: d.order.title,
          amount: d.amount,
          tier: d.tier,
        });
  // Approving completes the order and requesting changes uses one of its revisions.
  const orderChanged = () => invalidateRoomOrders(queryClient, roomId);

  const fail = (fallback: string) => (err: unknown) => toast.error(errorMessage(err, fallback));
  const approve = useApproveDelivery(d._id, {
    onSuccess: (next) => {
      store(next);
      toast.success(DELIVERY_TEXTS.approved);
      // Straight on to paying for the order, unless it is paid already (paid up front) or on hold.
      if (!next.paid && next.amount !== null && payable) setPaying(true);
    },
    onSettled: orderChanged,
    onError: fail('The delivery could not be approved. Please try again.'),
  });
  const requestChanges = useRequestChanges(d._id, {
    onSuccess: (next) => {
      store(next);
      setAsking(false);
      setNote('');
      toast.success(DELIVERY_TEXTS.changesRequested);
    },
    onSettled: orderChanged,
    onError: fail('Your request could not be sent. Please try again.'),
  });
  const retry = useRetryPreview(d._id, {
    onSuccess: store,
    onError: fail('The preview could not be retried. Please try again.'),
  });
  const download = useFinalLink(d._id, {
    onSuccess: (link) => startDownload(link.url),
    onError: fail('The download could not start. Please try again.'),
  });

  const onAsk = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim()) requestChanges.mutate(note.trim());
  };
  const deciding = approve.isPending || requestChanges.isPending;
  const foldable = Boolean(props.onToggle);
  const expanded = !foldable || props.expanded !== false;
  const bodyId = `delivery-${d._id}-body`;

  return (
    <article
      className="scroll-mt-12 rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-label={`Delivery ${d.number}`}
      data-testid="delivery-card"
      data-status={d.status}
      data-preview={d.preview.status}
      data-expanded={expanded ? 'true' : 'false'}
    >
      {foldable && (
        // The accordion pattern: a heading holding the button, the card's number, order and status.
        <h3>
          <button
            type="button"
            className="flex w-full min-w-0 items-center gap-2 rounded-2xl px-3 py-2 text-left text-sm hover:bg-slate-50 sm:px-4"
            aria-expanded={expanded}
            aria-controls={bodyId}
            onClick={props.onToggle}
          >
            <ChevronDown
              className={cn('size-4 shrink-0 text-slate-500 transition-transform', !expanded && '-rotate-90')}
              aria-hidden
            />
            <span className="shrink-0 font-bold text-slate-900">Delivery #{d.number}</span>
            <span className="min-w-0 flex-1 truncate text-xs text-slate-500">
              <span className="font-mono">{d.order.reference}</span>
              <span className="hidden sm:inline">
                {' '}
                · {orderPlanLabel(d.tier)} · {formatOrderDay(d.createdAt)}
              </span>
            </span>
            <Badge tone={status.tone} className="shrink-0">
              {status.label}
            </Badge>
          </button>
        </h3>
      )}
      <div
        id={bodyId}
        hidden={!expanded}
        className={cn('flex flex-col gap-3 p-3 sm:flex-row sm:p-4', foldable && 'pt-0 sm:pt-0')}
      >
        {expanded && (
          <>
            <div className="w-full shrink-0 sm:w-56">
              <Preview delivery={d} side={side} onRetry={() => retry.mutate()} retrying={retry.isPending} />
            </div>
            <div className="min-w-0 flex-1 space-y-3">
              {!foldable && (
                <header className="flex flex-wrap items-center justify-between gap-2">
                  <div className="flex items-center gap-2">
                    <h3 className="font-bold text-slate-900">Delivery #{d.number}</h3>
                    <Badge tone="grey">{orderPlanLabel(d.tier)}</Badge>
                  </div>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </header>
              )}
              <p className="text-sm break-words text-slate-600" data-testid="delivery-order">
                For <span className="font-mono text-xs text-slate-500">{d.order.reference}</span>{' '}
                {d.order.title}
              </p>

              {d.note && (
                <p className="text-sm whitespace-pre-wrap text-slate-700">
                  <span className="font-semibold">Editor's note: </span>
                  {d.note}
                </p>
              )}
              {d.changesNote && (
                <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-900">
                  <span className="font-semibold">Changes requested: </span>
                  {d.changesNote}
                </p>
              )}

              {side === 'creator' && d.status === 'sent' && d.preview.status === 'ready' && !props.closed && (
                <div className="space-y-2" data-review-actions>
                  {asking ? (
                    <form onSubmit={onAsk} className="space-y-2" aria-label="Request changes">
                      <label
                        htmlFor={`changes-${d._id}`}
                        className="block text-sm font-medium text-slate-700"
                      >
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
                        <Button
                          variant="secondary"
                          size="sm"
                          onClick={() => setAsking(false)}
                          disabled={deciding}
                        >
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
                      <Button
                        variant="success"
                        onClick={() => approve.mutate()}
                        disabled={deciding}
                        aria-busy={approve.isPending}
                      >
                        <CheckCircle2 className="size-4" aria-hidden /> {DELIVERY_TEXTS.approve}
                      </Button>
                    </div>
                  )}
                </div>
              )}

              {canPay && (
                <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sky-50 px-3 py-2">
                  <p className="text-sm text-sky-900">
                    The final file is released once the payment is confirmed.
                  </p>
                  <Button size="sm" onClick={() => setPaying(true)}>
                    {DELIVERY_TEXTS.payNow} · {formatRupees(d.amount!)}
                  </Button>
                </div>
              )}
              {side === 'editor' && d.status === 'approved' && !d.paid && (
                <p className="text-sm text-slate-600">
                  Approved. The creator is paying; you will see it here.
                </p>
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
            </div>
          </>
        )}
      </div>
      {/* Outside the folding part: a payment under way survives folding the card. */}
      {paying && payFor && (
        <Suspense fallback={null}>
          <PaymentModal
            open={paying}
            onOpenChange={setPaying}
            editorName={props.editorName}
            target={{ kind: 'order', order: payFor }}
          />
        </Suspense>
      )}
    </article>
  );
}
