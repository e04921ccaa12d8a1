import { and, desc, eq } from 'drizzle-orm';
import {
  DISPUTE_MESSAGES,
  DISPUTE_REASON_LABELS,
  DISPUTE_UPDATED_EVENT,
  disputeActions,
  type AnswerDisputeInput,
  type Dispute,
  type DisputeAction,
  type DisputeUpdatedEvent,
  type OpenDisputeInput,
  type Role,
} from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { disputes, orders } from '../../db/schema';
import { screenTexts } from '../../lib/contact-screen';
import { conflict, notFound } from '../../lib/http-error';
import { ADMINS_CHANNEL, userChannel, type AppIo } from '../../plugins/realtime';
import { roomChannel } from '../chat';
import type { Notifier } from '../notifications';
import {
  freezeForDispute,
  lockOrder,
  noteDisputeStep,
  referenceOf,
  formatLineTime,
  unfreezeAfterDispute,
  type OrderEffects,
  type OrderKernel,
  type OrderRow,
} from '../orders';
import { citeEvidence, evidenceOf } from './evidence';
import { DISPUTE_JOBS } from './job-kinds';
import { tellDisputeStep, type DisputeStep } from './notices';
import { toDispute, viewerOfDispute } from './shape';
import { refusal } from './refusals';
import { moveDispute, type DisputeRow } from './states';

export interface DisputeDeps {
  k: OrderKernel;
  db: Db;
  io: AppIo;
  notifier: Notifier;
  config: Config;
}

type Actor = { id: string; role: Role };

/**
 * What the two sides do on a dispute: open it, answer it, send it to admins, withdraw it. Each runs in an
 * orders-kernel transaction, so the order's freeze and the dispute's row change together; screens, the
 * chat line and the notices follow after the commit.
 */
export class DisputeService {
  constructor(readonly deps: DisputeDeps) {}

  /** Either side opens a dispute on an order in progress, delivered, or completed within the window. */
  async open(actor: Actor, orderId: string, input: Required<OpenDisputeInput>): Promise<Dispute> {
    const suspicion = screenTexts({ source: 'dispute_statement', orderId }, input.statement);
    const { k } = this.deps;
    let opened: DisputeRow | null = null;
    // The order's own rule decides who may open one, where (orders' `open_dispute`), with the row locked.
    await k.act(actor, orderId, 'open_dispute', async (tx, fx, order) => {
      const side = order.creatorId === actor.id ? 'creator' : 'editor';
      const now = new Date();
      const respondBy = new Date(now.getTime() + k.hours(this.deps.config.DISPUTE_RESPONSE_HOURS));
      const [row] = await tx
        .insert(disputes)
        .values({
          orderId: order.id,
          openedBy: side,
          openedById: actor.id,
          reason: input.reason,
          statement: input.statement,
          respondBy,
        })
        .returning();
      await citeEvidence(tx, row!, order, side, input);
      const frozen = await freezeForDispute(k, tx, fx, order, {
        id: row!.id,
        side,
        actorId: actor.id,
        reason: input.reason,
      });
      if (!frozen) throw conflict(DISPUTE_MESSAGES.notDisputable(this.deps.config.DISPUTE_WINDOW_DAYS));
      await k.flag(tx, fx, suspicion, { source: 'dispute_statement', authorId: actor.id, order });
      await k.schedule(tx, fx, DISPUTE_JOBS.responseDeadline, { disputeId: row!.id }, respondBy);
      const other = side === 'creator' ? 'editor' : 'creator';
      fx.line(
        order,
        `dispute:${row!.id}`,
        `The ${side} opened a dispute on order ${referenceOf(order)} (${DISPUTE_REASON_LABELS[input.reason].toLowerCase()}). The order is on hold. The ${other} can answer until ${formatLineTime(respondBy)}; the two can still settle with more time, a different amount or a cancellation, or Cutroom support decides.`,
      );
      this.announce(fx, row!, frozen, { step: 'opened' });
      opened = row!;
      return frozen;
    });
    return this.view(actor, opened!.id);
  }

