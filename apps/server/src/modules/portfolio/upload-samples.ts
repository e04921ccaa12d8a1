import type { FastifyRequest } from 'fastify';
import {
  MAX_FILES_PER_UPLOAD,
  PORTFOLIO_MESSAGES,
  VIDEO_MAX_BYTES,
  parseSampleField,
  parseSampleTagsField,
  type Portfolio,
  type SampleField,
} from '@cutroom/contracts';
import { badRequest } from '../../lib/http-error';
import { multipartError, type UploadRefusals } from '../../lib/http/multipart-errors';
import {
  deriveImages,
  insertSamples,
  loadPortfolio,
  removeFiles,
  storeSampleFile,
  tiersForUpload,
  type PortfolioContext,
  type StoredFile,
} from './samples-service';
import { SAMPLE_POSTER_JOB, type SamplePosterPayload } from './poster-job';

/** Busboy's own ceiling sits one byte above the largest kind's, so our per-kind check speaks first. */
export const MULTIPART_LIMITS = {
  fileSize: VIDEO_MAX_BYTES + 1,
  files: MAX_FILES_PER_UPLOAD,
  fields: MAX_FILES_PER_UPLOAD * 2 + 10,
  fieldSize: 16 * 1024,
  parts: MAX_FILES_PER_UPLOAD * 3 + 10,
};

/** Multipart refusals in the words of this upload. */
const REFUSALS: UploadRefusals = {
  tooLarge: 'A file is too large: images may be at most 10 MB and videos 100 MB',
  tooManyParts: `Upload at most ${MAX_FILES_PER_UPLOAD} files at a time`,
  notMultipart: 'Send the files as multipart/form-data',
};

/**
 * PATCH …/portfolio/samples: each file arrives as `{tier}_{index}` and is streamed straight to storage
 * as it is parsed; its tags come in `{tier}_sample_{index}_tags` (before or after the file). Rows are
 * written only once every file is stored and processed; any failure removes every file of the request.
 */
export async function receiveSamples(
  ctx: PortfolioContext,
  request: FastifyRequest,
  editorId: string,
): Promise<{ portfolio: Portfolio; count: number }> {
  const tiers = await tiersForUpload(ctx.db, editorId);
  const stored: { field: SampleField; file: StoredFile; fileName: string }[] = [];
  const tags = new Map<string, string[]>();
  const fileFields = new Set<string>();
  let videos: string[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      const field = parseSampleField(part.fieldname);
      if (part.type === 'file') {
        if (!field || field.kind !== 'file') {
          part.file.resume();
          throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}"`);
        }
        if (!tiers.has(field.tier)) {
          part.file.resume();
          throw badRequest(PORTFOLIO_MESSAGES.unknownTier(field.tier));
        }
        if (fileFields.has(part.fieldname)) {
          part.file.resume();
          throw badRequest(`The field "${part.fieldname}" holds more than one file`);
        }
        fileFields.add(part.fieldname);
        const file = await storeSampleFile(ctx, editorId, part.filename, part.file);
        stored.push({ field, file, fileName: part.filename });
      } else if (field?.kind === 'tags') {
        try {
          tags.set(`${field.tier}_${field.index}`, parseSampleTagsField(String(part.value)));
        } catch (err) {
          throw badRequest((err as Error).message);
        }
      }
    }
    if (stored.length === 0) throw badRequest(PORTFOLIO_MESSAGES.noFiles);
    // Settle every job before deciding, so no thumbnail is written after a failure's clean-up.
    const derived = await Promise.allSettled(
      stored.map((s) => deriveImages(ctx, s.file, s.fileName, { poster: 'later' })),
    );
    const failed = derived.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    const rows = await insertSamples(
      ctx.db,
      editorId,
      stored.map((s) => ({
        tier: s.field.tier,
        tags: tags.get(`${s.field.tier}_${s.field.index}`) ?? [],
        file: s.file,
      })),
    );
    videos = rows.filter((r) => r.mimeType.startsWith('video/') && !r.posterKey).map((r) => r.id);
  } catch (err) {
    await removeFiles(
      ctx,
      stored.map((s) => s.file),
    );
    throw multipartError(err, REFUSALS);
  }
  for (const sampleId of videos) {
    // The samples are stored: a poster that cannot be queued only leaves the video without one.
    await ctx.jobs
      .enqueue<SamplePosterPayload>(SAMPLE_POSTER_JOB, { sampleId })
      .catch((err) => ctx.log.warn({ err, sampleId }, 'could not queue a poster frame'));
  }
  return { portfolio: await loadPortfolio(ctx.db, editorId), count: stored.length };
}
