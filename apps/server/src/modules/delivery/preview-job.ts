import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import { PermanentJobError, type JobDefinition, type JobRow } from '../../lib/jobs';
import type { Storage } from '../../lib/storage';
import type { DeliveryAnnouncer } from './events';
import {
  MissingToolError,
  UnusableMediaError,
  makeImagePreview,
  makeVideoPreview,
  videoPreviewSupport,
} from './preview';
import { privateKey } from './upload';

export const PREVIEW_JOB = 'delivery.preview';

export type PreviewJobPayload = {
  deliveryId: string;
};

interface Deps {
  db: Db;
  storage: Storage;
  announce: DeliveryAnnouncer;
  /** Told once a delivery's preview is ready for review (notifications). */
  onReady?: (delivery: typeof deliveries.$inferSelect) => Promise<void>;
}

/** Makes a delivery's preview (and a video's poster) from its original, into private storage. */
async function makePreview(
  deps: Deps,
  { deliveryId }: PreviewJobPayload,
  signal: AbortSignal,
): Promise<void> {
  const [delivery] = await deps.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
  // Gone (its room was deleted) or already made by an earlier attempt: nothing to do.
  if (!delivery || delivery.previewStatus === 'ready') return;
  if (delivery.mediaKind === 'video') {
    const support = await videoPreviewSupport();
    if (!support.ok) throw new PermanentJobError(support.reason);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-delivery-'));
  const written: string[] = [];
  try {
    const made = await deps.storage.withLocalFile('private', delivery.originalKey, async (original) =>
      delivery.mediaKind === 'video'
        ? makeVideoPreview(original, dir, { signal })
        : { ...(await makeImagePreview(original, dir)), posterPath: null },
    );
    const put = async (file: string, key: string, contentType: string) => {
      await deps.storage.put('private', key, createReadStream(file), { contentType });
      written.push(key);
      return key;
    };
    const isVideo = delivery.mediaKind === 'video';
    const previewKey = await put(
      made.previewPath,
      privateKey('preview', isVideo ? 'mp4' : 'jpg'),
      isVideo ? 'video/mp4' : 'image/jpeg',
    );
    const posterKey = made.posterPath
      ? await put(made.posterPath, privateKey('poster', 'jpg'), 'image/jpeg')
      : null;
    const [row] = await deps.db
      .update(deliveries)
      .set({ previewStatus: 'ready', previewKey, posterKey, previewError: null, updatedAt: sql`now()` })
      .where(eq(deliveries.id, delivery.id))
      .returning();
    if (row) {
      deps.announce.updated(row);
      // Ready for the creator to review only while it still waits for them (not after a decision).
      if (row.status === 'sent' && row.cutroomOrderId) await deps.onReady?.(row);
    }
  } catch (err) {
    await Promise.all(written.map((key) => deps.storage.delete('private', key).catch(() => undefined)));
    if (err instanceof MissingToolError || err instanceof UnusableMediaError)
      throw new PermanentJobError(err.message);
    throw err;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A failed preview is shown on the card with its reason, and the editor may retry it. */
async function markFailed(deps: Deps, job: JobRow): Promise<void> {
  const { deliveryId } = job.payload as unknown as PreviewJobPayload;
  const [row] = await deps.db
    .update(deliveries)
    .set({
      previewStatus: 'failed',
      previewError: job.lastError ?? 'The preview could not be made',
      updatedAt: sql`now()`,
    })
    .where(and(eq(deliveries.id, deliveryId), ne(deliveries.previewStatus, 'ready')))
    .returning();
  if (row) deps.announce.updated(row);
}

export function previewJob(deps: Deps): JobDefinition<PreviewJobPayload> {
  return {
    // A 100 MB video at 720p on a small machine takes minutes, not tens of minutes.
    timeoutMs: 20 * 60 * 1000,
    maxAttempts: 3,
    backoff: { baseMs: 10_000, maxMs: 2 * 60_000 },
    handler: (payload, { signal }) => makePreview(deps, payload, signal),
    onFailed: (job) => markFailed(deps, job),
  };
}
