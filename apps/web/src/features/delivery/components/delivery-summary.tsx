import { ChevronDown } from 'lucide-react';
import type { Delivery } from '@cutroom/contracts/delivery';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { formatOrderDay, orderPlanLabel } from '../../orders';
import type { statusOf } from '../utils/delivery-status';

/**
 * A folding card's one-line summary (number, order, status) that opens or folds the card: the accordion
 * pattern, a heading holding the button.
 */
export function DeliverySummary(props: {
  delivery: Delivery;
  status: ReturnType<typeof statusOf>;
  expanded: boolean;
  bodyId: string;
  onToggle?: () => void;
}) {
  const { delivery: d, status, expanded } = props;
  return (
    <h3>
      <button
        type="button"
        className="flex w-full min-w-0 items-center gap-2 rounded-2xl px-3 py-2 text-left text-sm hover:bg-slate-50 sm:px-4"
        aria-expanded={expanded}
        aria-controls={props.bodyId}
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
  );
}
