import type { ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * The heading of a section of an order card that folds (its files, its receipts): a small caps toggle
 * with a chevron, announcing what it opens.
 */
export function FoldHeading(props: {
  id: string;
  open: boolean;
  onToggle: () => void;
  /** The id of what it folds. */
  controls: string;
  children: ReactNode;
}) {
  return (
    <h4 id={props.id}>
      <button
        type="button"
        className="flex items-center gap-1 rounded-md text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
        aria-expanded={props.open}
        aria-controls={props.controls}
        onClick={props.onToggle}
      >
        {props.children}
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', props.open && 'rotate-180')}
          aria-hidden
        />
      </button>
    </h4>
  );
}
