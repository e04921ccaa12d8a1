import { orderStatusLabel, type Order, type OrderStatus } from '@cutroom/contracts/orders';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const tones: Record<OrderStatus, BadgeTone> = {
  offered: 'brand',
  declined: 'grey',
  withdrawn: 'grey',
  expired: 'grey',
  awaiting_payment: 'amber',
  in_progress: 'blue',
  delivered: 'brand',
  changes_requested: 'amber',
  completed: 'green',
  cancelled: 'red',
};

/**
 * An order's status as both sides and admins read it; a late order says so beside it. Completed work
 * whose payment has not arrived says so ('Completed · awaiting payment', amber): it is not paid work yet.
 * An open dispute, which holds the order where it is, says so too.
 */
export function OrderStatusBadge({
  order,
}: {
  order: Pick<Order, 'status' | 'late' | 'paid'> & { disputeId?: string | null };
}) {
  const unpaidWork = order.status === 'completed' && !order.paid;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={unpaidWork ? 'amber' : tones[order.status]}>{orderStatusLabel(order)}</Badge>
      {order.late && <Badge tone="red">Late</Badge>}
      {order.disputeId && <Badge tone="red">Disputed</Badge>}
    </span>
  );
}
