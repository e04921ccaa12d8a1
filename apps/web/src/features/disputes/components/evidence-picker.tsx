import type { ReactNode } from 'react';
import type { ChatMessage } from '@cutroom/contracts/chat';
import { DISPUTE_LIMITS } from '@cutroom/contracts/disputes';
import { formatDateTime } from '../../../lib/dates';
import { deliveryStatusOf, useDeliveriesQuery } from '../../delivery';
import { RECENT_MESSAGES, useRecentMessagesQuery } from '../api/get-recent-messages';

type Side = 'creator' | 'editor';

const box =
  'size-4 shrink-0 rounded border-slate-300 accent-brand-600 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!';

/** One checklist of the form: a legend, its hint, the items (scrolling when long) and its error. */
function Checklist(props: {
  legend: string;
  hint: string;
  error?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="min-w-0 space-y-1.5" data-testid={props.testId}>
      <legend className="text-sm font-medium text-slate-700">{props.legend}</legend>
      <p className="text-xs text-slate-500">{props.hint}</p>
      {props.children}
      {props.error && (
        <p role="alert" className="text-xs font-medium text-red-600">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

function Item(props: {
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <li>
      <label className="flex cursor-pointer gap-2.5 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-50 has-[:checked]:bg-brand-50">
        <input
          type="checkbox"
          className={`${box} mt-0.5`}
          checked={props.checked}
          disabled={props.disabled}
          onChange={(e) => props.onChange(e.target.checked)}
        />
        <span className="min-w-0 flex-1">{props.children}</span>
      </label>
    </li>
  );
}

const toggle = (ids: string[], id: string, on: boolean) =>
  on ? [...ids.filter((x) => x !== id), id] : ids.filter((x) => x !== id);

const quiet = (text: string) => <p className="px-2 py-1.5 text-sm text-slate-500">{text}</p>;

/**
 * What a side cites with its statement: messages of this room (the newest ones, newest first) and
 * deliveries of this order, each a checkbox. Both sides and Cutroom support read what is cited.
 */
export function EvidencePicker(props: {
  roomId: string;
  orderId: string;
  side: Side;
  messageIds: string[];
  deliveryIds: string[];
  onMessages: (ids: string[]) => void;
  onDeliveries: (ids: string[]) => void;
  disabled: boolean;
  errors: { messages?: string; deliveries?: string };
}) {
  const messages = useRecentMessagesQuery(props.roomId, { staleTime: 0 });
  const deliveries = useDeliveriesQuery(props.roomId);
  const said = (messages.data?.data ?? []).filter((m) => m.sender !== null).reverse();
  const cuts = (deliveries.data?.data ?? []).filter((d) => d.order._id === props.orderId);
  const full = (ids: string[]) => ids.length >= DISPUTE_LIMITS.citedMax;
  const who = (m: ChatMessage) =>
    m.sender?.role === props.side ? 'You' : m.sender?.role === 'creator' ? 'Creator' : 'Editor';

  return (
    <div className="space-y-4">
      <Checklist
        legend="Messages to cite (optional)"
        hint={`From the ${RECENT_MESSAGES} newest messages of this chat, at most ${DISPUTE_LIMITS.citedMax}.`}
        error={props.errors.messages}
        testId="dispute-cite-messages"
      >
        {messages.isPending ? (
          quiet('Loading messages...')
        ) : messages.isError ? (
          <p role="alert" className="px-2 py-1.5 text-sm text-red-700">
            Failed to load messages.{' '}
            <button type="button" className="font-semibold underline" onClick={() => messages.refetch()}>
              Try Again
            </button>
          </p>
        ) : said.length === 0 ? (
          quiet('No messages in this chat yet.')
        ) : (
          <ul className="max-h-48 space-y-0.5 overflow-y-auto rounded-lg border border-slate-200 p-1">
            {said.map((m) => {
              const checked = props.messageIds.includes(m._id);
              return (
                <Item
                  key={m._id}
                  checked={checked}
                  disabled={props.disabled || (!checked && full(props.messageIds))}
                  onChange={(on) => props.onMessages(toggle(props.messageIds, m._id, on))}
                >
                  <span className="block text-xs text-slate-500">
                    {who(m)} · {formatDateTime(m.sentAt)}
                  </span>
                  <span className="line-clamp-2 break-words text-slate-900">{m.content}</span>
                </Item>
              );
            })}
          </ul>
        )}
      </Checklist>

      <Checklist
        legend="Deliveries to cite (optional)"
        hint="Deliveries of this order."
        error={props.errors.deliveries}
        testId="dispute-cite-deliveries"
      >
        {deliveries.isPending ? (
          quiet('Loading deliveries...')
        ) : deliveries.isError ? (
          <p role="alert" className="px-2 py-1.5 text-sm text-red-700">
            Failed to load deliveries.
          </p>
        ) : cuts.length === 0 ? (
          quiet('Nothing has been delivered for this order.')
        ) : (
          <ul className="space-y-0.5 rounded-lg border border-slate-200 p-1">
            {cuts.map((d) => {
              const checked = props.deliveryIds.includes(d._id);
              return (
                <Item
                  key={d._id}
                  checked={checked}
                  disabled={props.disabled || (!checked && full(props.deliveryIds))}
                  onChange={(on) => props.onDeliveries(toggle(props.deliveryIds, d._id, on))}
                >
                  <span className="font-medium text-slate-900">
                    Delivery #{d.number} ({d.kind})
                  </span>
                  <span className="block text-xs text-slate-500">
                    {formatDateTime(d.createdAt)} · {deliveryStatusOf(d, props.side).label}
                  </span>
                </Item>
              );
            })}
          </ul>
        )}
      </Checklist>
    </div>
  );
}
