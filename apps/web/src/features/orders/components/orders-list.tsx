import { ClipboardList } from 'lucide-react';
import { ORDER_TEXTS, type OrderStatus } from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Tabs } from '../../../components/ui/tabs';
import { useMyOrders } from '../api/get-my-orders';
import type { OrdersViewer } from './orders-list-fields';
import { ordersListLayout } from './orders-list-layout';

type Filter = { value: string; label: string; status: OrderStatus | 'open' | undefined; empty: string };

const FILTERS: Filter[] = [
  { value: 'all', label: 'All', status: undefined, empty: ORDER_TEXTS.noOrders },
  { value: 'open', label: 'Open', status: 'open', empty: 'No open orders' },
  { value: 'completed', label: 'Completed', status: 'completed', empty: 'No completed orders' },
  { value: 'cancelled', label: 'Cancelled', status: 'cancelled', empty: 'No cancelled orders' },
];

/** The member's own orders with filter tabs; only the active tab mounts, so only it fetches. */
export function OrdersList({ role }: { role: OrdersViewer }) {
  return (
    <Tabs
      tabs={FILTERS.map((f) => ({
        value: f.value,
        label: f.label,
        content: <OrdersResults filter={f} viewer={role} />,
      }))}
    />
  );
}

function OrdersResults({ filter, viewer }: { filter: Filter; viewer: OrdersViewer }) {
  const list = useMyOrders(filter.value, filter.status);

  if (list.isPending) return <Spinner label="Loading orders..." />;
  if (list.isError) {
    return (
      <Card className="border-red-200 bg-red-50 p-6 text-center">
        <p role="alert" className="font-medium text-red-700">
          Failed to load orders.
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => list.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const orders = list.data.pages.flatMap((p) => p.data);
  if (orders.length === 0) {
    return (
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <ClipboardList className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 font-semibold text-slate-900">{filter.empty}</p>
        <p className="mt-1 text-sm text-slate-500">
          {viewer === 'creator'
            ? 'Orders appear when you buy a tier or accept an editor’s offer in chat.'
            : 'Orders appear when a creator buys one of your tiers or accepts your offer in chat.'}
        </p>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      {/* Both layouts are rendered and CSS shows one: the table needs ~960 px, which only xl screens give
          the profile's content column. */}
      <ResponsiveList from="xl" items={orders} {...ordersListLayout(viewer)} />
      {list.hasNextPage && (
        <div className="text-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
