import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  PORTFOLIO_MESSAGES,
  type MediaKind,
  type Portfolio,
  type PortfolioStructure,
  type TierTitle,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorPortfolios, portfolioSamples, type StoredTier } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-error';
import type { JobRunner } from '../../lib/jobs/runner';
import { mediaUploadStream } from '../../lib/media-upload-stream';
import type { Storage } from '../../lib/storage';
import { refreshCatalogueFields, requireLiveEditor } from './editors-service';
import { UnreadableImageError, type MediaProcessor } from './media-processing';
import { posterKeyFor } from './poster-job';
import { isUuid, mediaUrl, toPortfolio, type SampleRow } from './shape';

export interface PortfolioContext {
  db: Db;
  storage: Storage;
  media: MediaProcessor;
  log: FastifyBaseLogger;
  jobs: Pick<JobRunner, 'enqueue'>;
}

/** A file written to storage during one upload, before its row exists. */
export interface StoredFile {
  key: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
  thumbnailKey?: string;
  posterKey?: string;
}

/** Everything written for one sample: the file and its derived images. */
const keysOf = (f: {
  key?: string;
  storageKey?: string;
  thumbnailKey?: string | null;
  posterKey?: string | null;
}) => [f.key ?? f.storageKey, f.thumbnailKey, f.posterKey].filter((k): k is string => Boolean(k));

/** Removes stored files; used when an upload fails part-way and when samples are deleted. */
export async function removeFiles(
  ctx: PortfolioContext,
  files: Parameters<typeof keysOf>[0][],
): Promise<void> {
  await Promise.all(
    files
      .flatMap(keysOf)
      .map((key) =>
        ctx.storage
          .delete('public', key)
          .catch((err) => ctx.log.error({ err, key }, 'could not remove a media file')),
      ),
  );
}

/** The editor's tiers, or 400 when it has none (samples belong to a tier). */
export async function tiersForUpload(db: Db, editorId: string): Promise<Set<TierTitle>> {
  await requireLiveEditor(db, editorId);
  const [row] = await db
    .select({ tiers: editorPortfolios.tiers })
    .from(editorPortfolios)
    .where(eq(editorPortfolios.editorId, editorId));
  const titles = new Set((row?.tiers ?? []).map((t) => t.title));
  if (titles.size === 0) throw badRequest(PORTFOLIO_MESSAGES.noTiers);
  return titles;
}

/**
 * Streams one file into public storage: the type is read from its first bytes (never its name or the
 * header the client sent), only images and videos are kept, and the size limit of that kind is enforced
 * while streaming. Nothing is left in storage when this throws.
 */
export async function storeSampleFile(
  ctx: PortfolioContext,
  editorId: string,
  fileName: string,
  source: Readable,
): Promise<StoredFile> {
  const media = await mediaUploadStream(source, fileName);
  if (!media) throw badRequest(`${fileName || 'This file'}: ${PORTFOLIO_MESSAGES.wrongType.toLowerCase()}`);
  const { mimeType, kind, ext, stream } = media;
  const key = `portfolio/${editorId}/${randomUUID()}.${ext}`;
  try {
    const { size } = await ctx.storage.put('public', key, stream, { contentType: mimeType });
    return { key, mimeType, kind, sizeBytes: size };
  } catch (err) {
    throw stream.exceeded ?? err;
  }
}

/**
 * Thumbnail (images) or, with `poster: 'now'`, poster frame (videos, when ffmpeg is there); a broken image
 * is refused. Uploads leave the poster to a background job (poster-job.ts).
 */
export async function deriveImages(
  ctx: PortfolioContext,
  file: StoredFile,
  fileName: string,
  { poster }: { poster: 'now' | 'later' },
): Promise<void> {
  const base = file.key.replace(/\.[^.]+$/, '');
  if (file.kind === 'image') {
    const thumbKey = `${base}.thumb.webp`;
    try {
      await ctx.media.thumbnail(ctx.storage, file.key, thumbKey);
      file.thumbnailKey = thumbKey;
    } catch (err) {
      if (err instanceof UnreadableImageError) {
        throw badRequest(`${fileName || 'This file'} could not be read as an image`);
      }
      throw err;
    }
  } else if (poster === 'now') {
    const posterKey = posterKeyFor(file.key);
    if (await ctx.media.poster(ctx.storage, file.key, posterKey)) file.posterKey = posterKey;
  }
}

export interface NewSample {
  tier: TierTitle;
  tags: string[];
  file: StoredFile;
}

/**
 * Records uploaded samples (one statement) and refreshes the editor's search text with their tags.
 * Returns the new rows' ids and types.
 */
