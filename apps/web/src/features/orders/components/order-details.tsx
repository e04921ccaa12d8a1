import { useId, useState } from 'react';
import { Check } from 'lucide-react';
import type { Order } from '@cutroom/contracts/orders';
import { cn } from '../../../lib/cn';

/** Past this many characters a text starts folded, so a long brief does not push the chat away. */
const FOLD_AT = 180;

function FoldableText({ label, text }: { label: string; text: string }) {
  const id = useId();
  const long = text.length > FOLD_AT || text.split('\n').length > 3;
  const [open, setOpen] = useState(false);
  return (
    <div className="text-sm text-slate-700">
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <p id={id} className={cn('break-words whitespace-pre-wrap', long && !open && 'line-clamp-3')}>
        {text}
      </p>
      {long && (
        <button
          type="button"
          className="mt-0.5 text-xs font-semibold text-brand-700 hover:underline"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

/** What is being made: the editor's description, the creator's brief and the features included. */
export function OrderDetails({ order }: { order: Pick<Order, 'description' | 'brief' | 'features'> }) {
  if (!order.description && !order.brief && order.features.length === 0) return null;
  return (
    <div className="space-y-2">
      {order.description && <FoldableText label="Description" text={order.description} />}
      {order.brief && <FoldableText label="Creator's brief" text={order.brief} />}
      {order.features.length > 0 && (
        <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Features">
          {order.features.map((f) => (
            <li key={f} className="flex items-center gap-1 text-xs text-slate-700">
              <Check className="size-3.5 shrink-0 text-emerald-600" aria-hidden /> {f}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
