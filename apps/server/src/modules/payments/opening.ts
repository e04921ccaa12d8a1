import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import { rupeesFromPaise, type CreatePaymentReply, type TierTitle } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { PaymentsContext } from './context';
import type { PaymentRow } from './queries';
import { movePayment } from './states';
import { reconcilePayment } from './reconcile';
import { terminateSuperseded } from './superseded';

// Opening a payment for an order (reserve in the order's transaction, then ask the gateway): what the
// orders module drives, apart from the reads and reconciliation that the payment routes drive.

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
  /**
   * The order lapses then (an unpaid tier order): the gateway order expires no later, so the old price
   * cannot be paid after it, except that the gateway keeps an order open for at least 15 minutes.
   */
  notAfter?: Date;
}

/** Cashfree refuses an order_expiry_time sooner than this. */
const GATEWAY_MIN_EXPIRY_MS = 16 * 60 * 1000;

/** When the gateway order expires: an hour from now, or when the order lapses if sooner. */
function gatewayExpiry(notAfter: Date | undefined): Date {
  const now = Date.now();
  const capped = Math.min(now + ORDER_TTL_MS, notAfter?.getTime() ?? Infinity);
  return new Date(Math.max(now + GATEWAY_MIN_EXPIRY_MS, capped));
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

/**
 * Whether the gateway still has this open payment's order open, asked before it is handed out again. A
 * gateway that no longer knows the order (the simulator keeps its orders in memory, so a crash forgets
 * them), or closed it, would send the creator to a dead checkout until the order lapsed an hour later:
 * the payment goes FAILED, through reconciliation when the gateway has an answer (which also settles one
 * it took), so the next Pay Now opens a new one. A gateway that does not answer changes nothing.
 */
export async function stillOpenAtGateway(ctx: PaymentsContext, open: PaymentRow): Promise<boolean> {
  let status: string | null;
  try {
    status = (await ctx.gateway.getOrder(open.orderId))?.status ?? null;
  } catch (err) {
    ctx.log.warn({ err, orderId: open.orderId }, 'could not check an open payment with the gateway');
    return true;
  }
  if (status === 'ACTIVE') return true;
  if (status === null) {
    ctx.log.warn({ orderId: open.orderId }, 'the gateway does not know an open payment: failed');
    await movePayment(ctx.db, eq(payments.id, open.id), 'FAILED', { from: ['INITIATED'] });
  } else {
    await reconcilePayment(ctx, open);
    // Closed there (EXPIRED, TERMINATED…); a PAID one is left to reconciliation, never failed here.
    if (status !== 'PAID') {
      await movePayment(ctx.db, eq(payments.id, open.id), 'FAILED', { from: ['INITIATED'] });
    }
  }
  return false;
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
      expiresAt: gatewayExpiry(input.notAfter),
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
 * Asks the gateway to open the reserved payment (the amount was decided by the server, DESIGN.md §4),
 * after terminating the order's older gateway orders still open there (superseded.ts). If it does not, the
 * reservation goes: the creator never received a session, so nothing can be paid.
 */
export async function completeReservedPayment(
  ctx: PaymentsContext,
  reserved: PaymentRow,
  note: string,
): Promise<OpenedPayment> {
  const publicUrl = ctx.config.PUBLIC_URL;
  try {
    // Only the new checkout may take money: an older one still open at the gateway is closed first.
    await terminateSuperseded(ctx, reserved);
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
