import type { Delivery } from '@cutroom/contracts';
import { orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { OrderRow } from '../orders';
import type { DeliveryRow } from './records';
import { previewTicketExpiry, type TicketPurpose } from '../auth';

export type Viewer = 'creator' | 'editor' | 'admin';

type Sign = (purpose: TicketPurpose, deliveryId: string, expires: Date) => string | null;

const mediaUrl = (id: string, purpose: 'preview' | 'poster', ticket: string | null) =>
  ticket
    ? `/api/deliveries/${id}/${purpose}?t=${encodeURIComponent(ticket)}`
    : `/api/deliveries/${id}/${purpose}`;

/**
 * A delivery as a member or an admin sees it. Storage keys never leave the server: media is only
 * reachable through /api/deliveries/{id}/… URLs, which check access on every request.
 */
export function toDelivery(
  row: DeliveryRow,
  ctx: { viewer: Viewer; order: OrderRow | null; paid: boolean; released: boolean; sign: Sign },
): Delivery {
  const ready = row.previewStatus === 'ready';
  const expires = previewTicketExpiry();
  return {
    _id: row.id,
    roomId: row.roomId,
    number: row.number,
    tier: row.tier,
    order: ctx.order
      ? {
          _id: ctx.order.id,
          reference: orderReference(ctx.order.number),
          title: ctx.order.title,
          status: ctx.order.status,
        }
      : { _id: '', reference: '', title: '', status: 'cancelled' },
    kind: row.mediaKind,
    sizeBytes: row.sizeBytes,
    note: row.note,
    status: row.status,
    changesNote: row.changesNote,
    preview: {
      status: row.previewStatus,
      error: row.previewStatus === 'failed' ? (row.previewError ?? 'The preview could not be made') : null,
      url: ready ? mediaUrl(row.id, 'preview', ctx.sign('preview', row.id, expires)) : null,
      posterUrl:
        ready && row.posterKey ? mediaUrl(row.id, 'poster', ctx.sign('poster', row.id, expires)) : null,
    },
    amount: ctx.order ? rupeesFromPaise(ctx.order.pricePaise) : null,
    paid: ctx.paid,
    paidAt: ctx.paid && ctx.order?.paidAt ? ctx.order.paidAt.toISOString() : null,
    canDownload: ctx.viewer === 'admin' || (ctx.viewer === 'creator' && ctx.released),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}
