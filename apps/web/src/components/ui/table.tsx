import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const hasClass = (className: string | undefined, pattern: RegExp) => pattern.test(className ?? '');

/**
 * A table in a box that scrolls sideways only as a last resort. `table-fixed` also makes the table as wide
 * as its box: a fixed layout needs a set width, and with `width: auto` the browser quietly fell back to
 * the automatic layout, so the columns' shares were ignored and one long name widened the table past its
 * box (All Payments was 1,069 px in a 950 px box, its Refund buttons out of view).
 */
export const Table = ({ className, ...p }: HTMLAttributes<HTMLTableElement>) => (
  <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
    <table
      className={cn(
        'min-w-full divide-y divide-slate-200 text-sm',
        hasClass(className, /(^|\s)table-fixed(\s|$)/) && !hasClass(className, /(^|\s)w-/) && 'w-full',
        className,
      )}
      {...p}
    />
  </div>
);
/** A caller's own horizontal padding (`px-3`) replaces the default `px-4`, as `whitespace-*` does in Td. */
const ownPadding = (className: string | undefined) => hasClass(className, /(^|\s)px-/);

export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={cn(
      'bg-slate-50 py-3 text-left font-semibold text-slate-700',
      !ownPadding(className) && 'px-4',
      className,
    )}
    {...p}
  />
);
/**
 * Cells keep to one line unless the caller chooses otherwise: a caller's own `whitespace-*` class replaces
 * the default rather than joining it (with both, the stylesheet's order decides, and nowrap won, so long
 * names pushed a table's actions out of view). A caller's `px-*` likewise replaces the default `px-4`
 * (with both, px-4 won, and a narrow column lost the room its caller had made for its content).
 */
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td
    className={cn(
      'py-3 text-slate-700',
      !ownPadding(className) && 'px-4',
      !hasClass(className, /(^|\s)whitespace-/) && 'whitespace-nowrap',
      className,
    )}
    {...p}
  />
);
