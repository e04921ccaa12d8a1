import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ORDER_MESSAGES,
  PAYMENT_MESSAGES,
  canTakeOrderAction,
  paiseFromRupees,
  type CreatePaymentReply,
  type TierTitle,
} from '@cutroom/contracts';
import { editorPortfolios, orders, users } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import { screenTexts } from '../../lib/contact-screen';
import { initiateRoom } from '../chat';
import {
  completeReservedPayment,
  findOpenPayment,
  openedPayment,
  reservePayment,
  stillOpenAtGateway,
} from '../payments';
import { assertOpenForWork, closedForWork } from './counterparts';
import { ORDER_JOBS } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { lockOrder } from './records';
import { referenceOf, ruleState, viewerOf } from './shape';
import { isTierPaymentLapsed, lapseTierOrder, tierPaymentDueAt } from './tier-lapse';
import { payableTier } from './tier-purchase';
import { recordEvent } from './transitions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PaymentDetails {
  phone: string;
  creatorNote: string;
}

/**
 * The creator pays for an order: one price, at most one successful payment. A payment still open at the
 * gateway is handed out again rather than opening a second one that could also be paid; the order row
 * is locked meanwhile, so two clicks at once get the same checkout.
 */
export async function payForOrder(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  input: PaymentDetails,
  askedGateway = false,
): Promise<CreatePaymentReply> {
  const ctx = k.deps.payments();
  const step = await k.run(async (tx, fx) => {
    const order = await lockOrder(tx, orderId);
    const viewer = viewerOf(order, actor);
    if (viewer === 'other') throw notFound(ORDER_MESSAGES.notFound);
    if (viewer !== 'creator') throw forbidden(ORDER_MESSAGES.onlyCreator);
    // Past its due time and its job not run yet: it lapses now (committed), and the creator is told why.
    if (isTierPaymentLapsed(order)) {
      await lapseTierOrder(k, tx, fx, order);
      return { lapsed: true as const };
    }
    if (order.paymentId) {
      throw conflict(
        (await k.isPaid(tx, order)) ? ORDER_MESSAGES.alreadyPaid : ORDER_MESSAGES.paymentRefunded,
      );
    }
    if (!canTakeOrderAction(ruleState(order), viewer, 'pay')) throw conflict(ORDER_MESSAGES.notPayable);
    await assertOpenForWork(tx, order);
    const summary = { _id: order.id, reference: referenceOf(order), title: order.title };
    const open = await findOpenPayment(tx, order.id);
    if (open) {
      if (!open.paymentSessionId) throw conflict(ORDER_MESSAGES.paymentBeingPrepared);
      return { open, order: summary };
    }
    const reserved = await reservePayment(tx, {
      cutroomOrderId: order.id,
      creatorId: order.creatorId,
      editorId: order.editorId,
      amountPaise: order.pricePaise,
      planType: order.tier,
      phone: input.phone,
      creatorNote: input.creatorNote,
      notAfter: order.paymentDueAt ?? undefined,
    });
    await recordEvent(tx, order.id, {
      type: 'payment_started',
      actor: 'creator',
      actorId: actor.id,
      data: { amountPaise: order.pricePaise, gatewayOrderId: reserved.orderId },
    });
    return { reserved, order: summary };
  });
  if ('lapsed' in step) throw conflict(ORDER_MESSAGES.tierOrderLapsed);
  if ('open' in step && !askedGateway && !(await stillOpenAtGateway(ctx, step.open!))) {
    // A payment the gateway no longer has open was failed: this Pay Now opens a new one (checked once).
    return payForOrder(k, actor, orderId, input, true);
  }
  const opened =
    'open' in step
      ? openedPayment(ctx, step.open!)
      : await completeReservedPayment(ctx, step.reserved!, `Order ${step.order.reference}`);
  // Going to the checkout acts on the offer: its notices are read.
  await k.acted(actor, orderId);
  return { ...opened, order: step.order };
}

