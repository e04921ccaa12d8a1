import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_MESSAGES,
  DELIVERY_MESSAGES,
  deliveryFieldsSchema,
  type DeliveriesPage,
  type DeliveriesQuery,
  type Delivery,
  type Role,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { deliveries, orders } from '../../db/schema';
import type { JobRow, JobRunner } from '../../lib/jobs';
import { conflict, forbidden, notFound } from '../../lib/http-error';
import type { Storage } from '../../lib/storage';
import { roomForUser, type RoomAccess } from '../chat';
import type { OrderKernel } from '../orders';
import { screenTexts } from '../../lib/contact-screen';
import { isPaidRecord, selectOrders, type OrderRecord, type OrderRow } from '../orders';
import { referenceOf } from '../orders';
import { announceApproval, assertDeliverable, completeApprovedOrder, requestOrderChanges } from '../orders';
import { recordDecision } from './decisions';
import type { DeliveryAnnouncer } from './events';
import { PREVIEW_JOB, type PreviewJobPayload } from './preview-job';
import { recordDelivery } from './sending';
import { toDelivery, type Viewer } from './shape';
import { ticketSigner } from '../auth';
import type { ReceivedDelivery } from './upload';

export type { DeliveryRow } from './records';
import type { DeliveryRow } from './records';

export interface DeliveryDeps {
  db: Db;
  orders: OrderKernel;
  storage: Storage;
  jobs: JobRunner;
  announce: DeliveryAnnouncer;
  log: FastifyBaseLogger;
}

/** Who is asking: a session user, or the user a media ticket speaks for. */
export interface Actor {
  id: string;
  role: Role;
  sessionId: string;
}

/** Which side of the delivery's room the actor is on. */
export type Side = 'creator' | 'editor' | 'admin';

export class DeliveryService {
  constructor(private readonly deps: DeliveryDeps) {}

  /**
   * A delivery and the actor's side of its room. Strangers get 404, as if it did not exist; admins may
   * read every room but act in none; `write` also needs the room to be open (not frozen or ended).
   */
  async load(actor: Actor, id: string, access: RoomAccess): Promise<{ delivery: DeliveryRow; side: Side }> {
    const [delivery] = await this.deps.db.select().from(deliveries).where(eq(deliveries.id, id));
    if (!delivery) throw notFound(DELIVERY_MESSAGES.notFound);
    const side: Side | null =
      actor.id === delivery.creatorId
        ? 'creator'
        : actor.id === delivery.editorId
          ? 'editor'
          : actor.role === 'admin'
            ? 'admin'
            : null;
    if (!side) throw notFound(DELIVERY_MESSAGES.notFound);
    if (side === 'admin' && access !== 'read') throw forbidden(CHAT_MESSAGES.adminsObserveOnly);
    if (access === 'write') await roomForUser(this.deps.db, actor, delivery.roomId, 'write');
    return { delivery, side };
  }

  /** The room's editor sends a deliverable; checked before a byte of the upload is read. */
  async assertCanSend(actor: Pick<Actor, 'id' | 'role'>, roomId: string): Promise<void> {
    const record = await roomForUser(this.deps.db, actor, roomId, 'write');
    if (record.room.editorId !== actor.id) throw forbidden(DELIVERY_MESSAGES.onlyEditor);
  }

  /** The note and the order: valid, free of contact details, an order of this room waiting for work. */
  async checkFields(editor: Pick<Actor, 'id' | 'role'>, roomId: string, raw: Record<string, string>) {
    const fields = deliveryFieldsSchema.parse({ note: raw.note ?? '', orderId: raw.orderId ?? '' });
    const suspicion = screenTexts({ source: 'delivery_note', roomId }, fields.note);
    const order = await assertDeliverable(this.deps.db, editor, roomId, fields.orderId);
    return { note: fields.note, order, suspicion, editorId: editor.id };
  }

  async send(actor: Actor, roomId: string, received: ReceivedDelivery): Promise<Delivery> {
    const delivery = await this.deliver(actor, roomId, received);
    return (await this.shape(actor, [delivery]))[0]!;
  }

