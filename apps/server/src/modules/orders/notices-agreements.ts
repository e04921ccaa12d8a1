import { formatPaise, rupeesFromPaise } from '@cutroom/contracts';
import type { NotificationInput } from '../notifications';
import { noticeParts, quotable, type NoticeOrder } from './notice-parts';
import { formatLineTime } from './shape';

// The notices of what the two sides agree on besides the work itself: more time, and a different amount.

/** A step of an extension request or a settlement proposal worth telling the other side about. */
export type AgreementNotice =
  | {
      kind: 'extension_requested';
      order: NoticeOrder;
      days: number;
      reason: string;
      requestedAt: Date;
      respondBy: Date;
    }
  | {
      kind: 'extension_answered';
      order: NoticeOrder;
      outcome: 'accepted' | 'declined' | 'lapsed';
      days: number;
      /** Of the request answered: each request is answered once. */
      requestedAt: Date;
      /** The new due date, when accepted. */
      dueAt?: Date;
    }
  | {
      kind: 'settlement_proposed';
      order: NoticeOrder;
      by: 'creator' | 'editor';
      amountPaise: number;
      paidPaise: number;
      reason: string | null;
      proposedAt: Date;
      respondBy: Date;
    }
  | {
      kind: 'settlement_answered';
      order: NoticeOrder;
      outcome: 'declined' | 'lapsed' | 'withdrawn';
      /** The side told: the one that proposed (declined, lapsed), or the one asked to answer (withdrawn). */
      to: 'creator' | 'editor';
      amountPaise: number;
      proposedAt: Date;
    }
  | { kind: 'extension_withdrawn'; order: NoticeOrder; days: number; requestedAt: Date };

/** Each notice as lines for the people it concerns. */
export function agreementLines(n: AgreementNotice, name: (id: string) => string): NotificationInput[] {
  const o = n.order;
  const { ref, link, base, creator, editor } = noticeParts(o, name);
  switch (n.kind) {
    case 'extension_requested':
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:extension:${n.requestedAt.getTime()}`,
          title: `${name(editor)} asks for ${n.days} more day${n.days === 1 ? '' : 's'} on ${ref}`,
          body: `Accept or decline by ${formatLineTime(n.respondBy)}, or the due date stays`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            title: o.title,
            editor: name(editor),
            days: n.days,
            reason: quotable(n.reason),
            respondBy: n.respondBy.toISOString(),
            link,
          },
        },
      ];
    case 'extension_answered':
      return [
        {
          ...base,
          userId: editor,
          kind: n.kind,
          dedupeKey: `order:${o.id}:extension-answer:${n.requestedAt.getTime()}`,
          title:
            n.outcome === 'accepted'
              ? `${ref} now has ${n.days} more day${n.days === 1 ? '' : 's'}`
              : n.outcome === 'declined'
                ? `${name(creator)} kept the due date of ${ref}`
                : `Your request for more time on ${ref} lapsed`,
          body: n.dueAt ? `Due ${formatLineTime(n.dueAt)}` : `"${o.title}": the due date stays`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            title: o.title,
            creator: name(creator),
            outcome: n.outcome,
            days: n.days,
            dueAt: n.dueAt?.toISOString() ?? null,
            link,
          },
        },
      ];
    case 'settlement_proposed': {
      const from = n.by === 'creator' ? creator : editor;
      return [
        {
          ...base,
          userId: n.by === 'creator' ? editor : creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:settlement:${n.proposedAt.getTime()}`,
          title: `${name(from)} proposes completing ${ref} at ${formatPaise(n.amountPaise)}`,
          body: `Accept or decline by ${formatLineTime(n.respondBy)}; unanswered, nothing changes`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            title: o.title,
            by: n.by,
            counterpart: name(from),
            amount: rupeesFromPaise(n.amountPaise),
            paid: rupeesFromPaise(n.paidPaise),
            refund: rupeesFromPaise(n.paidPaise - n.amountPaise),
            reason: n.reason ? quotable(n.reason) : null,
            respondBy: n.respondBy.toISOString(),
            link,
          },
        },
      ];
    }
    case 'settlement_answered': {
      const to = n.to === 'creator' ? creator : editor;
      const other = n.to === 'creator' ? editor : creator;
      return [
        {
          ...base,
          userId: to,
          kind: n.kind,
          dedupeKey: `order:${o.id}:settlement-answer:${n.proposedAt.getTime()}`,
          title:
            n.outcome === 'declined'
              ? `${name(other)} declined completing ${ref} at ${formatPaise(n.amountPaise)}`
              : n.outcome === 'withdrawn'
                ? `${name(other)} withdrew the proposal to complete ${ref} at ${formatPaise(n.amountPaise)}`
                : `Your proposal on ${ref} lapsed unanswered`,
          body: `"${o.title}" goes on at its price`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            title: o.title,
            counterpart: name(other),
            outcome: n.outcome,
            amount: rupeesFromPaise(n.amountPaise),
            link,
          },
        },
      ];
    }
    case 'extension_withdrawn':
      // Told under the request's own kind: the creator no longer has anything to answer.
      return [
        {
          ...base,
          userId: creator,
          kind: 'extension_requested',
          dedupeKey: `order:${o.id}:extension-withdrawn:${n.requestedAt.getTime()}`,
          title: `${name(editor)} withdrew the request for more time on ${ref}`,
          body: `"${o.title}": the due date stays`,
          mail: {
            kind: 'extension_requested',
            step: 'withdrawn',
            orderRef: ref,
            title: o.title,
            editor: name(editor),
            days: n.days,
            link,
          },
        },
      ];
  }
}
