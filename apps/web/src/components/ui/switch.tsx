import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

/**
 * An on/off switch: a real checkbox (role switch), so labels, keyboard and forms work as for any input.
 * The checkbox lies invisibly over the track and takes the page's focus ring.
 */
export const Switch = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function Switch({ className, ...props }, ref) {
    return (
      <span className={cn('relative inline-flex h-6 w-11 shrink-0', className)}>
        <input
          ref={ref}
          type="checkbox"
          role="switch"
          className="peer absolute inset-0 z-10 size-full cursor-pointer appearance-none rounded-full disabled:cursor-not-allowed"
          {...props}
        />
        <span
          aria-hidden
          className="pointer-events-none absolute inset-0 rounded-full bg-slate-300 transition-colors peer-checked:bg-brand-600 peer-disabled:opacity-50"
        />
        <span
          aria-hidden
          className="pointer-events-none absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5"
        />
      </span>
    );
  },
);
