import { and, eq, gt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import {
  ORDER_MESSAGES,
  formatRupees,
  isOfferExpired,
  paiseFromRupees,
  type ChatMessage,
  type Order,
} from '@cutroom/contracts';
import type {
  acceptOfferInputSchema,
  createOfferInputSchema,
  offerRequestInputSchema,
} from '@cutroom/contracts';
import type { z } from 'zod';
import { orders } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { roomForUser } from '../chat';
import { assertOpenForWork } from './counterparts';
import { ORDER_JOBS } from './job-kinds';
import { screenTexts } from '../../lib/contact-screen';
import type { Actor, OrderKernel } from './kernel';
import { recordEvent } from './transitions';
import { formatLineTime, referenceOf } from './shape';

type OfferFields = z.output<typeof createOfferInputSchema>;
type RequestFields = z.output<typeof offerRequestInputSchema>;
type AcceptFields = z.output<typeof acceptOfferInputSchema>;

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
const revisions = (n: number) => `${n} ${n === 1 ? 'revision' : 'revisions'}`;

/** The room's editor proposes a custom order: it waits for the creator, and lapses after a week. */
export async function sendOffer(
  k: OrderKernel,
  actor: Actor,
  roomId: string,
  input: OfferFields,
): Promise<Order> {
  const record = await roomForUser(k.db, actor, roomId, 'write');
  if (record.room.editorId !== actor.id) throw forbidden(ORDER_MESSAGES.onlyEditorOffers);
  const suspicion = screenTexts({ source: 'offer', roomId }, input.title, input.description);
  const expiresAt = new Date(Date.now() + k.hours(k.deps.config.ORDER_OFFER_EXPIRY_HOURS));
  const row = await k.run(async (tx, fx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        roomId,
        creatorId: record.room.creatorId,
        editorId: record.room.editorId,
        source: 'offer',
        tier: input.tier ?? null,
        title: input.title,
        description: input.description,
        pricePaise: paiseFromRupees(input.amount),
        deliveryDays: input.deliveryDays,
        revisionsIncluded: input.revisions,
        status: 'offered',
        offerExpiresAt: expiresAt,
      })
      .returning();
    await recordEvent(tx, order!.id, {
      type: 'offered',
      actor: 'editor',
      actorId: actor.id,
      data: { pricePaise: order!.pricePaise, deliveryDays: input.deliveryDays, revisions: input.revisions },
    });
    await k.schedule(tx, fx, ORDER_JOBS.expireOffer, { orderId: order!.id }, expiresAt);
    await k.flag(tx, fx, suspicion, { source: 'offer', authorId: actor.id, order: order! });
    fx.changed(order!);
    fx.line(
      order!,
      'offered',
      `Offer ${referenceOf(order!)}: "${input.title}" for ${formatRupees(input.amount)}, delivered in ${days(input.deliveryDays)} with ${revisions(input.revisions)}.`,
      { step: 'offered' },
    );
    fx.notice({ kind: 'offer_received', order: order! });
    return order!;
  });
  return k.shape(actor, row.id);
}

/** The room's creator asks the editor for an offer: a card in the chat the editor answers with one. */
export async function requestOffer(
  k: OrderKernel,
  actor: Actor,
  roomId: string,
  input: RequestFields,
): Promise<ChatMessage> {
  const record = await roomForUser(k.db, actor, roomId, 'write');
  if (record.room.creatorId !== actor.id) throw forbidden(ORDER_MESSAGES.onlyCreatorRequests);
  const suspicion = screenTexts({ source: 'offer_request', roomId }, input.brief);
  const tier = input.tier ?? null;
  const line = await k.deps.chat.postSystemLine({
    roomId,
    content: `The creator asked for an offer${tier ? ` (${tier} tier)` : ''}: ${input.brief}`,
    clientId: `offer-request:${randomUUID()}`,
    data: { offerRequest: { brief: input.brief, tier } },
  });
  if (suspicion) {
    // The card is already in the chat: a flag that cannot be filed is logged, not turned into a failure.
    await k
      .run((tx, fx) =>
        k.suspect(tx, fx, suspicion, {
          source: 'offer_request',
          authorId: actor.id,
          roomId,
          messageId: line._id,
        }),
      )
      .catch((err) => k.deps.log.error({ err, roomId }, 'could not file a moderation flag'));
  }
  return line;
}

