import type { OrderFile } from '@cutroom/contracts';
import type { OrderFileRow } from './records';

/** A file as the order's sides and admins see it; only a ready file has a download (with the viewer's ticket). */
export function toOrderFile(r: OrderFileRow, viewerId: string, ticket: string | null): OrderFile {
  return {
    id: r.id,
    orderId: r.orderId,
    kind: r.kind,
    status: r.status,
    name: r.name,
    sizeBytes: r.sizeBytes,
    mimeType: r.mimeType,
    sha256: r.sha256,
    video: r.video ?? null,
    rejectedReason: r.rejectedReason,
    uploadedBy: r.uploaderRole,
    mine: r.uploaderId === viewerId,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    downloadUrl:
      r.status === 'ready'
        ? `/api/order-files/${r.id}/download${ticket ? `?t=${encodeURIComponent(ticket)}` : ''}`
        : null,
    uploadUrl: r.status === 'uploading' && r.uploaderId === viewerId ? `/api/uploads/${r.tusId}` : null,
  };
}

/** The zip of an order's ready files, with the viewer's ticket when there is one. */
export const archiveUrl = (orderId: string, ticket: string | null) =>
  `/api/orders/${orderId}/files.zip${ticket ? `?t=${encodeURIComponent(ticket)}` : ''}`;
