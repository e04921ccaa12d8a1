import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';

/** Past this many characters a statement starts folded, so a long one does not push the chat away. */
const FOLD_AT = 240;

/** One side's statement, with who wrote it and when; a long one folds to three lines. */
export function Statement(props: { label: string; text: string; at?: string; testId?: string }) {
  const id = useId();
  const long = props.text.length > FOLD_AT || props.text.split('\n').length > 3;
  const [open, setOpen] = useState(false);
  return (
    <div className="min-w-0" data-testid={props.testId}>
      <p className="text-xs font-semibold wrap-anywhere text-slate-600">
        {props.label}
        {props.at && <span className="font-normal text-slate-500"> · {props.at}</span>}
      </p>
      <p
        id={id}
        className={cn('break-words whitespace-pre-wrap text-slate-900', long && !open && 'line-clamp-3')}
      >
        {props.text}
      </p>
      {long && (
        <button
          type="button"
          className="mt-0.5 rounded text-xs font-semibold text-brand-700 hover:underline focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!"
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