/**
 * Pay Now on a portfolio tier (SPEC.md §2, `POST /api/payment/{editorId}/{tier}`): an order for that tier
 * at its price, paid at once. Pressing it again while that order is unpaid pays the same order.
 */
export async function buyTier(
  k: OrderKernel,
  actor: Actor,
  params: { editorId: string; tier: TierTitle },
  input: PaymentDetails,
): Promise<CreatePaymentReply> {
  if (!UUID.test(params.editorId)) throw notFound(PAYMENT_MESSAGES.editorNotFound);
  const [editor] = await k.db
    .select({ id: users.id, tiers: editorPortfolios.tiers })
    .from(users)
    .leftJoin(editorPortfolios, eq(editorPortfolios.editorId, users.id))
    .where(and(eq(users.id, params.editorId), eq(users.role, 'editor'), isNull(users.deletedAt)))
    .limit(1);
  if (!editor) throw notFound(PAYMENT_MESSAGES.editorNotFound);
  const { tier, terms } = payableTier(editor.tiers, params.tier);
  const { record } = await initiateRoom(k.db, actor, editor.id);
  // Checked again with the order locked when it is paid; here so a closed room gets no new order.
  const closed = closedForWork({ ...record.room, editorDeleted: record.editorDeleted });
  if (closed) throw conflict(closed);
  const pricePaise = paiseFromRupees(terms.amount);
  // The note becomes the order's brief, which the editor reads: screened as every text between them is
  // (clear contact details are refused here, doubtful ones filed for review with the order).
  const suspicion = screenTexts({ source: 'order_brief', roomId: record.room.id }, input.creatorNote);
  const orderId = await k.run(async (tx, fx) => {
    // One order per pair and tier while it waits for payment, even when two clicks race.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`tier-order:${actor.id}:${editor.id}:${tier.title}`}))`,
    );
    const [waiting] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.creatorId, actor.id),
          eq(orders.editorId, editor.id),
          eq(orders.source, 'tier'),
          eq(orders.tier, tier.title),
          eq(orders.status, 'awaiting_payment'),
          eq(orders.pricePaise, pricePaise),
          isNull(orders.paymentId),
          // One past its due time lapses (its job, or payForOrder) and is never handed out again.
          gt(orders.paymentDueAt, new Date()),
        ),
      )
      .limit(1);
    if (waiting) {
      // Pay Now pressed again with a (new) note: the brief is the latest one.
      if (input.creatorNote)
        await tx.update(orders).set({ brief: input.creatorNote }).where(eq(orders.id, waiting.id));
      return waiting.id;
    }
    const dueAt = tierPaymentDueAt(k);
    const title = `${tier.title.charAt(0).toUpperCase()}${tier.title.slice(1)} tier`;
    const [order] = await tx
      .insert(orders)
      .values({
        roomId: record.room.id,
        creatorId: actor.id,
        editorId: editor.id,
        source: 'tier',
        tier: tier.title,
        title,
        description: tier.description,
        brief: input.creatorNote,
        features: terms.features,
        pricePaise,
        startingPrice: terms.startingPrice,
        deliveryDays: terms.deliveryDays,
        revisionsIncluded: terms.revisions,
        status: 'awaiting_payment',
        acceptedAt: new Date(),
        paymentDueAt: dueAt,
      })
      .returning();
    await k.schedule(tx, fx, ORDER_JOBS.tierPaymentLapse, { orderId: order!.id }, dueAt);
    await recordEvent(tx, order!.id, {
      type: 'created',
      actor: 'creator',
      actorId: actor.id,
      data: { tier: tier.title, pricePaise },
    });
    await k.flag(tx, fx, suspicion, { source: 'order_brief', authorId: actor.id, order: order! });
    fx.changed(order!);
    fx.line(
      order!,
      'created',
      `Order ${referenceOf(order!)} placed for the ${tier.title} tier. Work starts once it is paid.`,
    );
    return order!.id;
  });
  return payForOrder(k, actor, orderId, input);
}
