import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import type { PaymentOutcome, PaymentStatus } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { payments, processedGatewayEvents } from '../../db/schema';
import type { PaymentsContext } from './context';
import { applyGatewayEvent } from './events';
import type { GatewayView } from './status-checks';
import { movePayment } from './states';
import type { PaymentRow } from './queries';

// Bringing our records in line with the gateway when a webhook may be late or lost: asking it (at most
// so often), applying its answer through the webhook's own path, and lapsing what expired.

/** Orders still INITIATED past their expiry become FAILED (a later gateway SUCCESS still wins). */
export async function expireLapsed(
  db: Db,
  scope: { creatorId?: string; editorId?: string; paymentId?: string },
) {
  const conditions = [lt(payments.expiresAt, new Date())];
  if (scope.creatorId) conditions.push(eq(payments.creatorId, scope.creatorId));
  if (scope.editorId) conditions.push(eq(payments.editorId, scope.editorId));
  if (scope.paymentId) conditions.push(eq(payments.id, scope.paymentId));
  await movePayment(db, and(...conditions)!, 'FAILED');
}

export const GATEWAY_FAILED = new Set(['FAILED', 'USER_DROPPED', 'CANCELLED', 'VOID']);
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
export async function recordedEnding(db: Db, orderId: string): Promise<'cancelled' | 'failed' | null> {
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
export const LATE_SETTLEMENT_MS = 24 * 60 * 60 * 1000;

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

export function reconcileAtMostEvery(ctx: PaymentsContext, payment: PaymentRow): Promise<GatewayView | null> {
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
