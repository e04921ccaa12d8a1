import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_UPDATED_EVENT, ORDER_UPDATED_EVENT, type OrderUpdatedEvent } from '@cutroom/contracts';
import type { JobRow, JobRunner } from '../../lib/jobs';
import { ADMINS_CHANNEL, userChannel, type AppIo } from '../../plugins/realtime';
import { roomChannel } from '../chat';
import { runAfterCommit, type AfterCommit } from '../../events';
import type { Db } from '../../db/client';
import type { Notifier } from '../notifications';
import { orderNoticeLines, type OrderNotice } from './notices';
import type { ChatService } from '../chat';
import type { OrderRow } from './records';

interface ChatLine {
  roomId: string;
  content: string;
  clientId: string;
  data: Record<string, unknown>;
}

/**
 * What a transaction on orders wants the world to know once it has committed: jobs to wake, chat lines,
 * and screens to refresh. Collected inside the transaction, carried out after it, so nothing is announced
 * that the database does not hold.
 */
export class OrderEffects {
  readonly orders = new Map<string, OrderRow>();
  readonly lines: ChatLine[] = [];
  readonly jobs: JobRow[] = [];
  /** What other modules' listeners left to do once the transaction commits (domain events). */
  readonly afterCommitWork: AfterCommit[] = [];
  /** Steps to notify people of (bell and e-mail), after commit. */
  readonly notices: OrderNotice[] = [];
  readonly deliveries = new Map<
    string,
    { id: string; roomId: string; creatorId: string; editorId: string }
  >();

  changed(order: OrderRow): void {
    this.orders.set(order.id, order);
  }

  /** A platform line in the order's room; `key` makes it idempotent (the same key is posted once). */
  line(
    order: Pick<OrderRow, 'id' | 'roomId'>,
    key: string,
    content: string,
    data: Record<string, unknown> = {},
  ) {
    this.lines.push({
      roomId: order.roomId,
      content,
      clientId: `order:${order.id}:${key}`,
      data: { orderId: order.id, ...data },
    });
  }

  /** A delivery's own line, in its place among the order's (the deliveries module's key and wording). */
  deliveryLine(d: { id: string; roomId: string }, step: string, content: string): void {
    this.lines.push({
      roomId: d.roomId,
      content,
      clientId: `delivery:${d.id}:${step}`,
      data: { deliveryId: d.id, step },
    });
  }

  notice(notice: OrderNotice): void {
    this.notices.push(notice);
  }

  afterCommit(...work: AfterCommit[]): void {
    this.afterCommitWork.push(...work);
  }

  job(row: JobRow): void {
    this.jobs.push(row);
  }

  delivery(d: { id: string; roomId: string; creatorId: string; editorId: string }): void {
    this.deliveries.set(d.id, d);
  }
}

/** Carries out collected effects after commit; each failure is logged, never undoing what was stored. */
export class OrderAnnouncer {
  constructor(
    private readonly io: AppIo,
    private readonly chat: ChatService,
    private readonly jobs: JobRunner,
    private readonly log: FastifyBaseLogger,
    private readonly notifications?: { db: Db; notifier: Notifier },
  ) {}

  async flush(effects: OrderEffects): Promise<void> {
    for (const job of effects.jobs) this.jobs.dispatch(job);
    for (const line of effects.lines) {
      try {
        await this.chat.postSystemLine(line);
      } catch (err) {
        this.log.error({ err, clientId: line.clientId }, 'order system line not posted');
      }
    }
    for (const d of effects.deliveries.values()) {
      this.io
        .to([roomChannel(d.roomId), userChannel(d.creatorId), userChannel(d.editorId)])
        .emit(DELIVERY_UPDATED_EVENT, { roomId: d.roomId, deliveryId: d.id });
    }
    await runAfterCommit(effects.afterCommitWork, this.log);
    if (this.notifications) {
      const { db, notifier } = this.notifications;
      await orderNoticeLines(db, effects.notices)
        .then((lines) => notifier.notify(lines))
        .catch((err) => this.log.error({ err }, 'order notifications not filed'));
    }
    for (const o of effects.orders.values()) {
      const event: OrderUpdatedEvent = { roomId: o.roomId, orderId: o.id, status: o.status };
      this.io
        .to([roomChannel(o.roomId), userChannel(o.creatorId), userChannel(o.editorId), ADMINS_CHANNEL])
        .emit(ORDER_UPDATED_EVENT, event);
    }
  }
}
