import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { portfolioSamples } from '../../db/schema';
import type { JobDefinition } from '../../lib/jobs';
import { mediaProcessor } from './media-processing';

export const SAMPLE_POSTER_JOB = 'portfolio.sample-poster';

export type SamplePosterPayload = { sampleId: string };

export const posterKeyFor = (storageKey: string) => `${storageKey.replace(/\.[^.]+$/, '')}.poster.jpg`;

/**
 * A video sample's poster frame, made after the upload has answered: reading a frame out of a 100 MB
 * video took longer than receiving it (docs/performance.md), and the page shows the video without a
 * poster until it is there. Without ffmpeg, or for a video it cannot read, the sample keeps no poster.
 */
export function samplePosterJob(app: FastifyInstance): JobDefinition<SamplePosterPayload> {
  return {
    timeoutMs: 60_000,
    maxAttempts: 3,
    async handler({ sampleId }) {
      const [sample] = await app.db.select().from(portfolioSamples).where(eq(portfolioSamples.id, sampleId));
      if (!sample || sample.posterKey || !sample.mimeType.startsWith('video/')) return;
      const posterKey = posterKeyFor(sample.storageKey);
      if (!(await mediaProcessor(app.log).poster(app.storage, sample.storageKey, posterKey))) return;
      const [kept] = await app.db
        .update(portfolioSamples)
        .set({ posterKey })
        .where(and(eq(portfolioSamples.id, sampleId), isNull(portfolioSamples.posterKey)))
        .returning({ id: portfolioSamples.id });
      if (kept) return app.editorCatalogue.changed();
      // Deleted while its frame was being read: the file would belong to nothing.
      const [still] = await app.db
        .select({ id: portfolioSamples.id })
        .from(portfolioSamples)
        .where(eq(portfolioSamples.id, sampleId));
      if (!still) await app.storage.delete('public', posterKey).catch(() => undefined);
    },
  };
}
