import { forwardRef, type SelectHTMLAttributes } from 'react';
import { TIER_TITLES } from '@cutroom/contracts/portfolio';
import { cn } from '../../../lib/cn';
import { orderPlanLabel } from '../utils/format';

/** 'No tier' or one of the editor's tier names; the value '' stands for none. */
export const TierSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function TierSelect({ className, ...props }, ref) {
    return (
      <select
        ref={ref}
        className={cn(
          'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:bg-slate-100',
          className,
        )}
        {...props}
      >
        <option value="">No tier (custom work)</option>
        {TIER_TITLES.map((t) => (
          <option key={t} value={t}>
            {orderPlanLabel(t)}
          </option>
        ))}
      </select>
    );
  },
);

/** A select's '' back to "no tier" for the contracts' nullable tier. */
export const tierFromSelect = (v: unknown) => (v === '' || v === undefined ? null : v);
