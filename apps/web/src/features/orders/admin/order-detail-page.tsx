import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, MessagesSquare } from 'lucide-react';
import { ORDER_MESSAGES, ORDER_TEXTS } from '@cutroom/contracts/orders';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { useAdminOrder } from '../api/get-admin-order';
import { orderTermsLine } from '../utils/format';
import { OrderStatusBadge } from '../components/order-status-badge';
import { OrderFiles } from '../../files';
import { OrderTimeline } from '../components/order-timeline';
import { CancelOrderDialog } from './cancel-order-dialog';
import { CancellationState } from './cancellation-state';
import { OrderSummary } from './order-summary';
import { GatewayDisputes } from '../../payments';

/** Admin › All Orders › one order: its terms, parties, money, full timeline, and the admin's cancel. */
export default function OrderDetailPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <OrderDetail />
    </ProtectedRoute>
  );
}

function OrderDetail() {
  const { orderId = '' } = useParams();
  const { user } = useSession();
  const [cancelling, setCancelling] = useState(false);
  const detail = useAdminOrder(orderId, { enabled: user?.role === 'admin' });

  const back = (
    <Link
      to="/admin/dashboard/all-orders"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> All orders
    </Link>
  );
  if (detail.isPending) return <Spinner label="Loading order..." />;
  if (detail.isError) {
    const missing = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <Card className="border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="font-medium text-red-700">
            {missing ? ORDER_MESSAGES.notFound : 'Failed to load the order.'}
          </p>
          {!missing && (
            <Button variant="secondary" className="mt-4" onClick={() => detail.refetch()}>
              Try Again
            </Button>
          )}
        </Card>
      </div>
    );
  }
  const { data: order, events } = detail.data;

  return (
    <div className="space-y-5">
      {back}
      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold text-brand-700">{order.reference}</p>
            <h1 className="text-xl font-extrabold break-words text-slate-900">{order.title}</h1>
            <p className="mt-1 text-sm text-slate-600">{orderTermsLine(order)}</p>
          </div>
          <OrderStatusBadge order={order} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={`/admin/dashboard/chat-rooms/${encodeURIComponent(order.roomId)}`}
            className={buttonClass('secondary', 'sm')}
          >
            <MessagesSquare className="size-4" aria-hidden /> View chat room
          </Link>
          {order.actions.includes('admin_cancel') && (
            <Button variant="danger" size="sm" onClick={() => setCancelling(true)}>
              {ORDER_TEXTS.cancel}
            </Button>
          )}
        </div>
      </Card>

      <CancellationState order={order} />
      <OrderSummary order={order} />
      <GatewayDisputes orderId={order._id} />
      <Card className="p-5">
        <OrderFiles order={order} framed />
      </Card>

      <Card className="p-5">
        <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">Timeline</h2>
        <div className="mt-4">
          <OrderTimeline events={events} />
        </div>
      </Card>

      {cancelling && <CancelOrderDialog order={order} onClose={() => setCancelling(false)} />}
    </div>
  );
}
