import { useId } from 'react';
import { Star } from 'lucide-react';
import { formatRating } from '@cutroom/contracts';
import { cn } from '../../../lib/cn';

/** Five stars filled to `value` (halves round to the nearer whole for the eye; the number says exactly). */
export function Stars({ value, size = 16, className }: { value: number; size?: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span className={cn('inline-flex items-center', className)} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          width={size}
          height={size}
          className={n <= filled ? 'fill-amber-400 text-amber-400' : 'fill-slate-200 text-slate-200'}
        />
      ))}
    </span>
  );
}

/** '★★★★☆ 4.8 (23 reviews)', or 'No reviews yet'; the whole line is read as one phrase. */
export function RatingLine({
  average,
  count,
  size = 16,
  className,
}: {
  average: number | null;
  count: number;
  size?: number;
  className?: string;
}) {
  if (average === null || count === 0)
    return <span className={cn('text-sm text-slate-500', className)}>No reviews yet</span>;
  const label = `Rated ${formatRating(average)} out of 5 from ${count} review${count === 1 ? '' : 's'}`;
  return (
    <span
      role="img"
      className={cn('inline-flex items-center gap-1.5 text-sm', className)}
      aria-label={label}
      title={label}
    >
      <Stars value={average} size={size} />
      <span className="font-semibold text-slate-900">{formatRating(average)}</span>
      <span className="text-slate-500">({count})</span>
    </span>
  );
}

/**
 * Choosing 1–5 stars: a radio group, so arrow keys move and the choice is announced. `optional` adds
 * no "clear" control; leaving it unset is the way to skip.
 */
export function StarInput({
  label,
  value,
  onChange,
  required,
  error,
}: {
  label: string;
  value: number | null;
  onChange: (value: number) => void;
  required?: boolean;
  error?: string;
}) {
  const name = useId();
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-600"> *</span>
        ) : (
          <span className="text-slate-500"> (optional)</span>
        )}
      </legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="cursor-pointer rounded p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
              aria-label={`${n} star${n === 1 ? '' : 's'}`}
            />
            <Star
              width={28}
              height={28}
              aria-hidden="true"
              className={
                value !== null && n <= value ? 'fill-amber-400 text-amber-400' : 'fill-white text-slate-300'
              }
            />
          </label>
        ))}
        {value !== null && <span className="ml-2 text-sm text-slate-600">{value} of 5</span>}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
