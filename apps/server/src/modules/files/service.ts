import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  ORDER_FILE_MESSAGES,
  ORDER_FILE_NAME_MAX,
  type OrderFileKind,
  type OrderFilesReply,
  type UploadMetadata,
} from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { orderFiles, orders } from '../../db/schema';
import { displayFileName } from '../../lib/file-names';
import { badRequest, conflict, notFound, tooLarge } from '../../lib/http-error';
import type { JobRunner } from '../../lib/jobs';
import { previewTicketExpiry, ticketSigner, type SessionUser } from '../auth';
import { lockOrder } from '../orders';
import { takesFootage } from './footage';
import { CHECK_UPLOAD_JOB } from './job-kinds';
import type { UploadKinds } from './kinds';
import { findByTusId, footageBytesOf, type OrderFileRow } from './records';
import { archiveUrl, toOrderFile } from './shape';

export type Actor = Pick<SessionUser, 'id' | 'role'>;

export interface FilesDeps {
  db: Db;
  config: Config;
  jobs: JobRunner;
  kinds: UploadKinds;
}

/**
 * A delivery's original is not the creator's through these routes: the delivery module releases it once
 * the delivery is approved and paid (its final link). Until then the creator has the watermarked preview;
 * the editor and admins may fetch it here. Footage is both sides'.
 */
const mayRead = (file: Pick<OrderFileRow, 'kind'>, side: 'creator' | 'editor' | null) =>
  file.kind !== 'delivery' || side !== 'creator';

/** An upload's id in the tus store and its URL: ours, unguessable, and safe as an S3 key or a file name. */
export const newTusId = () => randomBytes(24).toString('hex');

/** The rules of an order's files: who may add which, how much, and who may read them. */
export class OrderFilesService {
  constructor(private readonly deps: FilesDeps) {}

