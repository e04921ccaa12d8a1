import { useState } from 'react';
import { ClipboardList } from 'lucide-react';
import type { MemberSupportTicket } from '@cutroom/contracts/support-member';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDateTime } from '../../../lib/dates';
import { useMyTicket } from '../api/get-my-ticket';
import { ReplyThread } from '../components/reply-thread';

/** The team's answers, oldest first; older ones beyond the list's newest are fetched on request. */
function Answers({ ticket }: { ticket: MemberSupportTicket }) {
  const [showAll, setShowAll] = useState(false);
  const more = ticket.replyCount > ticket.replies.length;
  const whole = useMyTicket(ticket._id, showAll && more);
  const replies = showAll && whole.data ? whole.data.replies : ticket.replies;
  if (ticket.replyCount === 0) {
    return <p className="text-sm text-slate-500">No reply yet. We answer by e-mail and here.</p>;
  }
  return (
    <ReplyThread
      label={`Replies to ${ticket.reference}`}
      replies={replies}
      replyCount={ticket.replyCount}
      showingAll={showAll}
      onShowAll={() => setShowAll(true)}
      loading={whole.isPending}
      failed={whole.isError}
      testId="member-reply"
      header={(r) => (
        <p className="text-xs text-slate-500">
          <span className="font-semibold text-slate-700">Cutroom support</span> ·{' '}
          <time dateTime={r.createdAt}>{formatDateTime(r.createdAt)}</time>
        </p>
      )}
    />
  );
}

/** One of the member's tickets: its number, subject and status, what they wrote, and the answers. */
export function MyTicketCard({ ticket: t }: { ticket: MemberSupportTicket }) {
  const titleId = `my-ticket-${t._id}`;
  return (
    <Card
      className="min-w-0 space-y-4 p-4 sm:p-5"
      role="article"
      aria-labelledby={titleId}
      data-testid="my-ticket"
    >
      <div className="space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 font-bold break-words text-slate-900">
            <span className="text-slate-500">{t.reference}</span>{' '}
            {t.subject || <span className="font-medium text-slate-400 italic">No subject</span>}
          </h2>
          {t.status === 'open' ? <Badge tone="green">Open</Badge> : <Badge tone="grey">Closed</Badge>}
        </div>
        <p className="text-xs text-slate-500">
          Sent <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>
          {t.closedAt && (
            <>
              {' '}
              · Closed <time dateTime={t.closedAt}>{formatDateTime(t.closedAt)}</time>
            </>
          )}
        </p>
        {t.order && (
          <p className="flex min-w-0 items-center gap-1.5 text-sm break-words text-slate-600">
            <ClipboardList className="size-4 shrink-0 text-slate-400" aria-hidden />
            About order {t.order.reference} · {t.order.title}
          </p>
        )}
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{t.message}</p>
      <div className="border-t border-slate-100 pt-3">
        <Answers ticket={t} />
      </div>
    </Card>
  );
}
