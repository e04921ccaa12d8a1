import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Inbox, RefreshCw } from 'lucide-react';
import {
  SUPPORT_MESSAGES,
  SUPPORT_TICKET_FILTERS,
  type AdminSupportTicket,
  type SupportTicketFilter,
  type SupportTicketStatus,
} from '@cutroom/contracts/support';
import { Button } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/responsive-list';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/auth/session';
import { useDeskTickets } from '../api/get-desk-tickets';
import { TicketCard } from './ticket-card';

const FILTER_LABELS: Record<SupportTicketFilter, string> = { open: 'Open', closed: 'Closed', all: 'All' };
const EMPTY: Record<SupportTicketFilter, { title: string; hint: string }> = {
  open: {
    title: 'No open tickets',
    hint: 'Every ticket has been answered and closed. New ones appear here.',
  },
  closed: { title: 'No closed tickets', hint: 'Tickets you close move here; reopen one to answer it again.' },
  all: { title: 'No support tickets yet', hint: 'New tickets and connect requests will appear here.' },
};

/** The filter lives in the address (`?status=closed`), so a reload or a shared link shows the same list. */
function readFilter(params: URLSearchParams): SupportTicketFilter {
  const s = params.get('status');
  return (SUPPORT_TICKET_FILTERS as readonly string[]).includes(s ?? '')
    ? (s as SupportTicketFilter)
    : 'open';
}

/** Newest first, each ticket once (a refetch while paging could bring an edge ticket twice). */
function newestFirst(pages: AdminSupportTicket[][]): AdminSupportTicket[] {
  const byId = new Map<string, AdminSupportTicket>();
  for (const t of pages.flat()) byId.set(t._id, t);
  return [...byId.values()].sort((a, b) =>
    a.createdAt === b.createdAt ? b._id.localeCompare(a._id) : b.createdAt.localeCompare(a.createdAt),
  );
}

/**
 * Admin › Support Tickets: the support desk. Tickets as cards (SPEC §2), Open first: each card answers the
 * visitor by e-mail, closes the ticket or reopens it. Filters Open, Closed and All; newest first.
 */
export default function SupportTicketsPage() {
  const { user } = useSession();
  // SPEC.md §6: admin pages fetch only when the user's role is admin.
  const isAdmin = user?.role === 'admin';
  const [params, setParams] = useSearchParams();
  const filter = readFilter(params);
  const tickets = useDeskTickets(filter, isAdmin);
  const titleRef = useRef<HTMLHeadingElement>(null);

  if (!isAdmin) return null;

  const list = tickets.data ? newestFirst(tickets.data.pages) : [];
  const choose = (next: SupportTicketFilter) =>
    setParams(next === 'open' ? {} : { status: next }, { replace: true });
  // A ticket that leaves the filtered list takes the focus with it: give it to the page's heading.
  const onStatusChanged = (to: SupportTicketStatus) => {
    if (filter !== 'all' && filter !== to) titleRef.current?.focus();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="text-2xl font-extrabold tracking-tight text-slate-900 focus:outline-none"
          >
            Support Tickets
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-500">
            Messages from the contact page and leads from the home page’s connect form, newest first. Replies
            are e-mailed to the sender; close a ticket once it is answered.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => tickets.refetch()}
          disabled={tickets.isFetching}
          aria-label="Refresh support tickets"
        >
          <RefreshCw className={tickets.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden /> Refresh
        </Button>
      </div>

      <div
        role="group"
        aria-label="Which tickets"
        className="flex w-full gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-auto"
      >
        {SUPPORT_TICKET_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => choose(f)}
            className={cn(
              'flex-1 rounded-lg px-4 py-1.5 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:flex-none',
              filter === f && 'bg-white text-slate-900 shadow-sm',
            )}
          >
            {FILTER_LABELS[f]}
          </button>
        ))}
      </div>

      {tickets.isPending ? (
        <Spinner label="Loading support tickets..." />
      ) : tickets.isError && !tickets.data ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700"
        >
          <p className="font-semibold">{SUPPORT_MESSAGES.loadFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => tickets.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <Inbox className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">{EMPTY[filter].title}</p>
          <p className="mt-1 text-sm text-slate-500">{EMPTY[filter].hint}</p>
        </div>
      ) : (
        <>
          <CardList
            items={list}
            label={`${FILTER_LABELS[filter]} support tickets`}
            itemKey={(t) => t._id}
            cardListClassName="grid gap-4 xl:grid-cols-2"
            cardItemProps={() => ({ className: 'min-w-0' })}
            card={(t) => <TicketCard ticket={t} onStatusChanged={onStatusChanged} />}
          />
          {tickets.isError && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {SUPPORT_MESSAGES.loadFailed}
            </p>
          )}
          {tickets.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => tickets.fetchNextPage()}
                disabled={tickets.isFetchingNextPage}
              >
                {tickets.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
