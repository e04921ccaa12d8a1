import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  CHAT_MESSAGES,
  CONTACT_DETAILS_BLOCKED_MESSAGE,
  DELIVERY_MESSAGES,
  deliveryFieldsSchema,
  findContactDetails,
  tierAmount,
  type DeliveriesPage,
  type DeliveriesQuery,
  type Delivery,
  type Role,
  type TierTitle,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { deliveries, editorPortfolios } from '../../db/schema';
import type { JobRow, JobRunner } from '../../lib/jobs';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import type { Storage } from '../../lib/storage';
import { roomForUser, type RoomAccess } from '../chat/rooms';
import type { DeliveryAnnouncer } from './events';
import { coveringPayments, reconcilePair, type DeliveryRow } from './payment-link';
import { PREVIEW_JOB, type PreviewJobPayload } from './preview-job';
import { toDelivery, type Viewer } from './shape';
import { ticketSigner } from './tickets';
import type { ReceivedDelivery } from './upload';

export interface DeliveryDeps {
  db: Db;
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

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

function refuseContactDetails(text: string): void {
  if (text && findContactDetails(text)) throw badRequest(CONTACT_DETAILS_BLOCKED_MESSAGE);
}

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
  async assertCanSend(actor: Actor, roomId: string): Promise<void> {
    const record = await roomForUser(this.deps.db, actor, roomId, 'write');
    if (record.room.editorId !== actor.id) throw forbidden(DELIVERY_MESSAGES.onlyEditor);
  }

  /** The note and tier: valid, free of contact details, a tier this editor offers. */
  async checkFields(editorId: string, raw: Record<string, string>) {
    const fields = deliveryFieldsSchema.parse({ note: raw.note ?? '', tier: raw.tier });
    refuseContactDetails(fields.note);
    await this.assertEditorTier(editorId, fields.tier);
    return fields;
  }

  async send(actor: Actor, roomId: string, received: ReceivedDelivery): Promise<Delivery> {
    let created: { delivery: DeliveryRow; job: JobRow };
    try {
      // Checked again: the fields may have come after the file, and the room may have closed meanwhile.
      const record = await roomForUser(this.deps.db, actor, roomId, 'write');
      const fields = await this.checkFields(record.room.editorId, received.fields);
      created = await this.insert(record.room, fields, received);
    } catch (err) {
      // Nothing was recorded: the stored original goes too.
      await this.deps.storage.delete('private', received.file.key).catch(() => undefined);
      throw err;
    }
    this.deps.jobs.dispatch(created.job);
    await this.deps.announce.line(created.delivery, 'sent');
    this.deps.announce.updated(created.delivery);
    return (await this.shape(actor, [created.delivery]))[0]!;
  }