/**
 * The creator accepts: to pay first (work starts when paid) or to pay after approving the delivery
 * (work starts now, due at acceptance + delivery time).
 */
export async function acceptOffer(k: OrderKernel, actor: Actor, orderId: string, input: AcceptFields) {
  return k.act(actor, orderId, 'accept', async (tx, fx, order) => {
    await k.flag(tx, fx, screenTexts({ source: 'order_brief', orderId: order.id }, input.brief), {
      source: 'order_brief',
      authorId: actor.id,
      order,
    });
    const now = new Date();
    if (isOfferExpired(order, now)) throw conflict(ORDER_MESSAGES.offerExpired);
    await assertOpenForWork(tx, order);
    const dueAt = new Date(now.getTime() + k.deliveryMs(order.deliveryDays));
    const row = await k.transition(
      tx,
      fx,
      order.id,
      ['offered'],
      input.payNow
        ? { status: 'awaiting_payment', acceptedAt: now, brief: input.brief ?? order.brief }
        : {
            status: 'in_progress',
            acceptedAt: now,
            payLater: true,
            dueAt,
            brief: input.brief ?? order.brief,
          },
      { type: 'accepted', actor: 'creator', actorId: actor.id, data: { payNow: input.payNow } },
      and(gt(orders.offerExpiresAt, now)),
    );
    if (!row) throw conflict(ORDER_MESSAGES.offerExpired);
    if (!input.payNow) await k.schedule(tx, fx, ORDER_JOBS.markLate, { orderId: row.id }, dueAt);
    fx.line(
      row,
      'accepted',
      input.payNow
        ? `Offer ${referenceOf(row)} accepted. Work starts once it is paid.`
        : `Offer ${referenceOf(row)} accepted; payment is due on approval. Due ${formatLineTime(dueAt)}.`,
    );
    return row;
  });
}

export async function declineOffer(k: OrderKernel, actor: Actor, orderId: string) {
  return closeOffer(k, actor, orderId, 'decline');
}

export async function withdrawOffer(k: OrderKernel, actor: Actor, orderId: string) {
  return closeOffer(k, actor, orderId, 'withdraw');
}

async function closeOffer(k: OrderKernel, actor: Actor, orderId: string, action: 'decline' | 'withdraw') {
  return k.act(actor, orderId, action, async (tx, fx, order) => {
    const status = action === 'decline' ? 'declined' : 'withdrawn';
    const row = await k.transition(
      tx,
      fx,
      order.id,
      ['offered'],
      { status },
      {
        type: status,
        actor: action === 'decline' ? 'creator' : 'editor',
        actorId: actor.id,
      },
    );
    if (!row) throw conflict(ORDER_MESSAGES.notAllowed(action, order.status));
    fx.line(
      row,
      status,
      `Offer ${referenceOf(row)} ${status}${action === 'withdraw' ? ' by the editor' : ''}.`,
    );
    return row;
  });
}

/** The scheduled end of an offer nobody answered; a job that finds it answered (or not yet due) leaves it. */
export async function expireOffer(k: OrderKernel, orderId: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.status !== 'offered' || !order.offerExpiresAt) return;
    if (!isOfferExpired(order)) {
      await k.schedule(tx, fx, ORDER_JOBS.expireOffer, { orderId }, order.offerExpiresAt);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      ['offered'],
      { status: 'expired' },
      { type: 'expired', actor: 'system' },
    );
    if (!row) return;
    fx.changed(row);
    fx.line(row, 'expired', `Offer ${referenceOf(row)} expired without an answer.`);
  });
}
