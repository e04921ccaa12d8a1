import { and, asc, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_DISPUTE_STATUSES,
  rupeesFromPaise,
  type AdminDisputePage,
  type DisputeStatus,
} from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { disputes, orders, payments, users } from '../../db/schema';
import { refundTotals } from '../payments';
import { evidenceOf } from './evidence';
import { toDispute } from './shape';

const creatorUser = alias(users, 'dispute_creator');
const editorUser = alias(users, 'dispute_editor');

/**
 * The admins' queue: open disputes oldest first (closed ones newest first), each with its order's names
 * and money, and whether a dispute with admins has waited past DISPUTE_DECISION_HOURS.
 */
export async function adminDisputeQueue(
  db: Db,
  config: Config,
  query: { status: 'open' | 'closed'; page: number; limit: number },
  only?: string,
): Promise<AdminDisputePage> {
  const open = OPEN_DISPUTE_STATUSES as DisputeStatus[];
  const where = only
    ? eq(disputes.id, only)
    : query.status === 'open'
      ? inArray(disputes.status, open)
      : notInArray(disputes.status, open);
  const rows = await db
    .select({
      dispute: disputes,
      order: orders,
      creator: creatorUser.username,
      editor: editorUser.username,
      payment: payments,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(creatorUser, eq(creatorUser.id, orders.creatorId))
    .innerJoin(editorUser, eq(editorUser.id, orders.editorId))
    .leftJoin(payments, and(eq(payments.id, orders.paymentId), eq(payments.status, 'SUCCESS')))
    .where(where)
    .orderBy(query.status === 'open' ? asc(disputes.createdAt) : desc(disputes.createdAt), asc(disputes.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(disputes).where(where);
  const evidence = await evidenceOf(
    db,
    rows.map((r) => r.dispute.id),
  );
  const refunds = await refundTotals(
    db,
    rows.flatMap((r) => (r.payment ? [r.payment.id] : [])),
  );
  const overdueMs = config.DISPUTE_DECISION_HOURS * 3_600_000;
  const now = Date.now();
  return {
    data: rows.map((r) => {
      const refunded = r.payment ? (refunds.get(r.payment.id)?.pendingOrRefundedPaise ?? 0) : 0;
      const d = r.dispute;
      return {
        ...toDispute(d, r.order, evidence, 'admin'),
        creator: r.creator,
        editor: r.editor,
        orderTitle: r.order.title,
        paidAmount: rupeesFromPaise(r.payment ? r.payment.amountPaise - refunded : 0),
        overdue:
          d.status === 'with_admins' && d.escalatedAt !== null && now - d.escalatedAt.getTime() > overdueMs,
      };
    }),
    page: query.page,
    limit: query.limit,
    total: Number(total),
  };
}
