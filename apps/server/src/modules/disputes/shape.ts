import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_FILE_TYPES,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
  disputeActions,
  orderReference,
  rupeesFromPaise,
  type Dispute,
  type DisputeFileType,
  type DisputeViewer,
} from '@cutroom/contracts';
import type { EvidenceRow } from './evidence';
import type { DisputeRow } from './states';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The order a dispute is shown with. */
export interface DisputeOrder {
  id: string;
  number: number;
  roomId: string;
  creatorId: string;
  editorId: string;
}

export function viewerOfDispute(order: DisputeOrder, user: { id: string; role: string }): DisputeViewer {
  if (user.id === order.creatorId) return 'creator';
  if (user.id === order.editorId) return 'editor';
  return user.role === 'admin' ? 'admin' : 'other';
}

/** A dispute as `viewer` sees it (both sides and admins see the same statements and evidence). */
export function toDispute(
  d: DisputeRow,
  order: DisputeOrder,
  evidence: EvidenceRow[],
  viewer: DisputeViewer,
): Dispute {
  return {
    _id: d.id,
    orderId: d.orderId,
    orderReference: orderReference(order.number),
    roomId: order.roomId,
    openedBy: d.openedBy,
    reason: d.reason,
    reasonLabel: DISPUTE_REASON_LABELS[d.reason],
    status: d.status,
    statusLabel: DISPUTE_STATUS_LABELS[d.status],
    statement: d.statement,
    response:
      d.responseStatement && d.respondedAt
        ? { statement: d.responseStatement, at: d.respondedAt.toISOString() }
        : null,
    respondBy: d.respondBy.toISOString(),
    escalatedAt: iso(d.escalatedAt),
    decision:
      d.decision && d.decisionNote && d.closedAt
        ? {
            kind: d.decision,
            label: DISPUTE_DECISION_LABELS[d.decision],
            amount: d.decisionAmountPaise === null ? null : rupeesFromPaise(d.decisionAmountPaise),
            note: d.decisionNote,
            at: d.closedAt.toISOString(),
          }
        : null,
    closedAt: iso(d.closedAt),
    evidence: evidence
      .filter((e) => e.disputeId === d.id)
      .map((e) => ({
        _id: e.id,
        side: e.side,
        kind: e.messageId ? ('message' as const) : e.deliveryId ? ('delivery' as const) : ('file' as const),
        summary: e.summary,
        messageId: e.messageId,
        deliveryId: e.deliveryId,
        file:
          e.fileKey && e.fileType && e.fileBytes !== null && e.fileSha256
            ? {
                type: e.fileType,
                typeLabel: DISPUTE_FILE_TYPES[e.fileType as DisputeFileType] ?? 'File',
                bytes: e.fileBytes,
                sha256: e.fileSha256,
              }
            : null,
        createdAt: e.createdAt.toISOString(),
      })),
    createdAt: d.createdAt.toISOString(),
    actions: disputeActions(d, viewer),
  };
}