  /**
   * Records a delivery of a file already in private storage (sent as multipart, or through a resumable
   * upload), moves its order, queues its preview and tells the room. Refused, the stored file goes.
   */
  async deliver(actor: Pick<Actor, 'id' | 'role'>, roomId: string, received: ReceivedDelivery) {
    let created: { delivery: DeliveryRow; job: JobRow; order: OrderRow };
    try {
      // Checked again: the fields may have come after the file, and the room may have closed meanwhile.
      await roomForUser(this.deps.db, actor, roomId, 'write');
      const fields = await this.checkFields(actor, roomId, received.fields);
      created = await recordDelivery(this.deps, fields, received);
    } catch (err) {
      // Nothing was recorded: the stored original goes too.
      await this.deps.storage.delete('private', received.file.key).catch(() => undefined);
      throw err;
    }
    this.deps.jobs.dispatch(created.job);
    // Delivering acts on the order: the editor's notices of it (paid, changes requested) are read.
    await this.deps.orders.acted(actor, created.order.id);
    await this.deps.announce.line(created.delivery, 'sent', referenceOf(created.order));
    this.deps.announce.updated(created.delivery);
    return created.delivery;
  }

  /** Newest first; members and admins. */
  async list(actor: Actor, roomId: string, query: DeliveriesQuery): Promise<DeliveriesPage> {
    await roomForUser(this.deps.db, actor, roomId, 'read');
    const rows = await this.deps.db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.roomId, roomId),
          query.before === undefined ? undefined : lt(deliveries.number, query.before),
        ),
      )
      .orderBy(desc(deliveries.number))
      .limit(query.limit + 1);
    return {
      data: await this.shape(actor, rows.slice(0, query.limit)),
      hasMore: rows.length > query.limit,
    };
  }

  /** The creator approves the delivery under review, which completes its order. */
  async approve(actor: Actor, id: string): Promise<Delivery> {
    const { delivery } = await this.loadForCreatorDecision(actor, id);
    if (delivery.previewStatus !== 'ready') throw conflict(DELIVERY_MESSAGES.previewNotReady);
    const k = this.deps.orders;
    const row = await k.run(async (tx, fx) => {
      const order = await completeApprovedOrder(k, tx, fx, actor, delivery);
      // Decided meanwhile: the whole transaction rolls back, the order's move too.
      const approved = await recordDecision(tx, delivery.id, { status: 'approved' });
      if (!approved) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
      await announceApproval(k, tx, fx, order, approved);
      return approved;
    });
    await k.acted(actor, delivery.cutroomOrderId!);
    this.deps.announce.updated(row);
    return this.reshape(actor, row.id);
  }

  /**
   * The creator asks for changes: one of the order's revisions. With none left the request goes to the
   * editor (who may accept it anyway or send a new offer) and the delivery stays under review.
   */
  async requestChanges(
    actor: Actor,
    id: string,
    note: string,
  ): Promise<{ delivery: Delivery; extra: boolean }> {
    const suspicion = screenTexts({ source: 'delivery_note' }, note);
    const { delivery } = await this.loadForCreatorDecision(actor, id);
    const k = this.deps.orders;
    const result = await k.run(async (tx, fx) => {
      const { extra } = await requestOrderChanges(k, tx, fx, actor, delivery, note);
      // With no revision left the delivery stays under review; else it is decided here, or 409.
      const changed = extra
        ? delivery
        : await recordDecision(tx, delivery.id, { status: 'changes_requested', note });
      if (!changed) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
      await k.flag(tx, fx, suspicion, {
        source: 'delivery_note',
        authorId: actor.id,
        order: { id: delivery.cutroomOrderId!, roomId: delivery.roomId },
      });
      return { delivery: changed, extra };
    });
    await k.acted(actor, delivery.cutroomOrderId!);
    if (!result.extra) await this.deps.announce.line(result.delivery, 'changes');
    this.deps.announce.updated(result.delivery);
    return { delivery: (await this.shape(actor, [result.delivery]))[0]!, extra: result.extra };
  }

  private async loadForCreatorDecision(actor: Actor, id: string) {
    const loaded = await this.load(actor, id, 'write');
    if (loaded.side !== 'creator') throw forbidden(DELIVERY_MESSAGES.onlyCreator);
    if (loaded.delivery.status !== 'sent' || !loaded.delivery.cutroomOrderId)
      throw conflict(DELIVERY_MESSAGES.alreadyDecided);
    return loaded;
  }

  /** The editor asks for another go at a failed preview. */
  async retryPreview(actor: Actor, id: string): Promise<Delivery> {
    const { delivery, side } = await this.load(actor, id, 'member');
    if (side !== 'editor') throw forbidden(DELIVERY_MESSAGES.onlyEditor);
    const { db, jobs } = this.deps;
    const [row] = await db
      .update(deliveries)
      .set({ previewStatus: 'processing', previewError: null, updatedAt: sql`now()` })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.previewStatus, 'failed')))
      .returning();
    if (!row) throw conflict(DELIVERY_MESSAGES.retryOnlyFailed);
    const retried = row.previewJobId ? await jobs.retry(row.previewJobId) : null;
    if (!retried) {
      const job = await jobs.enqueue<PreviewJobPayload>(PREVIEW_JOB, { deliveryId: row.id });
      await db.update(deliveries).set({ previewJobId: job.id }).where(eq(deliveries.id, row.id));
    }
    this.deps.announce.updated(row);
    return (await this.shape(actor, [row]))[0]!;
  }

  /**
   * Whether the actor may have the original: admins, and the room's creator once the delivery is approved
   * (or its order auto-completed) and its own order is completed and paid; anyone else is told it does
   * not exist.
   */
  async authorizeFinal(actor: Actor, id: string): Promise<DeliveryRow> {
    const { delivery, side } = await this.load(actor, id, 'read');
    if (side === 'admin') return delivery;
    if (side !== 'creator') throw notFound(DELIVERY_MESSAGES.notFound);
    const [record] = await this.orderRecords([delivery]);
    if (delivery.status !== 'approved' || record?.order.status !== 'completed') {
      throw forbidden(DELIVERY_MESSAGES.notApproved);
    }
    if (!isPaidRecord(record)) throw forbidden(DELIVERY_MESSAGES.notPaid);
    return delivery;
  }

  private async reshape(actor: Actor, id: string): Promise<Delivery> {
    const [row] = await this.deps.db.select().from(deliveries).where(eq(deliveries.id, id));
    if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
    return (await this.shape(actor, [row]))[0]!;
  }

  /** The orders of these deliveries with their payment state, in one query. */
  private async orderRecords(rows: DeliveryRow[]): Promise<OrderRecord[]> {
    const ids = [...new Set(rows.flatMap((r) => (r.cutroomOrderId ? [r.cutroomOrderId] : [])))];
    if (ids.length === 0) return [];
    return selectOrders(this.deps.db, inArray(orders.id, ids), { limit: ids.length });
  }

  /** Deliveries as this actor sees them, with access-checked media URLs signed for the actor's session. */
  private async shape(actor: Actor, rows: DeliveryRow[]): Promise<Delivery[]> {
    const byId = new Map((await this.orderRecords(rows)).map((r) => [r.order.id, r]));
    const sign = await ticketSigner(this.deps.db, actor.sessionId);
    return rows.map((row) => {
      const viewer: Viewer =
        actor.id === row.creatorId ? 'creator' : actor.id === row.editorId ? 'editor' : 'admin';
      const record = row.cutroomOrderId ? byId.get(row.cutroomOrderId) : undefined;
      const paid = record ? isPaidRecord(record) : false;
      return toDelivery(row, {
        viewer,
        order: record?.order ?? null,
        paid,
        released: paid && row.status === 'approved' && record?.order.status === 'completed',
        sign,
      });
    });
  }
}
