import { Inbox, Mail, RefreshCw, UserRound } from 'lucide-react';
import type { SupportTicket } from '@cutroom/contracts';
import { SUPPORT_MESSAGES } from '@cutroom/contracts/support';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useSession } from '../../auth/session';
import { useSupportTickets } from '../../support/hooks';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Leads from the home page's connect form are filed with this subject prefix by the server. */
const isConnectLead = (t: SupportTicket) => t.subject?.startsWith('Connect request:') ?? false;

/** Newest first, each ticket once (pages are cut by time, so an edge ticket could repeat). */
function newestFirst(pages: SupportTicket[][]): SupportTicket[] {
  const byId = new Map<string, SupportTicket>();
  for (const t of pages.flat()) byId.set(t._id, t);
  return [...byId.values()].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export default function SupportTicketsPage() {
  const { user } = useSession();
  // SPEC.md §6: admin pages fetch only when the user's role is admin.
  const isAdmin = user?.role === 'admin';
  const tickets = useSupportTickets(isAdmin);

  if (!isAdmin) return null;

  const list = tickets.data ? newestFirst(tickets.data.pages) : [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Support Tickets</h1>
          <p className="mt-1 text-sm text-slate-500">
            Messages from the contact page and leads from the home page’s connect form, newest first.
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
          <p className="mt-3 font-semibold text-slate-900">No support tickets yet</p>
          <p className="mt-1 text-sm text-slate-500">New tickets and connect requests will appear here.</p>
        </div>
      ) : (
        <>
          <ul className="grid gap-4 xl:grid-cols-2" aria-label="Support tickets">
            {list.map((t) => (
              <li key={t._id}>
                <TicketCard ticket={t} />
              </li>
            ))}
          </ul>
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

function TicketCard({ ticket: t }: { ticket: SupportTicket }) {
  return (
    <Card className="flex h-full flex-col p-5" data-testid="support-ticket">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="font-bold break-words text-slate-900">
          {t.subject || <span className="font-medium text-slate-400 italic">No subject</span>}
        </h2>
        {isConnectLead(t) && <Badge tone="brand">Connect lead</Badge>}
      </div>
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={t.createdAt}>{when.format(new Date(t.createdAt))}</time>
      </p>
      <p className="mt-3 flex-1 text-sm break-words whitespace-pre-wrap text-slate-700">{t.message}</p>
      <div className="mt-4 flex flex-wrap gap-x-5 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span className="flex items-center gap-1.5">
          <UserRound className="size-4 text-slate-400" aria-hidden /> {t.name}
        </span>
        <a
          href={`mailto:${t.email}`}
          className="flex items-center gap-1.5 break-all text-brand-700 hover:underline"
        >
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden /> {t.email}
        </a>
      </div>
    </Card>
  );
}