  /** The other side gives its statement (and evidence), once. */
  async answer(actor: Actor, id: string, input: Required<AnswerDisputeInput>): Promise<Dispute> {
    const { k } = this.deps;
    const loaded = await this.load(actor, id);
    const suspicion = screenTexts({ source: 'dispute_statement', orderId: loaded.order.id }, input.statement);
    await k.run(async (tx, fx) => {
      const { dispute, order, side } = await this.lockFor(tx, actor, id, 'answer');
      const row = await moveDispute(
        tx,
        dispute.id,
        'answered',
        { responseStatement: input.statement, respondedAt: new Date() },
        ['awaiting_response'],
      );
      if (!row) throw conflict(DISPUTE_MESSAGES.alreadyAnswered);
      await citeEvidence(tx, row, order, side, input);
      await k.flag(tx, fx, suspicion, { source: 'dispute_statement', authorId: actor.id, order });
      await noteDisputeStep(tx, fx, order, row.id, {
        type: 'dispute_answered',
        actor: side,
        actorId: actor.id,
      });
      fx.line(
        order,
        `dispute-answered:${row.id}`,
        `The ${side} answered the dispute on order ${referenceOf(order)}. Either side can now send it to Cutroom support, or the two can settle.`,
      );
      this.announce(fx, row, order, { step: 'answered', by: side });
    });
    // Acting on it reads their notices of the order, as any step on an order does (kernel.act).
    await k.acted(actor, loaded.order.id);
    return this.view(actor, id);
  }

  /** Either side sends an answered dispute to admins before the window ends. */
  async escalate(actor: Actor, id: string): Promise<Dispute> {
    const { order } = await this.load(actor, id);
    await this.deps.k.run(async (tx, fx) => {
      const { dispute, order, side } = await this.lockFor(tx, actor, id, 'escalate');
      const row = await moveDispute(tx, dispute.id, 'with_admins', { escalatedAt: new Date() }, ['answered']);
      if (!row) throw conflict(DISPUTE_MESSAGES.notAnswered);
      await this.escalated(tx, fx, row, order, side, actor.id);
    });
    await this.deps.k.acted(actor, order.id);
    return this.view(actor, id);
  }

  /** The side that opened it takes it back: the order goes on as before. */
  async withdraw(actor: Actor, id: string): Promise<Dispute> {
    const { k } = this.deps;
    const loaded = await this.load(actor, id);
    await k.run(async (tx, fx) => {
      const { dispute, order, side } = await this.lockFor(tx, actor, id, 'withdraw');
      const row = await moveDispute(tx, dispute.id, 'withdrawn');
      if (!row) throw conflict(DISPUTE_MESSAGES.notOpen);
      await unfreezeAfterDispute(k, tx, fx, order.id, dispute.id, 'withdrawn', {
        type: 'dispute_withdrawn',
        actor: side,
        actorId: actor.id,
      });
      fx.line(
        order,
        `dispute-withdrawn:${row.id}`,
        `The ${side} withdrew the dispute on order ${referenceOf(order)}.`,
      );
      this.announce(fx, row, order, { step: 'withdrawn', by: side });
    });
    await k.acted(actor, loaded.order.id);
    return this.view(actor, id);
  }