  /** The delivery and its preview job in one transaction, numbered 1, 2, 3… within the room. */
  private async insert(
    room: { id: string; creatorId: string; editorId: string },
    fields: { note: string; tier: TierTitle },
    received: ReceivedDelivery,
  ): Promise<{ delivery: DeliveryRow; job: JobRow }> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.db.transaction(async (tx) => {
          const [last] = await tx
            .select({ number: deliveries.number })
            .from(deliveries)
            .where(eq(deliveries.roomId, room.id))
            .orderBy(desc(deliveries.number))
            .limit(1);
          const [row] = await tx
            .insert(deliveries)
            .values({
              roomId: room.id,
              creatorId: room.creatorId,
              editorId: room.editorId,
              number: (last?.number ?? 0) + 1,
              tier: fields.tier,
              note: fields.note,
              originalKey: received.file.key,
              mimeType: received.file.mimeType,
              mediaKind: received.file.kind,
              sizeBytes: received.file.sizeBytes,
            })
            .returning();
          const job = await this.deps.jobs.enqueue<PreviewJobPayload>(
            PREVIEW_JOB,
            { deliveryId: row!.id },
            { db: tx },
          );
          const [delivery] = await tx
            .update(deliveries)
            .set({ previewJobId: job.id })
            .where(eq(deliveries.id, row!.id))
            .returning();
          return { delivery: delivery!, job };
        });
      } catch (err) {
        // Two deliveries to one room at the same moment took the same number: take the next one.
        if (!isUniqueViolation(err) || attempt >= 4) throw err;
      }
    }
  }

  /** The tier must be one the editor offers (its price is what the creator pays on approval). */
  private async assertEditorTier(editorId: string, tier: string): Promise<void> {
    const [portfolio] = await this.deps.db
      .select({ tiers: editorPortfolios.tiers })
      .from(editorPortfolios)
      .where(eq(editorPortfolios.editorId, editorId));
    if (!portfolio?.tiers.some((t) => t.title === tier))
      throw badRequest(DELIVERY_MESSAGES.unknownTier(tier));
  }

  /** Newest first; members and admins. Payments that landed while no listener ran are applied here. */
  async list(actor: Actor, roomId: string, query: DeliveriesQuery): Promise<DeliveriesPage> {
    const record = await roomForUser(this.deps.db, actor, roomId, 'read');
    const page = () =>
      this.deps.db
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
    let rows = await page();
    let covered = await this.covered(rows);
    // Only an approved delivery that no payment covers can change here (a payment landed unannounced).
    const unsettled = rows.some((d) => d.status === 'approved' && !(d.paymentId && covered.has(d.paymentId)));
    if (unsettled && (await this.reconcile(record.room))) {
      rows = await page();
      covered = await this.covered(rows);
    }
    return {
      data: await this.shape(actor, rows.slice(0, query.limit), covered),
      hasMore: rows.length > query.limit,
    };
  }

  private covered(rows: DeliveryRow[]): Promise<Set<string>> {
    return coveringPayments(
      this.deps.db,
      rows.flatMap((r) => (r.paymentId ? [r.paymentId] : [])),
    );
  }

  async approve(actor: Actor, id: string): Promise<Delivery> {
    const { delivery } = await this.loadForCreatorDecision(actor, id);
    if (delivery.previewStatus !== 'ready') throw conflict(DELIVERY_MESSAGES.previewNotReady);
    const row = await this.decide(delivery, { status: 'approved' });
    await this.deps.announce.line(row, 'approved');
    this.deps.announce.updated(row);
    // A payment made earlier (Pay Now) covers the first delivery approved.
    await this.reconcile(row);
    return this.reshape(actor, row.id);
  }

  async requestChanges(actor: Actor, id: string, note: string): Promise<Delivery> {
    refuseContactDetails(note);
    const { delivery } = await this.loadForCreatorDecision(actor, id);
    const row = await this.decide(delivery, { status: 'changes_requested', changesNote: note });
    await this.deps.announce.line(row, 'changes');
    this.deps.announce.updated(row);
    return (await this.shape(actor, [row]))[0]!;
  }

  private async loadForCreatorDecision(actor: Actor, id: string) {
    const loaded = await this.load(actor, id, 'write');
    if (loaded.side !== 'creator') throw forbidden(DELIVERY_MESSAGES.onlyCreator);
    if (loaded.delivery.status !== 'sent') throw conflict(DELIVERY_MESSAGES.alreadyDecided);
    return loaded;
  }

  /** One decision per delivery, even when two arrive at once. */
  private async decide(
    delivery: DeliveryRow,
    change: { status: 'approved' | 'changes_requested'; changesNote?: string },
  ): Promise<DeliveryRow> {
    const [row] = await this.deps.db
      .update(deliveries)
      .set({ ...change, decidedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(deliveries.id, delivery.id), eq(deliveries.status, 'sent')))
      .returning();
    if (!row) throw conflict(DELIVERY_MESSAGES.alreadyDecided);
    return row;
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
   * Whether the actor may have the original: admins, and the room's creator once a payment covers it
   * (403 before); anyone else is told it does not exist.
   */
  async authorizeFinal(actor: Actor, id: string): Promise<DeliveryRow> {
    const { delivery, side } = await this.load(actor, id, 'read');
    if (side === 'admin') return delivery;
    if (side !== 'creator') throw notFound(DELIVERY_MESSAGES.notFound);
    if (!(await this.isCovered(delivery))) {
      // A payment may have landed while no listener ran: settle the pair, then ask again.
      await this.reconcile(delivery);
      const [fresh] = await this.deps.db.select().from(deliveries).where(eq(deliveries.id, id));
      if (!fresh || !(await this.isCovered(fresh))) throw forbidden(DELIVERY_MESSAGES.notPaid);
      return fresh;
    }
    return delivery;
  }

  private async isCovered(delivery: DeliveryRow): Promise<boolean> {
    if (!delivery.paymentId) return false;
    return (await coveringPayments(this.deps.db, [delivery.paymentId])).has(delivery.paymentId);
  }

  /**
   * Applies the pair's payments to its deliveries and tells the room what changed. Called on payment
   * and refund events, on approval, and when a list or a download finds an approved delivery unpaid.
   * Returns whether anything changed.
   */
  async reconcile(pair: { creatorId: string; editorId: string }): Promise<boolean> {
    const { linked, unlinked } = await reconcilePair(this.deps.db, pair);
    for (const { delivery, paymentId } of unlinked) {
      await this.deps.announce.line(delivery, 'refunded', paymentId);
      this.deps.announce.updated(delivery);
    }
    for (const delivery of linked) {
      await this.deps.announce.line(delivery, 'paid');
      await this.deps.announce.line(delivery, 'released');
      this.deps.announce.updated(delivery);
    }
    return linked.length + unlinked.length > 0;
  }

  private async reshape(actor: Actor, id: string): Promise<Delivery> {
    const [row] = await this.deps.db.select().from(deliveries).where(eq(deliveries.id, id));
    if (!row) throw notFound(DELIVERY_MESSAGES.notFound);
    return (await this.shape(actor, [row]))[0]!;
  }

  /** Deliveries as this actor sees them, with access-checked media URLs signed for the actor's session. */
  private async shape(actor: Actor, rows: DeliveryRow[], known?: Set<string>): Promise<Delivery[]> {
    const covered = known ?? (await this.covered(rows));
    const sign = await ticketSigner(this.deps.db, actor.sessionId);
    const prices = await this.tierPrices([...new Set(rows.map((r) => r.editorId))]);
    return rows.map((row) => {
      const viewer: Viewer =
        actor.id === row.creatorId ? 'creator' : actor.id === row.editorId ? 'editor' : 'admin';
      return toDelivery(row, {
        viewer,
        paid: Boolean(row.paymentId && covered.has(row.paymentId)),
        amount: prices.get(`${row.editorId}:${row.tier}`) ?? null,
        sign,
      });
    });
  }

  /** The editors' current tier prices (what a payment for the tier charges), in one query. */
  private async tierPrices(editorIds: string[]): Promise<Map<string, number>> {
    const prices = new Map<string, number>();
    if (editorIds.length === 0) return prices;
    const portfolios = await this.deps.db
      .select({ editorId: editorPortfolios.editorId, tiers: editorPortfolios.tiers })
      .from(editorPortfolios)
      .where(inArray(editorPortfolios.editorId, editorIds));
    for (const p of portfolios) {
      for (const tier of p.tiers) {
        const amount = tierAmount(tier.pricing);
        if (amount !== null) prices.set(`${p.editorId}:${tier.title}`, amount);
      }
    }
    return prices;
  }
}
