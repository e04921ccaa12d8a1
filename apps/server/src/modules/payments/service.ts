import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, lt } from 'drizzle-orm';
import {
  PAYMENT_MESSAGES,
  tierAmount,
  type CreatePaymentReply,
  type Payment,
  type PaymentListReply,
  type AdminPaymentPage,
  type TierTitle,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorPortfolios, payments, users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/http-error';
import type { SessionUser } from '../auth/session-service';
import type { PaymentsContext } from './context';
import { applyGatewayEvent } from './events';
import { afterCursor, encodeCursor, selectPayments, shapePayments, type PaymentRow } from './queries';

/** How long a creator has to complete the checkout before the order lapses. */
export const ORDER_TTL_MS = 60 * 60 * 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'order_' + time + randomness: 3–45 of [A-Za-z0-9_-] as Cashfree requires, unguessable. */
export function newOrderId(): string {
  return `order_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

/**
 * Creates a gateway order for one tier of one editor. The amount comes from the editor's stored tier
 * (DESIGN.md §4), never from the client.
 */
export async function createPayment(
  ctx: PaymentsContext,
  creator: SessionUser,
  params: { editorId: string; tier: TierTitle },
  input: { phone: string; creatorNote: string },
): Promise<CreatePaymentReply> {
  if (!UUID.test(params.editorId)) throw notFound(PAYMENT_MESSAGES.editorNotFound);
  const [editor] = await ctx.db
    .select({ id: users.id, username: users.username, tiers: editorPortfolios.tiers })
    .from(users)
    .leftJoin(editorPortfolios, eq(editorPortfolios.editorId, users.id))
    .where(and(eq(users.id, params.editorId), eq(users.role, 'editor'), isNull(users.deletedAt)))
    .limit(1);
  if (!editor) throw notFound(PAYMENT_MESSAGES.editorNotFound);
  const tier = editor.tiers?.find((t) => t.title === params.tier);
  const rupees = tier ? tierAmount(tier.pricing) : null;
  if (!rupees) throw badRequest(PAYMENT_MESSAGES.noPrice);
  const amountPaise = Math.round(rupees * 100);

  const orderId = newOrderId();
  const expiresAt = new Date(Date.now() + ORDER_TTL_MS);
  const publicUrl = ctx.config.PUBLIC_URL;
  const order = await ctx.gateway.createOrder({
    orderId,
    amountPaise,
    customerId: creator.id.replace(/-/g, ''),
    customerPhone: input.phone,
    returnUrl: `${publicUrl}/payment-success?order_id={order_id}`,
    // Cashfree only calls https endpoints; over plain http the status check reconciles instead.
    notifyUrl: publicUrl.startsWith('https://') ? `${publicUrl}/api/payment/webhook` : undefined,
    expiresAt,
    note: `${params.tier} plan with ${editor.username}`,
  });
  await ctx.db.insert(payments).values({
    orderId,
    cfOrderId: order.cfOrderId,
    paymentSessionId: order.paymentSessionId,
    amountPaise,
    planType: params.tier,
    creatorId: creator.id,
    editorId: editor.id,
    phone: input.phone,
    creatorNote: input.creatorNote,
    expiresAt,
  });
  return {
    orderId,
    paymentSessionId: order.paymentSessionId,
    amount: amountPaise / 100,
    planType: params.tier,
    provider: ctx.gateway.provider,
    mode: ctx.gateway.mode,
  };
}

/** Orders still INITIATED past their expiry become FAILED (a later gateway SUCCESS still wins). */
async function expireLapsed(db: Db, scope: { creatorId?: string; editorId?: string; paymentId?: string }) {
  const conditions = [eq(payments.status, 'INITIATED'), lt(payments.expiresAt, new Date())];
  if (scope.creatorId) conditions.push(eq(payments.creatorId, scope.creatorId));
  if (scope.editorId) conditions.push(eq(payments.editorId, scope.editorId));
  if (scope.paymentId) conditions.push(eq(payments.id, scope.paymentId));
  await db
    .update(payments)
    .set({ status: 'FAILED', updatedAt: new Date() })
    .where(and(...conditions));
}

const GATEWAY_FAILED = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID']);
const GATEWAY_CLOSED_ORDER = new Set(['EXPIRED', 'TERMINATED']);

/**
 * Asks the gateway what happened to an order and applies it through the webhook's own path. A gateway
 * that does not answer leaves the order as it is.
 */
export async function reconcilePayment(ctx: PaymentsContext, payment: PaymentRow): Promise<void> {
  try {
    const attempts = await ctx.gateway.getPayments(payment.orderId);
    attempts.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
    let settled = false;
    for (const a of attempts) {
      const outcome = a.status === 'SUCCESS' ? 'SUCCESS' : GATEWAY_FAILED.has(a.status) ? 'FAILED' : null;
      if (!outcome) continue;
      settled = true;
      await applyGatewayEvent(ctx, {
        kind: 'payment',
        orderId: payment.orderId,
        cfPaymentId: a.cfPaymentId,
        outcome,
        amountPaise: a.amountPaise,
      });
    }
    if (!settled) {
      const order = await ctx.gateway.getOrder(payment.orderId);
      if (order && GATEWAY_CLOSED_ORDER.has(order.status)) {
        await ctx.db
          .update(payments)
          .set({ status: 'FAILED', updatedAt: new Date() })
          .where(and(eq(payments.id, payment.id), eq(payments.status, 'INITIATED')));
      }
    }
  } catch (err) {
    ctx.log.warn({ err, orderId: payment.orderId }, 'payment reconciliation failed');
  }
  await expireLapsed(ctx.db, { paymentId: payment.id });
}

/** GET status: only the payer, the payee and admins; an unsettled order is checked with the gateway first. */
export async function paymentStatus(
  ctx: PaymentsContext,
  viewer: SessionUser,
  orderId: string,
): Promise<Payment> {
  const [found] = await ctx.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
  if (!found) throw notFound('Payment not found');
  const party = found.creatorId === viewer.id || found.editorId === viewer.id;
  if (viewer.role !== 'admin' && !party) throw forbidden('You can only view your own payments');
  // FAILED is not final while the order can still be paid: the payer may have retried at the gateway.
  const open = found.status === 'INITIATED' || (found.status === 'FAILED' && found.expiresAt > new Date());
  if (open) await reconcilePayment(ctx, found);
  const rows = await selectPayments(ctx.db, eq(payments.id, found.id), { limit: 1 });
  const [shaped] = await shapePayments(ctx.db, rows, viewer.role);
  return shaped!;
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
