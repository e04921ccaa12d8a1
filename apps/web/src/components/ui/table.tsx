import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

export const Table = ({ className, ...p }: HTMLAttributes<HTMLTableElement>) => (
  <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
    <table className={cn('min-w-full divide-y divide-slate-200 text-sm', className)} {...p} />
  </div>
);
export const Th = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th
    scope="col"
    className={cn('bg-slate-50 px-4 py-3 text-left font-semibold text-slate-700', className)}
    {...p}
  />
);
/**
 * Cells keep to one line unless the caller chooses otherwise: a caller's own `whitespace-*` class replaces
 * the default rather than joining it (with both, the stylesheet's order decides, and nowrap won, so long
 * names pushed a table's actions out of view).
 */
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td
    className={cn(
      'px-4 py-3 text-slate-700',
      !/(^|\s)whitespace-/.test(className ?? '') && 'whitespace-nowrap',
      className,
    )}
    {...p}
  />
);
