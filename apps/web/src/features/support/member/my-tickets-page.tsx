import { Link } from 'react-router';
import { SUPPORT_MESSAGES } from '@cutroom/contracts/support';
import { buttonClass } from '../../../components/ui/button';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useMyTickets } from '../api/get-my-tickets';
import { MyTicketCard } from './my-ticket-card';

/**
 * /profile/support-tickets: the tickets the signed-in member sent from /contact, newest first, with
 * the team's replies (issue 25). ProfileLayout around it keeps it to creators and editors.
 */
export default function MyTicketsPage() {
  const tickets = useMyTickets();
  const list = tickets.data?.pages.flatMap((p) => p.data) ?? [];
  return (
    <section aria-labelledby="my-tickets-title" className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 id="my-tickets-title" className="text-2xl font-extrabold tracking-tight text-slate-900">
            My support tickets
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            What you asked the Cutroom team, newest first, with our replies.
          </p>
        </div>
        <Link to="/contact" className={buttonClass('secondary', 'sm')}>
          New ticket
        </Link>
      </div>
      {tickets.isPending ? (
        <Spinner label="Loading your tickets..." />
      ) : tickets.isError ? (
        <LoadError message={SUPPORT_MESSAGES.mineLoadFailed} onRetry={() => void tickets.refetch()} />
      ) : list.length === 0 ? (
        <Card className="p-8 text-center">
          <p className="font-semibold text-slate-900">No support tickets yet</p>
          <p className="mt-1 text-sm text-slate-600">
            Questions about an order or a payment? Send us a ticket from{' '}
            <Link to="/contact" className="font-medium text-brand-700 underline underline-offset-2">
              Contact Us
            </Link>
            .
          </p>
        </Card>
      ) : (
        <>
          <ul className="space-y-4">
            {list.map((t) => (
              <li key={t._id}>
                <MyTicketCard ticket={t} />
              </li>
            ))}
          </ul>
          {tickets.hasNextPage && (
            <div className="text-center">
              <Button
                variant="secondary"
                onClick={() => void tickets.fetchNextPage()}
                disabled={tickets.isFetchingNextPage}
              >
                {tickets.isFetchingNextPage ? 'Loading...' : 'Load more tickets'}
              </Button>
            </div>
          )}
          {tickets.isFetchNextPageError && (
            <p role="alert" className="text-center text-sm font-medium text-red-600">
              {SUPPORT_MESSAGES.mineLoadFailed}
            </p>
          )}
        </>
      )}
    </section>
  );
}
