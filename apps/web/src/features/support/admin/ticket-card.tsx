import { useState } from 'react';
import { Link } from 'react-router';
import {
  CheckCircle2,
  ClipboardList,
  Clock,
  Lock,
  Mail,
  RotateCcw,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import type { AdminSupportTicket, SupportReply, SupportTicketStatus } from '@cutroom/contracts/support';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ReplyThread } from '../components/reply-thread';
import { useDeskTicket } from '../api/get-desk-ticket';
import { useSetTicketStatus } from '../api/set-ticket-status';
import { ReplyForm } from './reply-form';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const at = (iso: string) => when.format(new Date(iso));

/** Leads from the home page's connect form are filed with this subject prefix by the server. */
const isConnectLead = (t: AdminSupportTicket) => t.subject?.startsWith('Connect request:') ?? false;

export function StatusBadge({ status }: { status: SupportTicketStatus }) {
  return status === 'open' ? <Badge tone="green">Open</Badge> : <Badge tone="grey">Closed</Badge>;
}

function MailState({ mail }: { mail: SupportReply['mail'] }) {
  if (mail.status === 'sent') {
    return (
      <span className="inline-flex items-center gap-1 text-emerald-700">
        <CheckCircle2 className="size-3.5" aria-hidden /> E-mailed
      </span>
    );
  }
  if (mail.status === 'failed') {
    return (
      <span className="inline-flex items-center gap-1 text-red-700">
        <TriangleAlert className="size-3.5" aria-hidden /> E-mail not delivered
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1 text-amber-700">
      <Clock className="size-3.5" aria-hidden /> Sending e-mail...
    </span>
  );
}

function Replies({ ticket }: { ticket: AdminSupportTicket }) {
  const [showAll, setShowAll] = useState(false);
  const more = ticket.replyCount > ticket.replies.length;
  const whole = useDeskTicket(ticket._id, showAll && more);
  const replies = showAll && whole.data ? whole.data.replies : ticket.replies;
  if (ticket.replyCount === 0) return null;
  return (
    <ReplyThread
      label="Replies"
      replies={replies}
      replyCount={ticket.replyCount}
      showingAll={showAll}
      onShowAll={() => setShowAll(true)}
      loading={whole.isPending}
      failed={whole.isError}
      testId="support-reply"
      header={(r) => (
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
          <span className="font-semibold text-slate-700">{r.author?.username ?? 'A deleted admin'}</span>
          <time dateTime={r.createdAt}>{at(r.createdAt)}</time>
          <span aria-hidden>·</span>
          <MailState mail={r.mail} />
        </p>
      )}
    />
  );
}

/**
 * One ticket as the desk works it: subject and status, what the visitor wrote and how to reach them, the
 * replies sent (and whether each e-mail went), then the reply form and Close, or Reopen once closed.
 * `onStatusChanged` lets the page move the focus when the card leaves the filtered list.
 */
export function TicketCard({
  ticket: t,
  onStatusChanged,
}: {
  ticket: AdminSupportTicket;
  onStatusChanged?: (to: SupportTicketStatus) => void;
}) {
  const status = useSetTicketStatus(t, onStatusChanged);
  const titleId = `ticket-${t._id}`;
  return (
    <Card
      className="flex h-full min-w-0 flex-col gap-4 p-4 sm:p-5"
      data-testid="support-ticket"
      data-status={t.status}
      role="article"
      aria-labelledby={titleId}
    >
      <div className="space-y-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 font-bold break-words text-slate-900">
            {t.subject || <span className="font-medium text-slate-400 italic">No subject</span>}
          </h2>
          <div className="flex shrink-0 flex-wrap gap-1.5">
            {isConnectLead(t) && <Badge tone="brand">Connect lead</Badge>}
            <StatusBadge status={t.status} />
          </div>
        </div>
        <p className="text-xs text-slate-500">
          <span className="font-semibold text-slate-700">{t.reference}</span> · Received{' '}
          <time dateTime={t.createdAt}>{at(t.createdAt)}</time>
        </p>
        {t.status === 'closed' && t.closedAt && (
          <p className="text-xs text-slate-500">
            Closed <time dateTime={t.closedAt}>{at(t.closedAt)}</time>
            {t.closedBy ? ` by ${t.closedBy.username}` : ''}
          </p>
        )}
      </div>

      <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{t.message}</p>

      <div className="flex flex-wrap gap-x-5 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span className="flex min-w-0 items-center gap-1.5 break-words">
          <UserRound className="size-4 shrink-0 text-slate-400" aria-hidden /> {t.name}
          {t.account && (
            <span className="text-slate-500">
              ({t.account.role} {t.account.username})
            </span>
          )}
        </span>
        <a
          href={`mailto:${t.email}`}
          className="flex min-w-0 items-center gap-1.5 break-all text-brand-700 hover:underline"
        >
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden /> {t.email}
        </a>
        {t.order && (
          <Link
            to={`/admin/dashboard/orders/${t.order._id}`}
            className="flex min-w-0 items-center gap-1.5 break-words text-brand-700 hover:underline"
          >
            <ClipboardList className="size-4 shrink-0 text-slate-400" aria-hidden /> {t.order.reference} ·{' '}
            {t.order.title}
          </Link>
        )}
      </div>

      <Replies ticket={t} />

      <div className="mt-auto space-y-3 border-t border-slate-100 pt-3">
        {t.status === 'open' ? (
          <ReplyForm
            ticket={t}
            aside={
              <Button
                variant="ghost"
                size="sm"
                onClick={() => status.mutate('closed')}
                disabled={status.isPending}
                aria-label={`Close ticket from ${t.name}`}
              >
                <Lock className="size-4" aria-hidden /> {status.isPending ? 'Closing...' : 'Close ticket'}
              </Button>
            }
          />
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => status.mutate('open')}
            disabled={status.isPending}
            aria-label={`Reopen ticket from ${t.name}`}
          >
            <RotateCcw className="size-4" aria-hidden /> {status.isPending ? 'Reopening...' : 'Reopen'}
          </Button>
        )}
      </div>
    </Card>
  );
}
