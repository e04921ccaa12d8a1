import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import type { Order } from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { REVIEW_FORM_TEXTS, ReviewDialog, Stars, useReturnFocus } from '../../reviews';
import { invalidateRoomOrders } from '../hooks/use-room-orders';
import type { OrderSide } from './order-actions';

const HIDDEN_NOTE = '(hidden by an admin)';

/** 'Your review: ★★★★☆' to the creator, 'Rated 4 ★' to the editor; the stars are read as words. */
function ReviewedLine({
  rating,
  hidden,
  side,
  lineRef,
}: {
  rating: number;
  hidden: boolean;
  side: OrderSide;
  lineRef?: React.Ref<HTMLParagraphElement>;
}) {
  return (
    <p
      ref={lineRef}
      tabIndex={-1}
      className="flex flex-wrap items-center gap-x-1.5 gap-y-0.5 rounded text-sm text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      data-testid="order-review"
    >
      {side === 'creator' ? (
        <>
          <span className="font-medium">Your review:</span>
          <Stars value={rating} />
          <span className="sr-only">{rating} out of 5 stars</span>
        </>
      ) : (
        <span className="inline-flex items-center gap-1 font-medium">
          Rated {rating}
          <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
          <span className="sr-only"> out of 5 stars</span>
        </span>
      )}
      {hidden && <span className="text-amber-800">{HIDDEN_NOTE}</span>}
    </p>
  );
}

/**
 * An order's review on its card: the creator's 'Leave a review' while the window is open, then the stars
 * given; the editor sees the rating they received. Nothing for orders that cannot be reviewed.
 */
export function OrderReview({
  order,
  side,
  className,
}: {
  order: Pick<Order, '_id' | 'roomId' | 'reference' | 'title' | 'editor' | 'review' | 'reviewableUntil'>;
  side: OrderSide;
  className?: string;
}) {
  const queryClient = useQueryClient();
  const [reviewing, setReviewing] = useState<string | null>(null);
  // The stars just given, shown at once: the order lists catch up when they are fetched again.
  const [written, setWritten] = useState<number | null>(null);
  const { ref: button, restore } = useReturnFocus<HTMLButtonElement>();
  const line = useRef<HTMLParagraphElement>(null);

  const review = order.review ?? (written !== null ? { rating: written, hidden: false } : null);
  const canReview = side === 'creator' && !review && Boolean(order.reviewableUntil);
  if (!review && !canReview && reviewing === null) return null;

  return (
    <div className={cn('min-w-0', className)}>
      {review ? (
        <ReviewedLine rating={review.rating} hidden={review.hidden} side={side} lineRef={line} />
      ) : canReview ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Button
            ref={button}
            size="sm"
            variant="secondary"
            aria-label={`${REVIEW_FORM_TEXTS.open} for ${order.reference}`}
            onClick={() => setReviewing(order.reviewableUntil ?? null)}
          >
            <Star className="size-4 text-amber-500" aria-hidden /> {REVIEW_FORM_TEXTS.open}
          </Button>
          <span className="text-xs text-slate-500">{REVIEW_FORM_TEXTS.until(order.reviewableUntil!)}</span>
        </div>
      ) : null}
      {reviewing !== null && (
        <ReviewDialog
          open
          order={order}
          until={reviewing}
          onReviewed={(r) => setWritten(r.rating)}
          // A refusal means the order changed meanwhile: every order list is fetched again either way.
          onSettled={() => invalidateRoomOrders(queryClient, order.roomId)}
          onOpenChange={(open) => {
            if (open) return;
            setReviewing(null);
            restore(() => line.current);
          }}
        />
      )}
    </div>
  );
}
