import { inArray } from 'drizzle-orm';
import { formatPaise, orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { agreementLines, type AgreementNotice } from './notices-agreements';
import { quotable, type NoticeOrder } from './notice-parts';
import type { NotificationInput } from '../notifications';
import { formatLineTime } from './shape';

type Order = NoticeOrder;

/** The bell's line for a completed order, by how it completed. */
const COMPLETED_HOW: Record<'approved' | 'automatic' | 'settled' | 'decided', (title: string) => string> = {
  approved: (t) => `"${t}" was approved`,
  automatic: (t) => `"${t}" completed automatically`,
  settled: (t) => `"${t}" completed at the amount both sides agreed`,
  decided: (t) => `"${t}" completed by Cutroom support's decision`,
};

/** A step of an order worth telling someone about; `key` makes it one notice however often it is told. */
export type OrderNotice =
  | { kind: 'offer_received'; order: Order }
  | { kind: 'order_paid'; order: Order; key: string; amountPaise: number; paymentRef: string; paidAt: Date }
  | { kind: 'delivery_ready'; order: Order; deliveryId: string; deliveryNumber: number }
  | { kind: 'changes_requested'; order: Order; deliveryId: string; deliveryNumber: number; note: string }
  | { kind: 'auto_complete_soon'; order: Order; at: Date }
  | {
      kind: 'order_completed';
      order: Order;
      /** The creator approved it, the review time ran out, the sides settled, or admins decided. */
      how: 'approved' | 'automatic' | 'settled' | 'decided';
    }
  | {
      kind: 'cancellation_requested';
      order: Order;
      by: 'creator' | 'editor';
      reason: string | null;
      requestedAt: Date;
      respondBy: Date;
      /** The order is disputed: unanswered, the request lapses instead of going through. */
      disputed: boolean;
    }
  | {
      kind: 'order_cancelled';
      order: Order;
      by: 'creator' | 'editor' | 'admin' | 'system';
      proposedBy?: 'creator' | 'editor' | null;
      refundPaise: number;
    }
  | { kind: 'refund_issued'; order: Order; key: string; amountPaise: number; paymentRef: string }
  | AgreementNotice;

/** Each notice as lines for the people it concerns (one query for every name). */
export async function orderNoticeLines(db: Db, notices: OrderNotice[]): Promise<NotificationInput[]> {
  if (notices.length === 0) return [];
  const ids = [...new Set(notices.flatMap((n) => [n.order.creatorId, n.order.editorId]))];
  const names = new Map(
    (
      await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
    ).map((u) => [u.id, u.username]),
  );
  return notices.flatMap((n) => linesOf(n, (id) => names.get(id) ?? 'someone'));
}

function linesOf(n: OrderNotice, name: (id: string) => string): NotificationInput[] {
  const o = n.order;
  const ref = orderReference(o.number);
  const link = `/chat?roomId=${o.roomId}`;
  const base = { roomId: o.roomId, orderId: o.id, link };
  const creator = o.creatorId;
  const editor = o.editorId;
  switch (n.kind) {
    case 'extension_requested':
    case 'extension_answered':
    case 'extension_withdrawn':
    case 'settlement_proposed':
    case 'settlement_answered':
      return agreementLines(n, name);
    case 'offer_received':
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:offered`,
          title: `New offer from ${name(editor)}`,
          body: `${ref} "${o.title}" for ${formatPaise(o.pricePaise)}`,
          mail: {
            kind: n.kind,
            editor: name(editor),
            orderRef: ref,
            title: o.title,
            amount: rupeesFromPaise(o.pricePaise),
            deliveryDays: o.deliveryDays,
            revisions: o.revisionsIncluded,
            link,
          },
        },
      ];
    case 'order_paid': {
      const common = {
        kind: n.kind,
        orderRef: ref,
        title: o.title,
        amount: rupeesFromPaise(n.amountPaise),
        paidAt: n.paidAt.toISOString(),
        paymentRef: n.paymentRef,
        link,
      };
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:${n.key}`,
          title: `Payment received for ${ref}`,
          body: `${formatPaise(n.amountPaise)} paid for "${o.title}"`,
          mail: { ...common, side: 'creator', counterpart: name(editor) },
        },
        {
          ...base,
          userId: editor,
          kind: n.kind,
          dedupeKey: `order:${o.id}:${n.key}`,
          title: `${ref} is paid`,
          body: `${name(creator)} paid ${formatPaise(n.amountPaise)} for "${o.title}"`,
          mail: { ...common, side: 'editor', counterpart: name(creator) },
        },
      ];
    }
    case 'delivery_ready':
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `delivery:${n.deliveryId}:ready`,
          title: `Delivery #${n.deliveryNumber} is ready for review`,
          body: `${ref} "${o.title}" from ${name(editor)}`,
          mail: {
            kind: n.kind,
            editor: name(editor),
            orderRef: ref,
            title: o.title,
            deliveryNumber: n.deliveryNumber,
            link,
          },
        },
      ];
    case 'changes_requested':
      return [
        {
          ...base,
          userId: editor,
          kind: n.kind,
          dedupeKey: `delivery:${n.deliveryId}:changes`,
          title: `Changes requested on ${ref}`,
          body: quotable(n.note).slice(0, 200),
          mail: {
            kind: n.kind,
            creator: name(creator),
            orderRef: ref,
            title: o.title,
            deliveryNumber: n.deliveryNumber,
            note: quotable(n.note),
            link,
          },
        },
      ];
    case 'auto_complete_soon':
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:auto-complete-warning:${n.at.getTime()}`,
          title: `${ref} completes automatically soon`,
          body: `Approve or ask for changes before it completes by itself`,
          mail: { kind: n.kind, orderRef: ref, title: o.title, completesAt: n.at.toISOString(), link },
        },
      ];
    case 'order_completed':
      return [creator, editor].map((userId) => ({
        ...base,
        userId,
        kind: n.kind,
        dedupeKey: `order:${o.id}:completed`,
        title: `${ref} is completed`,
        body: COMPLETED_HOW[n.how](o.title),
        mail: {
          kind: n.kind,
          orderRef: ref,
          title: o.title,
          counterpart: name(userId === creator ? editor : creator),
          automatic: n.how === 'automatic',
          link,
        },
      }));
    case 'cancellation_requested': {
      // The other side: unanswered, the order is cancelled with a full refund at `respondBy`.
      const to = n.by === 'creator' ? editor : creator;
      const reason = n.reason ? quotable(n.reason) : null;
      return [
        {
          ...base,
          userId: to,
          kind: n.kind,
          dedupeKey: `order:${o.id}:cancellation:${n.requestedAt.getTime()}`,
          title: `${name(n.by === 'creator' ? creator : editor)} proposes cancelling ${ref}`,
          body: n.disputed
            ? `Accept or decline by ${formatLineTime(n.respondBy)}; unanswered, the request lapses while the dispute is open`
            : `Accept or decline by ${formatLineTime(n.respondBy)}, or it is cancelled with a full refund`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            title: o.title,
            by: n.by,
            counterpart: name(n.by === 'creator' ? creator : editor),
            reason,
            respondBy: n.respondBy.toISOString(),
            disputed: n.disputed,
            link,
          },
        },
      ];
    }
    case 'order_cancelled': {
      // The side that cancelled knows; the other side (or both, for admins and the system) is told.
      const to = n.by === 'creator' ? [editor] : n.by === 'editor' ? [creator] : [creator, editor];
      return to.map((userId) => ({
        ...base,
        userId,
        kind: n.kind,
        dedupeKey: `order:${o.id}:cancelled`,
        title: `${ref} was cancelled`,
        body:
          n.refundPaise > 0 && userId === creator
            ? `${formatPaise(n.refundPaise)} will be refunded to you`
            : `"${o.title}"`,
        mail: {
          kind: n.kind,
          orderRef: ref,
          title: o.title,
          by: n.by,
          proposedBy: n.proposedBy ?? null,
          refundAmount: n.refundPaise > 0 ? rupeesFromPaise(n.refundPaise) : null,
          link,
        },
      }));
    }
    case 'refund_issued':
      return [
        {
          ...base,
          userId: creator,
          kind: n.kind,
          dedupeKey: `order:${o.id}:${n.key}`,
          title: `Refund of ${formatPaise(n.amountPaise)} is on its way`,
          body: `For ${ref} "${o.title}"`,
          mail: {
            kind: n.kind,
            orderRef: ref,
            amount: rupeesFromPaise(n.amountPaise),
            paymentRef: n.paymentRef,
            link,
          },
        },
      ];
  }
}