  /**
   * A tus creation, decided before the store makes anything: the order is the caller's, the file has a
   * size within its kind's limit, and the kind's own rules hold (who, when, how much). The row is written
   * under the order's lock, so two creations at once cannot both take the last of an allowance.
   */
  async startUpload(actor: Actor, meta: UploadMetadata, length: number | null, tusId: string) {
    const { config, db } = this.deps;
    if (length === null) throw badRequest(ORDER_FILE_MESSAGES.needsLength);
    if (length === 0) throw badRequest(ORDER_FILE_MESSAGES.empty);
    const policy = this.policyOf(meta.kind);
    if (length > policy.maxBytes()) throw tooLarge(policy.tooLarge(policy.maxBytes()));
    const [found] = await db.select().from(orders).where(eq(orders.id, meta.orderId));
    const side =
      found && (found.creatorId === actor.id ? 'creator' : found.editorId === actor.id ? 'editor' : null);
    if (!found || !side) throw notFound(ORDER_FILE_MESSAGES.orderNotFound);
    // The kind's checks read with the pool (PGlite has one connection: not inside the transaction).
    await policy.authorize({ db, actor, side, order: found, meta, length });
    return db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const order = await lockOrder(tx, found.id);
      await policy.reserve?.({ tx, order, length });
      const [row] = await tx
        .insert(orderFiles)
        .values({
          orderId: order.id,
          kind: meta.kind,
          uploaderId: actor.id,
          uploaderRole: side,
          tusId,
          name: displayFileName(meta.filename, 'Untitled file', ORDER_FILE_NAME_MAX),
          claimedType: meta.filetype?.slice(0, 255) || null,
          note: meta.note ?? null,
          sizeBytes: length,
          expiresAt: new Date(Date.now() + config.UPLOAD_EXPIRY_HOURS * 3_600_000),
        })
        .returning();
      return row!;
    });
  }

  private policyOf(kind: OrderFileKind) {
    const policy = this.deps.kinds.get(kind);
    if (!policy) throw badRequest(ORDER_FILE_MESSAGES.badMetadata);
    return policy;
  }

  /** A creation the store then refused: its row goes, so it neither lists nor counts. */
  async dropUpload(tusId: string): Promise<void> {
    await this.deps.db
      .delete(orderFiles)
      .where(and(eq(orderFiles.tusId, tusId), eq(orderFiles.status, 'uploading')));
  }

  /**
   * The caller's own upload, for HEAD, PATCH and DELETE: anyone else's is not found. Bytes are taken only
   * while the order still takes that kind of file.
   */
  async ownUpload(actor: Actor, tusId: string, writing: boolean): Promise<OrderFileRow> {
    const row = await findByTusId(this.deps.db, tusId);
    if (!row || row.uploaderId !== actor.id) throw notFound(ORDER_FILE_MESSAGES.uploadNotFound);
    if (row.status === 'expired') throw notFound(ORDER_FILE_MESSAGES.uploadNotFound);
    if (writing) {
      const [order] = await this.deps.db.select().from(orders).where(eq(orders.id, row.orderId));
      const refusal = order ? this.policyOf(row.kind).refusePatch(order) : ORDER_FILE_MESSAGES.orderNotFound;
      if (refusal) throw conflict(refusal);
    }
    return row;
  }

  /** The last byte arrived: the file is checked (hash, type, probe) by a durable job. */
  async uploadFinished(tusId: string): Promise<void> {
    const job = await this.deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(orderFiles)
        .set({ status: 'checking' })
        .where(and(eq(orderFiles.tusId, tusId), eq(orderFiles.status, 'uploading')))
        .returning({ id: orderFiles.id });
      return row
        ? this.deps.jobs.enqueue(CHECK_UPLOAD_JOB, { fileId: row.id }, { db: tx as unknown as Db })
        : null;
    });
    if (job) this.deps.jobs.dispatch(job);
  }

  /** The uploader cancelled (tus termination): the row goes with the bytes. */
  async uploadTerminated(tusId: string): Promise<void> {
    await this.dropUpload(tusId);
  }

  /**
   * The order's files for one of its two sides or an admin; strangers are told the order does not exist.
   * Download links carry a ticket of the viewer's session (a plain link cannot send the Bearer header).
   */
  async list(actor: Actor & { sessionId: string }, orderId: string): Promise<OrderFilesReply> {
    const { db, config } = this.deps;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const side =
      order && (order.creatorId === actor.id ? 'creator' : order.editorId === actor.id ? 'editor' : null);
    if (!order || (!side && actor.role !== 'admin')) throw notFound(ORDER_FILE_MESSAGES.orderNotFound);
    const rows = await db
      .select()
      .from(orderFiles)
      .where(
        and(
          eq(orderFiles.orderId, orderId),
          inArray(orderFiles.status, ['uploading', 'checking', 'ready', 'rejected']),
        ),
      )
      .orderBy(asc(orderFiles.createdAt), asc(orderFiles.id));
    // Another person's unfinished or refused upload is theirs alone: the other side sees what arrived.
    const visible = rows.filter(
      (r) =>
        mayRead(r, side ?? null) &&
        (r.uploaderId === actor.id || r.status === 'ready' || actor.role === 'admin'),
    );
    const sign = await ticketSigner(db, actor.sessionId);
    const expires = previewTicketExpiry();
    return {
      data: visible.map((r) => toOrderFile(r, actor.id, sign('order-file', r.id, expires))),
      limits: {
        perFileBytes: config.FOOTAGE_MAX_BYTES,
        perOrderBytes: config.ORDER_FOOTAGE_MAX_BYTES,
        usedBytes: await footageBytesOf(db, orderId),
      },
      canAddFootage: side === 'creator' && takesFootage(order.status),
      archiveUrl: visible.some((r) => r.status === 'ready')
        ? archiveUrl(orderId, sign('order-archive', orderId, expires))
        : null,
    };
  }

  /** Every ready file of the order, oldest first, for one of its two sides or an admin (the zip). */
  async archivable(actor: Actor, orderId: string): Promise<(OrderFileRow & { storageKey: string })[]> {
    const { db } = this.deps;
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    const member =
      order && (order.creatorId === actor.id || order.editorId === actor.id || actor.role === 'admin');
    if (!order || !member) throw notFound(ORDER_FILE_MESSAGES.orderNotFound);
    const side = order.creatorId === actor.id ? 'creator' : order.editorId === actor.id ? 'editor' : null;
    const rows = await db
      .select()
      .from(orderFiles)
      .where(and(eq(orderFiles.orderId, orderId), eq(orderFiles.status, 'ready')))
      .orderBy(asc(orderFiles.createdAt), asc(orderFiles.id));
    const ready = rows.filter(
      (r): r is OrderFileRow & { storageKey: string } => r.storageKey !== null && mayRead(r, side),
    );
    if (ready.length === 0) throw notFound(ORDER_FILE_MESSAGES.fileNotFound);
    return ready;
  }

  /** A ready file for download by one of the order's two sides or an admin. */
  async downloadable(actor: Actor, fileId: string): Promise<OrderFileRow & { storageKey: string }> {
    const { db } = this.deps;
    const [found] = await db
      .select({ file: orderFiles, creatorId: orders.creatorId, editorId: orders.editorId })
      .from(orderFiles)
      .innerJoin(orders, eq(orders.id, orderFiles.orderId))
      .where(eq(orderFiles.id, fileId));
    const member =
      found && (found.creatorId === actor.id || found.editorId === actor.id || actor.role === 'admin');
    const side =
      found && (found.creatorId === actor.id ? 'creator' : found.editorId === actor.id ? 'editor' : null);
    // An expired file (never finished, or past its retention) is gone: not found, as for strangers.
    if (!found || !member || found.file.status === 'expired' || !mayRead(found.file, side ?? null))
      throw notFound(ORDER_FILE_MESSAGES.fileNotFound);
    const { file } = found;
    if (file.status !== 'ready' || !file.storageKey) throw conflict(ORDER_FILE_MESSAGES.notReady);
    return { ...file, storageKey: file.storageKey };
  }
}
