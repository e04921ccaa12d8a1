import { forwardRef, type SelectHTMLAttributes } from 'react';
import { cn } from '../../../lib/cn';
import { useMyOrders } from '../api/get-my-orders';

/**
 * "Order (optional)": one of the signed-in member's orders the ticket is about. The server checks the
 * order is theirs; this only offers their own newest ones. '' stands for none.
 */
export const OrderSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>(
  function OrderSelect({ className, ...props }, ref) {
    const orders = useMyOrders(true);
    const list = orders.data?.data ?? [];
    return (
      <select
        ref={ref}
        className={cn(
          'block h-10 w-full truncate rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:bg-slate-100',
          className,
        )}
        {...props}
      >
        <option value="">
          {orders.isPending ? 'Loading your orders...' : list.length ? 'No order' : 'No orders yet'}
        </option>
        {list.map((o) => (
          <option key={o._id} value={o._id}>
            {o.reference} · {o.title}
          </option>
        ))}
      </select>
    );
  },
);
