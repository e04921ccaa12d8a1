import { useState } from 'react';
import { Link } from 'react-router';
import { Ban, Check, Snowflake } from 'lucide-react';
import {
  MODERATION_SOURCE_LABELS,
  MODERATION_STATUS_LABELS,
  type ModerationAction,
  type ModerationFlag,
} from '@cutroom/contracts/moderation';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RoomActionConfirm } from './room-action-confirm';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** The excerpt with the detector's match marked, so the reviewer sees at once what raised the flag. */
function Excerpt({ text, match }: { text: string; match: string | null }) {
  const at = match ? text.toLowerCase().indexOf(match.toLowerCase()) : -1;
  return (
    <blockquote className="rounded-xl bg-slate-50 px-3.5 py-2.5 text-sm break-words whitespace-pre-wrap text-slate-800 ring-1 ring-slate-200">
      {at < 0 || !match ? (
        text
      ) : (
        <>
          {text.slice(0, at)}
          <mark className="rounded bg-amber-200 px-0.5 text-slate-900">
            {text.slice(at, at + match.length)}
          </mark>
          {text.slice(at + match.length)}
        </>
      )}
    </blockquote>
  );
}

/**
 * One flag of the queue with what can be done about it. 'Freeze room' asks first, with the chat room
 * pages' own question (RoomActionConfirm): it cuts both members off.
 */
export function FlagCard({
  flag,
  busy,
  onAct,
}: {
  flag: ModerationFlag;
  busy: boolean;
  onAct: (action: ModerationAction) => void;
}) {
  const open = flag.status === 'open';
  const canRemove = open && flag.messageId !== null;
  const canFreeze = open && flag.room !== null && !flag.room.isFrozen && !flag.room.isEnded;
  // asking: the question is on screen; sent: confirmed, waiting for the action to start; running: under way.
  const [freeze, setFreeze] = useState<'asking' | 'sent' | 'running' | null>(null);
  // Followed during render (React's pattern for state derived from a change): the question closes once
  // the action has run, whatever its result (the toast tells it), or once the room can no longer be frozen.
  if (freeze === 'sent' && busy) setFreeze('running');
  if ((freeze === 'running' && !busy) || (freeze !== null && !busy && !canFreeze)) setFreeze(null);
  return (
    <Card className="space-y-3 p-4 sm:p-5" data-testid="moderation-flag">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="amber">{MODERATION_SOURCE_LABELS[flag.source]}</Badge>
        {!open && <Badge tone="grey">{MODERATION_STATUS_LABELS[flag.status]}</Badge>}
        <time className="ml-auto text-xs text-slate-500" dateTime={flag.createdAt}>
          {when.format(new Date(flag.createdAt))}
        </time>
      </div>
      <p className="font-semibold text-slate-900">{flag.reason}</p>
      <Excerpt text={flag.excerpt} match={flag.match} />
      <dl className="grid gap-x-4 gap-y-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-500">Written by</dt>
        <dd className="min-w-0 break-words">
          {flag.author ? `${flag.author.username} (${flag.author.role})` : 'A deleted account'}
        </dd>
        {flag.room && (
          <>
            <dt className="font-medium text-slate-500">Chat</dt>
            <dd className="min-w-0 break-words">
              <Link
                to={`/admin/dashboard/chat-rooms/${flag.room._id}`}
                className="font-semibold text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {flag.room.creator} and {flag.room.editor}
              </Link>
              {flag.room.isEnded ? ' · Ended' : flag.room.isFrozen ? ' · Frozen' : ''}
            </dd>
          </>
        )}
        {flag.order && (
          <>
            <dt className="font-medium text-slate-500">Order</dt>
            <dd>
              <Link
                to={`/admin/dashboard/orders/${flag.order._id}`}
                className="font-semibold text-brand-700 hover:underline focus-visible:rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                {flag.order.reference}
              </Link>
            </dd>
          </>
        )}
        {!open && (
          <>
            <dt className="font-medium text-slate-500">Handled</dt>
            <dd>
              {flag.resolvedBy ?? 'An admin'}
              {flag.resolvedAt ? `, ${when.format(new Date(flag.resolvedAt))}` : ''}
            </dd>
          </>
        )}
      </dl>
      {open && (
        <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAct('dismiss')}>
            <Check className="size-4" aria-hidden /> Dismiss
          </Button>
          {canRemove && (
            <Button variant="danger" size="sm" disabled={busy} onClick={() => onAct('remove-message')}>
              <Ban className="size-4" aria-hidden /> Remove message
            </Button>
          )}
          {canFreeze && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => setFreeze('asking')}>
              <Snowflake className="size-4" aria-hidden /> Freeze room
            </Button>
          )}
        </div>
      )}
      {freeze && flag.room && (
        <RoomActionConfirm
          action="freeze"
          creator={flag.room.creator}
          editor={flag.room.editor}
          busy={busy || freeze === 'sent'}
          onConfirm={() => {
            setFreeze('sent');
            onAct('freeze-room');
          }}
          onCancel={() => setFreeze(null)}
        />
      )}
    </Card>
  );
}
