import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries, payments, refunds } from '../../db/schema';

export type DeliveryRow = typeof deliveries.$inferSelect;

/**
 * A payment covers a delivery while it is SUCCESS and not fully refunded: a full refund takes the
 * original away (the issue's rule), a partial one (a discount, say) does not. Refunds count once the
 * gateway confirms them, which is also when the payments module announces them.
 */
const refundedPaise = sql`coalesce((select sum(${refunds.amountPaise}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'SUCCESS'), 0)`;
const covers = and(eq(payments.status, 'SUCCESS'), sql`${refundedPaise} < ${payments.amountPaise}`);

/** Which of these payments still cover what they are linked to (one query). */
export async function coveringPayments(db: Db, paymentIds: string[]): Promise<Set<string>> {
  if (paymentIds.length === 0) return new Set();
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(inArray(payments.id, paymentIds), covers));
  return new Set(rows.map((r) => r.id));
}

export interface PairChanges {
  /** Deliveries that a payment now covers (newly). */
  linked: DeliveryRow[];
  /** Deliveries whose payment was fully refunded (named here): locked again. */
  unlinked: { delivery: DeliveryRow; paymentId: string }[];
}

/**
 * Brings one creator–editor pair's deliveries in line with its payments: a delivery whose payment no
 * longer covers it is unlinked, then approved deliveries without a payment take unused covering
 * payments, the first approved taking the earliest paid (so a Pay Now made before any delivery covers
 * the first one approved). Serialised per pair, so concurrent approvals and webhooks never give one
 * payment to two deliveries (the unique index on payment_id would refuse it anyway).
 */
export async function reconcilePair(
  db: Db,
  pair: { creatorId: string; editorId: string },
): Promise<PairChanges> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`deliveries:${pair.creatorId}:${pair.editorId}`}))`,
    );
    const ofPair = and(eq(deliveries.creatorId, pair.creatorId), eq(deliveries.editorId, pair.editorId));

    const linkedNow = await tx
      .select({ id: deliveries.id, paymentId: deliveries.paymentId })
      .from(deliveries)
      .where(and(ofPair, isNotNull(deliveries.paymentId)));
    const stillCovering = await coveringPayments(
      tx,
      linkedNow.map((d) => d.paymentId!),
    );
    const lapsed = new Map(
      linkedNow.filter((d) => !stillCovering.has(d.paymentId!)).map((d) => [d.id, d.paymentId!]),
    );
    const unlinked = lapsed.size
      ? (
          await tx
            .update(deliveries)
            .set({ paymentId: null, paidAt: null, updatedAt: sql`now()` })
            .where(inArray(deliveries.id, [...lapsed.keys()]))
            .returning()
        ).map((delivery) => ({ delivery, paymentId: lapsed.get(delivery.id)! }))
      : [];

    const waiting = await tx
      .select()
      .from(deliveries)
      .where(and(ofPair, eq(deliveries.status, 'approved'), isNull(deliveries.paymentId)))
      .orderBy(asc(deliveries.decidedAt), asc(deliveries.number));
    const linked: DeliveryRow[] = [];
    if (waiting.length > 0) {
      const unused = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.creatorId, pair.creatorId),
            eq(payments.editorId, pair.editorId),
            covers,
            notExists(
              tx
                .select({ one: sql`1` })
                .from(deliveries)
                .where(eq(deliveries.paymentId, payments.id)),
            ),
          ),
        )
        .orderBy(asc(payments.paidAt), asc(payments.createdAt))
        .limit(waiting.length);
      for (const [i, payment] of unused.entries()) {
        const [row] = await tx
          .update(deliveries)
          .set({ paymentId: payment.id, paidAt: sql`now()`, updatedAt: sql`now()` })
          .where(eq(deliveries.id, waiting[i]!.id))
          .returning();
        linked.push(row!);
      }
    }
    return { linked, unlinked };
  });
}
