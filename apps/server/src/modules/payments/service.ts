import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import {
  rupeesFromPaise,
  type CreatePaymentReply,
  type PaymentListReply,
  type PaymentOutcome,
  type PaymentStatus,
  type PaymentStatusReply,
  type AdminPaymentPage,
  type TierTitle,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { payments, processedGatewayEvents } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import type { SessionUser } from '../auth';
import type { PaymentsContext } from './context';
import { applyGatewayEvent } from './events';
import type { GatewayView } from './status-checks';
export type { GatewayView, StatusChecks } from './status-checks';
import { afterCursor, encodeCursor, selectPayments, shapePayments, type PaymentRow } from './queries';
import { movePayment } from './states';

export type { PaymentRow };

/** How long a creator has to complete the checkout before the order lapses. */
export const ORDER_TTL_MS = 60 * 60 * 1000;

/** 'order_' + time + randomness: 3–45 of [A-Za-z0-9_-] as Cashfree requires, unguessable. */
export function newOrderId(): string {
  return `order_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
}

/** A reservation whose gateway call has not answered in this long belongs to a request that died. */
const RESERVATION_STALE_MS = 30_000;
/** An open payment is handed out again only while the creator still has this long to complete it. */
const REUSE_MARGIN_MS = 5 * 60 * 1000;

/** What a payment is for: one order of ours, at its price. */
export interface PaymentFor {
  cutroomOrderId: string;
  creatorId: string;
  editorId: string;
  amountPaise: number;
  planType: TierTitle | null;
  phone: string;
  creatorNote: string;
}

/**
 * The order's payment still open at the gateway (INITIATED, not about to lapse), to hand out again
 * instead of opening a second gateway order that could also be paid. A reservation left without a
 * session by a request that died is failed here. Call inside the order's locked transaction.
 */
export async function findOpenPayment(tx: Db, cutroomOrderId: string): Promise<PaymentRow | null> {
  const [open] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.cutroomOrderId, cutroomOrderId),
        eq(payments.status, 'INITIATED'),
        gt(payments.expiresAt, new Date(Date.now() + REUSE_MARGIN_MS)),
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!open) return null;
  if (!open.paymentSessionId && open.createdAt.getTime() < Date.now() - RESERVATION_STALE_MS) {
    await movePayment(tx, and(eq(payments.id, open.id), eq(payments.paymentSessionId, ''))!, 'FAILED');
    return null;
  }
  return open;
}

/** Records a payment before the gateway is asked (no session yet), inside the order's transaction. */
export async function reservePayment(tx: Db, input: PaymentFor): Promise<PaymentRow> {
  const [row] = await tx
    .insert(payments)
    .values({
      orderId: newOrderId(),
      paymentSessionId: '',
      amountPaise: input.amountPaise,
      planType: input.planType,
      cutroomOrderId: input.cutroomOrderId,
      creatorId: input.creatorId,
      editorId: input.editorId,
      phone: input.phone,
      creatorNote: input.creatorNote,
      expiresAt: new Date(Date.now() + ORDER_TTL_MS),
    })
    .returning();
  return row!;
}

export type OpenedPayment = Omit<CreatePaymentReply, 'order'>;

export const openedPayment = (ctx: PaymentsContext, p: PaymentRow): OpenedPayment => ({
  orderId: p.orderId,
  paymentSessionId: p.paymentSessionId,
  amount: rupeesFromPaise(p.amountPaise),
  planType: p.planType,
  provider: ctx.gateway.provider,
  mode: ctx.gateway.mode,
});

/**
 * Asks the gateway to open the reserved payment (the amount was decided by the server, DESIGN.md §4). If
 * it does not, the reservation goes: the creator never received a session, so nothing can be paid.
 */
export async function completeReservedPayment(
  ctx: PaymentsContext,
  reserved: PaymentRow,
  note: string,
): Promise<OpenedPayment> {
  const publicUrl = ctx.config.PUBLIC_URL;
  try {
    const order = await ctx.gateway.createOrder({
      orderId: reserved.orderId,
      amountPaise: reserved.amountPaise,
      customerId: reserved.creatorId.replace(/-/g, ''),
      customerPhone: reserved.phone,
      returnUrl: `${publicUrl}/payment-success?order_id={order_id}`,
      // Cashfree only calls https endpoints; over plain http the status check reconciles instead.
      notifyUrl: publicUrl.startsWith('https://') ? `${publicUrl}/api/payment/webhook` : undefined,
      expiresAt: reserved.expiresAt,
      note,
    });
    const [opened] = await ctx.db
      .update(payments)
      .set({ cfOrderId: order.cfOrderId, paymentSessionId: order.paymentSessionId, updatedAt: new Date() })
      .where(eq(payments.id, reserved.id))
      .returning();
    return openedPayment(ctx, opened!);
  } catch (err) {
    await ctx.db.delete(payments).where(and(eq(payments.id, reserved.id), eq(payments.paymentSessionId, '')));
    throw err;
  }
}

/** Orders still INITIATED past their expiry become FAILED (a later gateway SUCCESS still wins). */
async function expireLapsed(db: Db, scope: { creatorId?: string; editorId?: string; paymentId?: string }) {
  const conditions = [lt(payments.expiresAt, new Date())];
  if (scope.creatorId) conditions.push(eq(payments.creatorId, scope.creatorId));
  if (scope.editorId) conditions.push(eq(payments.editorId, scope.editorId));
  if (scope.paymentId) conditions.push(eq(payments.id, scope.paymentId));
  await movePayment(db, and(...conditions)!, 'FAILED');
}

const GATEWAY_FAILED = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID']);
const GATEWAY_CLOSED_ORDER = new Set(['EXPIRED', 'TERMINATED']);
/** Attempts the payer ended (left or cancelled the checkout), as against ones the bank or gateway refused. */
const GATEWAY_PAYER_ENDED = new Set(['USER_DROPPED', 'CANCELLED']);

/**
 * How a payment ended, for the result page: our status decides paid and pending; a FAILED one is told
 * apart by the gateway's last final attempt (the payer cancelling is not a decline), else by the last
 * failed attempt the gateway reported to us (`recorded`: its webhook, or an earlier reconciliation), else
 * by the order's lapse. Otherwise it is 'failed', the general word.
 */
export function paymentOutcome(
  status: PaymentStatus,
  view: GatewayView | null,
  recorded: 'cancelled' | 'failed' | null,
  lapsed: boolean,
): PaymentOutcome {
  if (status === 'SUCCESS') return 'paid';
  if (status === 'INITIATED') return 'pending';
  const last = view?.attempts.filter((a) => GATEWAY_FAILED.has(a.status)).at(-1);
  if (last) return GATEWAY_PAYER_ENDED.has(last.status) ? 'cancelled' : 'failed';
  if (recorded) return recorded;
  const closedThere = view?.orderStatus ? GATEWAY_CLOSED_ORDER.has(view.orderStatus) : false;
  return lapsed || closedThere ? 'expired' : 'failed';
}

/**
 * The last failed attempt of an order as the gateway reported it to us, from the events applied (a
 * webhook's type, or reconciliation's reading of the attempt). Asked only when the gateway's own answer
 * names no attempt: a status read within the cache window after a webhook, or past the late window.
 */
async function recordedEnding(db: Db, orderId: string): Promise<'cancelled' | 'failed' | null> {
  const [last] = await db
    .select({ type: processedGatewayEvents.eventType })
    .from(processedGatewayEvents)
    .where(
      and(
        eq(processedGatewayEvents.orderId, orderId),
        inArray(processedGatewayEvents.eventType, ['PAYMENT_USER_DROPPED', 'PAYMENT_FAILED']),
      ),
    )
    .orderBy(desc(processedGatewayEvents.processedAt))
    .limit(1);
  return !last ? null : last.type === 'PAYMENT_USER_DROPPED' ? 'cancelled' : 'failed';
}

/**
 * How long after its expiry a FAILED payment is still checked with the gateway when read: a payment the
 * payer started before the expiry may complete afterwards (Cashfree lets a started attempt finish, and
 * its webhook may be lost or refused), and it must still settle the order.
 */
const LATE_SETTLEMENT_MS = 24 * 60 * 60 * 1000;

/**
 * Asks the gateway what happened to an order and applies it through the webhook's own path. The gateway
 * order decides: a SUCCESS attempt settles only when the order is PAID at the order amount we created it
 * with (the attempt's payment_amount may differ through offers or surcharges). A gateway that does not
 * answer leaves the order as it is.
 */
export async function reconcilePayment(
  ctx: PaymentsContext,
  payment: PaymentRow,
): Promise<GatewayView | null> {
  let view: GatewayView | null = null;
  try {
    view = await askGateway(ctx, payment);
  } catch (err) {
    ctx.log.warn({ err, orderId: payment.orderId }, 'payment reconciliation failed');
  }
  await expireLapsed(ctx.db, { paymentId: payment.id });
  return view;
}

async function askGateway(ctx: PaymentsContext, payment: PaymentRow): Promise<GatewayView> {
  const attempts = await ctx.gateway.getPayments(payment.orderId);
  const order = await ctx.gateway.getOrder(payment.orderId);
  attempts.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? ''));
  const view: GatewayView = { attempts, orderStatus: order?.status ?? null };
  if (!order) return view;
  let settled = false;
  for (const a of attempts) {
    // An attempt the payer ended is recorded as such (as its webhook would be), for recordedEnding.
    const outcome =
      a.status === 'SUCCESS'
        ? 'SUCCESS'
        : GATEWAY_PAYER_ENDED.has(a.status)
          ? 'USER_DROPPED'
          : GATEWAY_FAILED.has(a.status)
            ? 'FAILED'
            : null;
    if (!outcome) continue;
    // A successful attempt on an order the gateway does not (yet) call PAID settles nothing.
    if (outcome === 'SUCCESS' && order.status !== 'PAID') continue;
    settled = true;
    await applyGatewayEvent(ctx, {
      kind: 'payment',
      orderId: payment.orderId,
      cfPaymentId: a.cfPaymentId,
      outcome,
      orderAmountPaise: order.amountPaise,
      paymentAmountPaise: a.amountPaise,
    });
  }
  if (!settled && GATEWAY_CLOSED_ORDER.has(order.status)) {
    await movePayment(ctx.db, eq(payments.id, payment.id), 'FAILED');
  }
  return view;
}

/**
 * The gateway's answer about an order is asked at most once per this window per server instance, however
 * many pages poll the order: concurrent reads share one question, later ones within the window read our
 * records (which webhooks keep current). Set by PAYMENT_STATUS_CACHE_SECONDS.
 */
const MAX_REMEMBERED_CHECKS = 5_000;

function reconcileAtMostEvery(ctx: PaymentsContext, payment: PaymentRow): Promise<GatewayView | null> {
  const ttlMs = ctx.config.PAYMENT_STATUS_CACHE_SECONDS * 1000;
  if (ttlMs <= 0) return reconcilePayment(ctx, payment);
  const checks = ctx.statusChecks;
  const now = Date.now();
  const recent = checks.get(payment.orderId);
  if (recent && now - recent.at < ttlMs) {
    // Asked a moment ago: wait for that answer, then only apply the local expiry.
    return recent.done.then(async (view) => {
      await expireLapsed(ctx.db, { paymentId: payment.id });
      return view;
    });
  }
  if (checks.size >= MAX_REMEMBERED_CHECKS) {
    for (const [orderId, c] of checks) if (now - c.at >= ttlMs) checks.delete(orderId);
  }
  const done = reconcilePayment(ctx, payment);
  checks.set(payment.orderId, { at: now, done });
  return done;
}

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
