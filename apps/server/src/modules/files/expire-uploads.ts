import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { orderFiles } from '../../db/schema';
import type { UploadStore } from './tus-store';

export interface SweepDeps {
  db: Db;
  store: UploadStore;
  log: FastifyBaseLogger;
  /** An upload found whole whose finish was never recorded (a crash between the last byte and the row). */
  finished(tusId: string): Promise<void>;
}

/**
 * Unfinished uploads past their expiry: their bytes removed and their rows marked expired, so they stop
 * counting against the order's limit. One whose bytes all arrived but whose finish was lost is checked
 * instead. Then the store's own sweep removes anything else it holds past expiry (a creation whose row
 * never committed).
 */
export async function sweepExpiredUploads(deps: SweepDeps): Promise<{ expired: number; recovered: number }> {
  const { db, store } = deps;
  const due = await db
    .select()
    .from(orderFiles)
    .where(and(eq(orderFiles.status, 'uploading'), lt(orderFiles.expiresAt, new Date())))
    .limit(500);
  let expired = 0;
  let recovered = 0;
  for (const row of due) {
    const upload = await store.datastore.getUpload(row.tusId).catch(() => null);
    if (upload && upload.offset === row.sizeBytes) {
      await deps.finished(row.tusId);
      recovered++;
      continue;
    }
    await store.remove(row.tusId);
    await db
      .update(orderFiles)
      .set({ status: 'expired' })
      .where(and(eq(orderFiles.id, row.id), eq(orderFiles.status, 'uploading')));
    expired++;
  }
  await store.datastore
    .deleteExpired()
    .catch((err: unknown) => deps.log.warn({ err }, 'tus store sweep failed'));
  return { expired, recovered };
}