  /** The response window ended without a settlement: admins decide. */
  async responseDeadline(id: string): Promise<void> {
    const { k } = this.deps;
    await k.run(async (tx, fx) => {
      // The order first, then the dispute, as every step locks them (the timeline's event needs the
      // order: the other way round it deadlocked with an answer arriving at the deadline).
      const [ref] = await tx.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, id));
      if (!ref) return;
      await lockOrder(tx, ref.orderId);
      const [dispute] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
      if (!dispute) return;
      if (dispute.respondBy.getTime() > Date.now()) {
        if (dispute.status === 'awaiting_response' || dispute.status === 'answered')
          await k.schedule(tx, fx, DISPUTE_JOBS.responseDeadline, { disputeId: id }, dispute.respondBy);
        return;
      }
      const row = await moveDispute(tx, id, 'with_admins', { escalatedAt: new Date() }, [
        'awaiting_response',
        'answered',
      ]);
      if (!row) return;
      const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
      await this.escalated(tx, fx, row, order!, 'system');
    });
  }

  /** The order's disputes, newest first, for its two sides and admins. */
  async listForOrder(actor: Actor, orderId: string): Promise<Dispute[]> {
    const [order] = await this.deps.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order || viewerOfDispute(order, actor) === 'other') throw notFound('Order not found');
    const rows = await this.deps.db
      .select()
      .from(disputes)
      .where(eq(disputes.orderId, orderId))
      .orderBy(desc(disputes.createdAt));
    const evidence = await evidenceOf(
      this.deps.db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => toDispute(r, order, evidence, viewerOfDispute(order, actor)));
  }

  async view(actor: Actor, id: string): Promise<Dispute> {
    const { dispute, order } = await this.load(actor, id);
    return toDispute(dispute, order, await evidenceOf(this.deps.db, [id]), viewerOfDispute(order, actor));
  }

  /** A dispute and its order; strangers are told it does not exist. */
  async load(actor: Actor, id: string): Promise<{ dispute: DisputeRow; order: OrderRow }> {
    const [found] = await this.deps.db
      .select({ dispute: disputes, order: orders })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(eq(disputes.id, id));
    if (!found || viewerOfDispute(found.order, actor) === 'other') throw notFound(DISPUTE_MESSAGES.notFound);
    return found;
  }

  /** The dispute locked (its order first, as every order change locks it), and the rule checked. */
  async lockFor(tx: Db, actor: Actor, id: string, action: DisputeAction) {
    const [ref] = await tx.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, id));
    if (!ref) throw notFound(DISPUTE_MESSAGES.notFound);
    const order = await lockOrder(tx, ref.orderId);
    const viewer = viewerOfDispute(order, actor);
    if (viewer === 'other') throw notFound(DISPUTE_MESSAGES.notFound);
    const [dispute] = await tx
      .select()
      .from(disputes)
      .where(and(eq(disputes.id, id)))
      .for('update');
    if (!disputeActions(dispute!, viewer).includes(action)) throw refusal(dispute!, viewer, action);
    return { dispute: dispute!, order, side: viewer as 'creator' | 'editor' };
  }

  private async escalated(
    tx: Db,
    fx: OrderEffects,
    row: DisputeRow,
    order: OrderRow,
    by: 'creator' | 'editor' | 'system',
    actorId: string | null = null,
  ) {
    await noteDisputeStep(tx, fx, order, row.id, { type: 'dispute_escalated', actor: by, actorId });
    fx.line(
      order,
      `dispute-escalated:${row.id}`,
      by === 'system'
        ? `The dispute on order ${referenceOf(order)} was not settled in time and goes to Cutroom support to decide.`
        : `The ${by} sent the dispute on order ${referenceOf(order)} to Cutroom support to decide.`,
    );
    this.announce(fx, row, order, { step: 'escalated', by });
  }

  /** After commit: the screens (both sides, the room, admins) and the notices. */
  announce(fx: OrderEffects, row: DisputeRow, order: OrderRow, step: DisputeStep): void {
    fx.changed(order);
    fx.afterCommit(async () => {
      this.screensHear(row, order);
      await tellDisputeStep(this.deps.db, this.deps.notifier, row, order, step);
    });
  }

  /** `disputeUpdated` to both sides' screens, the room's and admins'. */
  screensHear(row: DisputeRow, order: Pick<OrderRow, 'id' | 'roomId' | 'creatorId' | 'editorId'>): void {
    const event: DisputeUpdatedEvent = {
      disputeId: row.id,
      orderId: order.id,
      roomId: order.roomId,
      status: row.status,
    };
    this.deps.io
      .to([
        roomChannel(order.roomId),
        userChannel(order.creatorId),
        userChannel(order.editorId),
        ADMINS_CHANNEL,
      ])
      .emit(DISPUTE_UPDATED_EVENT, event);
  }
}
