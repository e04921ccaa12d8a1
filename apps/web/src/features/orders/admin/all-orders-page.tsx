import { keepPreviousData } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ClipboardList } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useSession } from '../../../lib/auth/session';
import { useAdminOrders } from '../api/get-admin-orders';
import { filtersFromParams, paramsFromFilters, serverFilters, type AllOrdersFilters } from './filters';
import { ordersLayout } from './orders-layout';
import { OrderFilters } from './order-filters';

const PAGE_SIZE = 20;

/** Admin › All Orders: every order, filtered and page by page, each leading to its own page. */
export default function AllOrdersPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <AllOrders />
    </ProtectedRoute>
  );
}

function AllOrders() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const query = { ...serverFilters(filters), limit: PAGE_SIZE };
  const list = useAdminOrders(query, {
    // Admin pages fetch only for admins (SPEC.md §6).
    enabled: user?.role === 'admin',
    placeholderData: keepPreviousData,
  });
  const apply = (next: AllOrdersFilters) => setParams(paramsFromFilters(next));
  const filtered = Boolean(
    filters.status || filters.late || filters.q || filters.editorId || filters.creatorId,
  );
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">All Orders</h1>
        <p className="mt-1 text-sm text-slate-600">Every order on Cutroom, newest first.</p>
      </header>
      <OrderFilters filters={filters} onChange={apply} />
      {list.isPending ? (
        <Spinner label="Loading orders..." />
      ) : list.isError ? (
        <Card className="border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="font-medium text-red-700">
            Failed to load orders.
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : list.data.data.length === 0 ? (
        <Card className="flex flex-col items-center px-6 py-12 text-center">
          <ClipboardList className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">
            {filtered ? 'No orders match these filters' : 'No orders yet'}
          </p>
          {filtered && (
            <Button variant="secondary" size="sm" className="mt-4" onClick={() => apply({ page: 1 })}>
              Clear filters
            </Button>
          )}
        </Card>
      ) : (
        <>
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.data.total} {list.data.total === 1 ? 'order' : 'orders'}
          </p>
          {/* CSS shows one of the two: the table fits the admin content box only from xl on. */}
          <ResponsiveList from="xl" items={list.data.data} {...ordersLayout} />
          <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-slate-600">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => apply({ ...filters, page: filters.page - 1 })}
              disabled={filters.page <= 1 || list.isFetching}
            >
              Previous
            </Button>
            <span>
              Page {filters.page} of {pages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => apply({ ...filters, page: filters.page + 1 })}
              disabled={filters.page >= pages || list.isFetching}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
