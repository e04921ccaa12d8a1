import { and, asc, eq, inArray } from 'drizzle-orm';
import { DISPUTE_MESSAGES } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatMessages, deliveries, disputeEvidence } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

export type EvidenceRow = typeof disputeEvidence.$inferSelect;

/** Longest excerpt of a cited message kept with the dispute. */
const EXCERPT = 300;

/**
 * Records what a side cites: messages of the order's own room and deliveries of the order itself, each
 * with a summary as it reads now (the case file keeps it even if the message is removed later). Anything
 * else is refused, so nobody cites another pair's conversation.
 */
export async function citeEvidence(
  tx: Db,
  dispute: { id: string },
  order: { id: string; roomId: string },
  side: 'creator' | 'editor',
  cited: { messageIds: string[]; deliveryIds: string[] },
): Promise<void> {
  const messageIds = [...new Set(cited.messageIds)];
  const deliveryIds = [...new Set(cited.deliveryIds)];
  const messages = messageIds.length
    ? await tx
        .select({ id: chatMessages.id, content: chatMessages.content, role: chatMessages.senderRole })
        .from(chatMessages)
        .where(and(inArray(chatMessages.id, messageIds), eq(chatMessages.chatRoomId, order.roomId)))
        .orderBy(asc(chatMessages.seq))
    : [];
  const cuts = deliveryIds.length
    ? await tx
        .select({ id: deliveries.id, number: deliveries.number, kind: deliveries.mediaKind })
        .from(deliveries)
        .where(and(inArray(deliveries.id, deliveryIds), eq(deliveries.cutroomOrderId, order.id)))
        .orderBy(asc(deliveries.number))
    : [];
  if (messages.length !== messageIds.length || cuts.length !== deliveryIds.length) {
    throw badRequest(DISPUTE_MESSAGES.citedElsewhere);
  }
  const rows = [
    ...messages.map((m) => ({
      disputeId: dispute.id,
      side,
      messageId: m.id,
      summary: `${m.role ? `${m.role[0]!.toUpperCase()}${m.role.slice(1)}` : 'Cutroom'}: ${excerpt(m.content)}`,
    })),
    ...cuts.map((d) => ({
      disputeId: dispute.id,
      side,
      deliveryId: d.id,
      summary: `Delivery #${d.number} (${d.kind})`,
    })),
  ];
  // One statement gives every row the same created_at, and the case file reads them by created_at: each
  // row its own millisecond keeps them as cited (messages in chat order, then deliveries by number).
  const at = Date.now();
  if (rows.length) {
    await tx.insert(disputeEvidence).values(rows.map((r, i) => ({ ...r, createdAt: new Date(at + i) })));
  }
}

const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT - 1)}…` : text);

export async function evidenceOf(db: Db, disputeIds: string[]): Promise<EvidenceRow[]> {
  if (!disputeIds.length) return [];
  return db
    .select()
    .from(disputeEvidence)
    .where(inArray(disputeEvidence.disputeId, disputeIds))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
}
