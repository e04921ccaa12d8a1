import { ReceiptIndianRupee } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ResponsiveList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { earningsLayout } from './earnings-layout';
import { useEarningsOrders } from '../api/get-earnings-orders';
import { LoadError } from '../../../components/ui/load-error';

export const NO_EARNINGS = 'No earnings yet. When a creator pays for an order, it shows here.';

/** The editor's share of each paid order, newest first, with 'Show more'. */
export function EarningsOrders() {
  const list = useEarningsOrders();

  if (list.isPending) return <Spinner label="Loading your earnings by order..." />;
  if (list.isError && !list.data) {
    return <LoadError message="Failed to load your earnings by order." onRetry={() => list.refetch()} />;
  }
  const rows = list.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) {
    return (
      <Card className="flex flex-col items-center px-6 py-12 text-center">
        <ReceiptIndianRupee className="size-10 text-slate-400" aria-hidden />
        <p className="mt-3 text-slate-700">{NO_EARNINGS}</p>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      {/* Both layouts are rendered and CSS shows one: from lg on the profile's content column (beside
          its menu) is wide enough for the eight columns of the breakdown; below that each order is a card. */}
      <ResponsiveList
        from="lg"
        items={rows}
        {...earningsLayout}
        tableWrapProps={{ 'data-testid': 'earnings-table-wrap' }}
        cardsWrapProps={{ 'data-testid': 'earnings-cards-wrap' }}
      />
      {list.isFetchNextPageError && (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          More earnings could not be loaded. Please try again.
        </p>
      )}
      {list.hasNextPage && (
        <div className="text-center">
          <Button variant="secondary" onClick={() => list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            {list.isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </div>
  );
}
