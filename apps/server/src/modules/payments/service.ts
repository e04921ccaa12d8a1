import { and, count, eq } from 'drizzle-orm';
import type { AdminPaymentPage, PaymentListReply, PaymentStatusReply } from '@cutroom/contracts';
import { payments } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import type { SessionUser } from '../auth';
import type { PaymentsContext } from './context';
import { afterCursor, encodeCursor, selectPayments, shapePayments } from './queries';
import {
  GATEWAY_FAILED,
  LATE_SETTLEMENT_MS,
  expireLapsed,
  paymentOutcome,
  reconcileAtMostEvery,
  recordedEnding,
} from './reconcile';

// What the payment routes read: one payment's status (reconciled first when still open) and the lists.

/**
 * GET status: only the payer, the payee and admins; an unsettled order is checked with the gateway first
 * (at most once every few seconds per order, see reconcileAtMostEvery), and its answer says how a FAILED
 * payment ended (cancelled by the payer, declined, or lapsed). Nothing of that is stored: it is read
 * from the gateway each time, so a FAILED payment past the late-settlement window reads 'failed'.
 */
export async function paymentStatus(
  ctx: PaymentsContext,
  viewer: SessionUser,
  orderId: string,
): Promise<PaymentStatusReply> {
  const [found] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!found) throw notFound('Payment not found');
  const party = found.creatorId === viewer.id || found.editorId === viewer.id;
  if (viewer.role !== 'admin' && !party) throw forbidden('You can only view your own payments');
  // The payment's page (payment-success) is its order's news: the side's notices of that order are read.
  if (party && found.cutroomOrderId)
    await ctx.notices.markReadFor(viewer.id, { orderId: found.cutroomOrderId });
  // FAILED is not final: the payer may have retried at the gateway, or an attempt started before the
  // expiry may have completed after it.
  const open =
    found.status === 'INITIATED' ||
    (found.status === 'FAILED' && found.expiresAt.getTime() > Date.now() - LATE_SETTLEMENT_MS);
  const view = open ? await reconcileAtMostEvery(ctx, found) : null;
  const rows = await selectPayments(ctx.db, eq(payments.id, found.id), { limit: 1 });
  const [shaped] = await shapePayments(ctx.db, rows, viewer.role);
  const named = view?.attempts.some((a) => GATEWAY_FAILED.has(a.status));
  const recorded = shaped!.status === 'FAILED' && !named ? await recordedEnding(ctx.db, orderId) : null;
  const lapsed = found.expiresAt.getTime() <= Date.now();
  return { payment: shaped!, outcome: paymentOutcome(shaped!.status, view, recorded, lapsed) };
}

/** The creator's own payments, or the editor's received ones, newest first, keyset-paginated. */
export async function listOwnPayments(
  ctx: PaymentsContext,
  viewer: SessionUser,
  page: { limit: number; before?: string },
): Promise<PaymentListReply> {
  const own = viewer.role === 'creator' ? { creatorId: viewer.id } : { editorId: viewer.id };
  await expireLapsed(ctx.db, own);
  const ownWhere =
    viewer.role === 'creator' ? eq(payments.creatorId, viewer.id) : eq(payments.editorId, viewer.id);
  const rows = await selectPayments(ctx.db, and(ownWhere, afterCursor(page.before)), {
    limit: page.limit + 1,
  });
  const more = rows.length > page.limit;
  const pageRows = rows.slice(0, page.limit);
  const last = pageRows[pageRows.length - 1];
  return {
    payments: await shapePayments(ctx.db, pageRows, viewer.role),
    ...(more && last ? { nextCursor: encodeCursor(last.payment) } : {}),
  };
}

/** Every payment for admins, newest first, page by page. */
export async function listAllPayments(
  ctx: PaymentsContext,
  page: { page: number; limit: number },
): Promise<AdminPaymentPage> {
  await expireLapsed(ctx.db, {});
  const [rows, [total]] = await Promise.all([
    selectPayments(ctx.db, undefined, { limit: page.limit, offset: (page.page - 1) * page.limit }),
    ctx.db.select({ n: count() }).from(payments),
  ]);
  return {
    payments: await shapePayments(ctx.db, rows, 'admin'),
    page: page.page,
    limit: page.limit,
    total: Number(total?.n ?? 0),
  };
}
