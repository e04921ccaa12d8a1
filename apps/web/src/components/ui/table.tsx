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
export const Td = ({ className, ...p }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-4 py-3 whitespace-nowrap text-slate-700', className)} {...p} />
);
