import { Link } from 'react-router';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { buttonClass } from '../../../components/ui/button';
import { orderPagePath } from '../../../lib/paths';
import { formatOrderDay } from '../utils/format';

/** Cells of an All Orders row shared by the table and the cards. */

export function DueCell({ order }: { order: Order }) {
  if (!order.dueAt) return <span className="text-slate-400">—</span>;
  return (
    <time dateTime={order.dueAt} className={order.late ? 'font-semibold text-red-700' : undefined}>
      {formatOrderDay(order.dueAt)}
    </time>
  );
}

export function PaidCell({ order }: { order: Order }) {
  return (
    <>
      {order.paid ? (
        <span className="font-medium text-emerald-700">Yes</span>
      ) : (
        <span className="text-slate-500">No</span>
      )}
      {order.refundedAmount > 0 && (
        <span className="block text-xs text-slate-500">−{formatRupees(order.refundedAmount)}</span>
      )}
    </>
  );
}

export function ViewOrderLink({ order }: { order: Order }) {
  return (
    <Link
      to={orderPagePath(order._id)}
      className={buttonClass('secondary', 'sm')}
      aria-label={`View order ${order.reference}`}
    >
      View
    </Link>
  );
}