export async function insertSamples(
  db: Db,
  editorId: string,
  samples: NewSample[],
): Promise<{ id: string; mimeType: string; posterKey: string | null }[]> {
  if (samples.length === 0) return [];
  const rows = await db
    .insert(portfolioSamples)
    .values(
      samples.map((s) => ({
        editorId,
        tier: s.tier,
        storageKey: s.file.key,
        mimeType: s.file.mimeType,
        sizeBytes: s.file.sizeBytes,
        tags: s.tags,
        thumbnailKey: s.file.thumbnailKey ?? null,
        posterKey: s.file.posterKey ?? null,
      })),
    )
    .returning({
      id: portfolioSamples.id,
      mimeType: portfolioSamples.mimeType,
      posterKey: portfolioSamples.posterKey,
    });
  await refreshCatalogueFields(db, editorId);
  return rows;
}

export async function loadPortfolio(db: Db, editorId: string): Promise<Portfolio> {
  const [[row], samples] = await Promise.all([
    db.select().from(editorPortfolios).where(eq(editorPortfolios.editorId, editorId)),
    db
      .select()
      .from(portfolioSamples)
      .where(eq(portfolioSamples.editorId, editorId))
      .orderBy(portfolioSamples.createdAt, portfolioSamples.id),
  ]);
  return toPortfolio(row, samples);
}

/**
 * Saves tiers and what's-included. A tier that is removed takes its samples (rows and files) with it,
 * so no sample is ever left without a tier to show it.
 */
export async function saveStructure(
  ctx: PortfolioContext,
  editorId: string,
  input: PortfolioStructure,
): Promise<Portfolio> {
  await requireLiveEditor(ctx.db, editorId);
  const tiers: StoredTier[] = input.tiers.map((t) => ({
    title: t.title,
    description: t.description,
    features: t.features,
    pricing: t.pricing.map((p) => ({
      reelCount: p.reelCount,
      priceMin: p.priceMin,
      ...(p.priceMax !== undefined ? { priceMax: p.priceMax } : {}),
    })),
    ...(t.deliveryDays !== undefined ? { deliveryDays: t.deliveryDays } : {}),
    ...(t.revisions !== undefined ? { revisions: t.revisions } : {}),
  }));
  const kept = tiers.map((t) => t.title);
  const removed = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(editorPortfolios)
      .values({ editorId, tiers, whatsIncluded: input.whatsIncluded })
      .onConflictDoUpdate({
        target: editorPortfolios.editorId,
        set: { tiers, whatsIncluded: input.whatsIncluded, updatedAt: new Date() },
      });
    return tx
      .delete(portfolioSamples)
      .where(
        and(
          eq(portfolioSamples.editorId, editorId),
          kept.length ? notInArray(portfolioSamples.tier, kept) : undefined,
        ),
      )
      .returning();
  });
  if (removed.length) await removeFiles(ctx, removed);
  // Tiers (and maybe samples) changed: what the public list counts changed too.
  await refreshCatalogueFields(ctx.db, editorId);
  return loadPortfolio(ctx.db, editorId);
}

/** Deletes one sample (row, file, thumbnail, poster). `sampleUrl`/`tier`, when sent, must match it. */
export async function deleteSample(
  ctx: PortfolioContext,
  editorId: string,
  sampleId: string,
  check: { sampleUrl?: string; tier?: TierTitle },
): Promise<void> {
  await requireLiveEditor(ctx.db, editorId);
  const missing = () => notFound(PORTFOLIO_MESSAGES.sampleNotFound);
  if (!isUuid(sampleId)) throw missing();
  const [row] = await ctx.db
    .select()
    .from(portfolioSamples)
    .where(and(eq(portfolioSamples.id, sampleId), eq(portfolioSamples.editorId, editorId)));
  if (!row) throw missing();
  if (check.tier && check.tier !== row.tier) throw missing();
  if (check.sampleUrl && !sameMedia(check.sampleUrl, row)) throw missing();
  const deleted = await ctx.db
    .delete(portfolioSamples)
    .where(inArray(portfolioSamples.id, [row.id]))
    .returning({ id: portfolioSamples.id });
  if (deleted.length === 0) throw missing();
  await removeFiles(ctx, [row]);
  await refreshCatalogueFields(ctx.db, editorId);
}

/** The page may send the URL as shown (relative or absolute). */
function sameMedia(sampleUrl: string, row: SampleRow): boolean {
  const path = sampleUrl.replace(/^https?:\/\/[^/]+/, '');
  return path === mediaUrl(row.storageKey);
}
