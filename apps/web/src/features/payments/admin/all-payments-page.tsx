import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { Payment } from '@cutroom/contracts/payments';
import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/auth/session';
import { ProtectedRoute } from '../../../lib/auth/protected-route';
import { useAllPayments } from '../api/get-all-payments';
import { paymentsLayout } from './payments-layout';
import { RefundDialog } from './refund-dialog';

const PAGE_SIZE = 20;

/** Admin all-payments: every payment, newest first, page by page, with the refund action. */
export default function AllPaymentsPage() {
  return (
    <ProtectedRoute roles={['admin']}>
      <AllPayments />
    </ProtectedRoute>
  );
}

function AllPayments() {
  const { user } = useSession();
  const [page, setPage] = useState(1);
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const list = useAllPayments(page, PAGE_SIZE, {
    // Admin pages fetch only for admins (SPEC.md §6).
    enabled: user?.role === 'admin',
    placeholderData: keepPreviousData,
  });

  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.limit)) : 1;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">All Payments</h1>
        <p className="mt-1 text-sm text-slate-600">Every payment on Cutroom, newest first.</p>
      </header>
      {list.isPending ? (
        <Spinner label="Loading payments..." />
      ) : list.isError ? (
        <Card className="border-red-200 bg-red-50 p-6 text-center">
          <p role="alert" className="font-medium text-red-700">
            {PAYMENT_MESSAGES.loadFailed}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => list.refetch()}>
            Try Again
          </Button>
        </Card>
      ) : list.data.payments.length === 0 ? (
        <Card className="p-8 text-center text-slate-600">No payments yet.</Card>
      ) : (
        <>
          {/* CSS shows one of the two: below xl the admin content box is too narrow for the table. */}
          <ResponsiveList from="xl" items={list.data.payments} {...paymentsLayout(setRefunding)} />
          <nav aria-label="Pages" className="flex items-center justify-between gap-4 text-sm text-slate-600">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPage((p) => p - 1)}
              disabled={page <= 1 || list.isFetching}
            >
              Previous
            </Button>
            <span>
              Page {page} of {pages}
            </span>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPage((p) => p + 1)}
              disabled={page >= pages || list.isFetching}
            >
              Next
            </Button>
          </nav>
        </>
      )}
      {refunding && <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
