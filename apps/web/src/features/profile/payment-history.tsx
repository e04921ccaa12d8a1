import { useInfiniteQuery } from '@tanstack/react-query';
import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { Table, Td, Th } from '../../components/ui/table';
import { paymentKeys, paymentsApi } from '../payments/api';
import { formatPaymentDate, planLabel } from '../payments/format';
import { PaymentStatusBadge, RefundStatusBadge } from '../payments/payment-status-badge';

/** The creator's own payments, or the editor's received ones, newest first, 50 at a time. */
export function PaymentHistory({ role }: { role: 'creator' | 'editor' }) {
  const history = useInfiniteQuery({
    queryKey: paymentKeys.mine(role),
    queryFn: ({ pageParam }) => paymentsApi.mine(role, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

  if (history.isPending) return <Spinner label="Loading payments..." />;
  if (history.isError) {
    return (
      <Card className="border-red-200 bg-red-50 p-6 text-center">
        <p role="alert" className="font-medium text-red-700">
          {PAYMENT_MESSAGES.loadFailed}
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => history.refetch()}>
          Try Again
        </Button>
      </Card>
    );
  }
  const payments = history.data.pages.flatMap((p) => p.payments);
  if (payments.length === 0) {
    return (
      <Card className="p-8 text-center text-slate-600">
        {role === 'creator' ? 'No payments yet.' : 'No payments received yet.'}
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <Table aria-label="Payment History">
        <thead>
          <tr>
            <Th>Date</Th>
            <Th>{role === 'creator' ? 'Editor' : 'Creator'}</Th>
            <Th>Plan</Th>
            <Th>Amount</Th>
            <Th>Status</Th>
            <Th>Order ID</Th>
            <Th>Refunds</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((p) => (
            <tr key={p._id} data-order-id={p.orderId}>
              <Td>{formatPaymentDate(p.createdAt)}</Td>
              <Td className="font-medium text-slate-900">
                {role === 'creator' ? p.editor.username : p.creator.username}
              </Td>
              <Td>{planLabel(p.planType)}</Td>
              <Td className="font-semibold text-slate-900">{formatRupees(p.amount)}</Td>
              <Td>
                <PaymentStatusBadge status={p.status} />
              </Td>
              <Td className="font-mono text-xs">{p.orderId}</Td>
              <Td>
                {p.refunds.length === 0 ? (
                  <span className="text-slate-400">—</span>
                ) : (
                  <ul className="space-y-1">
                    {p.refunds.map((r) => (
                      <li key={r.refundId} className="flex items-center gap-2">
                        <span>{formatRupees(r.amount)}</span>
                        <RefundStatusBadge status={r.status} />
                      </li>
                    ))}
                  </ul>
                )}
              </Td>
            </tr>
          ))}
        </tbody>
      </Table>
      {history.hasNextPage && (
        <div className="text-center">
          <Button
            variant="secondary"
            onClick={() => history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
          >
            {history.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      )}
    </div>
  );
}
