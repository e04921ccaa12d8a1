import { PAYMENT_MESSAGES } from '@cutroom/contracts/payments';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { useMyPayments } from '../api/get-my-payments';
import { paymentHistoryLayout } from './payment-history-layout';

/** The creator's own payments, or the editor's received ones, newest first, 50 at a time. */
export function PaymentHistory({ role }: { role: 'creator' | 'editor' }) {
  const history = useMyPayments(role);

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
      {/* The table needs the width of an xl screen; narrower ones get the same facts as cards. */}
      <ResponsiveList from="xl" items={payments} {...paymentHistoryLayout(role)} />
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
