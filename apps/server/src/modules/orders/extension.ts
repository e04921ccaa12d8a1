import { eq, isNotNull, isNull } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import { orders } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import { screenTexts } from '../../lib/contact-screen';
import { ORDER_JOBS } from './job-kinds';
import type { Actor, OrderKernel } from './kernel';
import { settleOpenDispute } from './dispute-freeze';
import { NO_EXTENSION } from './pending-requests';
import { formatLineTime, referenceOf } from './shape';

/** Only an order in progress has a due date that runs, so only there can it move. */
const EXTENDABLE = ['in_progress'] as const;

const days = (n: number) => `${n} more day${n === 1 ? '' : 's'}`;

/**
 * The editor asks for `days` more days, with a reason. The creator has ORDER_CANCELLATION_RESPONSE_HOURS
 * to answer; unanswered, the request lapses and the due date stays.
 */
export async function requestExtension(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  input: { days: number; reason: string },
) {
  const suspicion = screenTexts({ source: 'extension_reason', orderId }, input.reason);
  return k.act(actor, orderId, 'request_extension', async (tx, fx, order) => {
    await k.flag(tx, fx, suspicion, { source: 'extension_reason', authorId: actor.id, order });
    const now = new Date();
    const respondBy = new Date(now.getTime() + k.hours(k.deps.config.ORDER_CANCELLATION_RESPONSE_HOURS));
    const row = await k.transition(
      tx,
      fx,
      order.id,
      EXTENDABLE,
      {
        extensionDays: input.days,
        extensionReason: input.reason,
        extensionRequestedAt: now,
        extensionRespondBy: respondBy,
      },
      {
        type: 'extension_requested',
        actor: 'editor',
        actorId: actor.id,
        note: input.reason,
        data: { days: input.days },
      },
      isNull(orders.extensionRequestedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.extensionPending);
    await k.schedule(
      tx,
      fx,
      ORDER_JOBS.extensionLapse,
      { orderId: row.id, requestedAt: now.toISOString() },
      respondBy,
    );
    fx.notice({
      kind: 'extension_requested',
      order: row,
      days: input.days,
      reason: input.reason,
      requestedAt: now,
      respondBy,
    });
    fx.line(
      row,
      `extension:${now.getTime()}`,
      `The editor asked for ${days(input.days)} on order ${referenceOf(row)}: "${input.reason}". If the creator does not answer by ${formatLineTime(respondBy)}, the due date stays.`,
    );
    return row;
  });
}

/**
 * The creator accepts: the due date moves by the days asked for, from now if it has already passed, and
 * the order is no longer late, so it does not count against the editor's on-time record.
 */
export async function acceptExtension(k: OrderKernel, actor: Actor, orderId: string) {
  return k.act(actor, orderId, 'accept_extension', async (tx, fx, order) => {
    const extra = order.extensionDays ?? 0;
    const from = Math.max(order.dueAt?.getTime() ?? 0, Date.now());
    const dueAt = new Date(from + k.deliveryMs(extra));
    const row = await k.transition(
      tx,
      fx,
      order.id,
      EXTENDABLE,
      { dueAt, lateAt: null, ...NO_EXTENSION },
      {
        type: 'extension_accepted',
        actor: 'creator',
        actorId: actor.id,
        data: { days: extra, dueAt: dueAt.toISOString(), previousDueAt: order.dueAt?.toISOString() ?? null },
      },
      isNotNull(orders.extensionRequestedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.noExtension);
    await settleOpenDispute(k, tx, fx, order, 'creator', actor.id);
    // The new due date gets its own mark-late job. A late order's job has run; and one whose due date has
    // just passed may have its job running right now: it read the old date, and its conditional UPDATE
    // then finds the new one and gives up without re-arming. (A job still waiting for the old date
    // re-arms itself too; the second run at the same time finds the order already marked and stops.)
    await k.schedule(tx, fx, ORDER_JOBS.markLate, { orderId: row.id }, dueAt);
    fx.notice({
      kind: 'extension_answered',
      order: row,
      outcome: 'accepted',
      days: extra,
      requestedAt: order.extensionRequestedAt!,
      dueAt,
    });
    fx.line(
      row,
      `extension-accepted:${order.extensionRequestedAt!.getTime()}`,
      `The creator accepted ${days(extra)} on order ${referenceOf(row)}. It is now due ${formatLineTime(dueAt)}.`,
    );
    return row;
  });
}

/** The creator keeps the due date, or the editor takes the request back. */
export async function closeExtensionRequest(
  k: OrderKernel,
  actor: Actor,
  orderId: string,
  how: 'decline' | 'withdraw',
) {
  return k.act(actor, orderId, `${how}_extension`, async (tx, fx, order) => {
    const side = how === 'decline' ? 'creator' : 'editor';
    const row = await k.transition(
      tx,
      fx,
      order.id,
      EXTENDABLE,
      NO_EXTENSION,
      {
        type: how === 'decline' ? 'extension_declined' : 'extension_withdrawn',
        actor: side,
        actorId: actor.id,
        data: { days: order.extensionDays },
      },
      isNotNull(orders.extensionRequestedAt),
    );
    if (!row) throw conflict(ORDER_MESSAGES.noExtension);
    const told = { order: row, days: order.extensionDays ?? 0, requestedAt: order.extensionRequestedAt! };
    fx.notice(
      how === 'decline'
        ? { kind: 'extension_answered', outcome: 'declined', ...told }
        : { kind: 'extension_withdrawn', ...told },
    );
    fx.line(
      row,
      `extension-${how}:${order.extensionRequestedAt!.getTime()}`,
      how === 'decline'
        ? `The creator kept the due date of order ${referenceOf(row)}${row.dueAt ? ` (${formatLineTime(row.dueAt)})` : ''}.`
        : `The editor withdrew the request for more time on order ${referenceOf(row)}.`,
    );
    return row;
  });
}

/** Nobody answered in time: the request lapses and the due date stays. */
export async function extensionLapsed(k: OrderKernel, orderId: string, requestedAt: string): Promise<void> {
  await k.run(async (tx, fx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order || order.extensionRequestedAt?.toISOString() !== requestedAt) return;
    if (order.extensionRespondBy && order.extensionRespondBy.getTime() > Date.now()) {
      await k.schedule(tx, fx, ORDER_JOBS.extensionLapse, { orderId, requestedAt }, order.extensionRespondBy);
      return;
    }
    const row = await k.transition(
      tx,
      fx,
      orderId,
      EXTENDABLE,
      NO_EXTENSION,
      { type: 'extension_lapsed', actor: 'system', data: { days: order.extensionDays } },
      isNotNull(orders.extensionRequestedAt),
    );
    if (!row) return;
    fx.changed(row);
    fx.notice({
      kind: 'extension_answered',
      order: row,
      outcome: 'lapsed',
      days: order.extensionDays ?? 0,
      requestedAt: order.extensionRequestedAt!,
    });
    fx.line(
      row,
      `extension-lapsed:${order.extensionRequestedAt!.getTime()}`,
      `The request for more time on order ${referenceOf(row)} was not answered in time; the due date stays.`,
    );
  });
}
