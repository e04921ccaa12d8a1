import { AlertTriangle, Loader2, RotateCcw } from 'lucide-react';
import { DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import { Button } from '../../../components/ui/button';
import type { DeliverySide } from '../utils/delivery-status';

/** The watermarked preview, or where it stands. The original is never in this card before payment. */
export function DeliveryPreview({
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
