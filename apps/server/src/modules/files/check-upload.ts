import { createHash } from 'node:crypto';
import { pipeline, Transform } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { ORDER_FILE_MESSAGES, type VideoFacts } from '@cutroom/contracts';
import { HttpError } from '../../lib/http-error';
import type { Db } from '../../db/client';
import { orderFiles } from '../../db/schema';
import type { JobDefinition } from '../../lib/jobs';
import { MissingToolError } from '../../lib/run-tool';
import type { Storage } from '../../lib/storage';
import { probeVideo, UnreadableVideoError } from './probe';
import type { UploadKinds } from './kinds';
import type { UploadStore } from './tus-store';

/** Enough leading bytes for file-type to recognise every container it knows. */
const SNIFF_BYTES = 4100;
const VIDEO_NAME = /\.(mp4|m4v|mov|mkv|webm|avi|mxf|mts|m2ts|3gp|ogv|wmv|flv|mpg|mpeg)$/i;
/** file-type's video types, and the containers editors send that it names otherwise. */
const isVideoType = (mime: string | undefined) =>
  !!mime && (mime.startsWith('video/') || mime === 'application/mxf');

export interface CheckDeps {
  db: Db;
  storage: Storage;
  store: UploadStore;
  /** Each kind's rules for the bytes, and who takes the file once it is ready. */
  kinds: UploadKinds;
}

/** Hashes every byte on the way to storage and keeps the first few for sniffing. */
function inspecting() {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headLength = 0;
  const stage = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      if (headLength < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      done(null, chunk);
    },
  });
  return { stage, sha256: () => hash.digest('hex'), head: () => Buffer.concat(head) };
}

/**
 * A whole upload, checked and kept: its bytes move from the tus store into private storage (hashed on
 * the way), what they are is read from them (never from the name), and a video is probed. A file named
 * or typed as a video that is not one, or a video ffprobe cannot read, is refused with the reason and its
 * bytes removed. The key is the file's id, so an attempt cut short by a crash is simply done again.
 */
export function checkUploadJob(deps: CheckDeps): JobDefinition<{ fileId: string }> {
  const { db, storage, store } = deps;
  const finish = async (id: string, change: Partial<typeof orderFiles.$inferInsert>) => {
    const [row] = await db
      .update(orderFiles)
      .set({ ...change, completedAt: new Date() })
      .where(eq(orderFiles.id, id))
      .returning();
    return row!;
  };
  return {
    timeoutMs: 6 * 60 * 60_000,
    maxAttempts: 5,
    backoff: { baseMs: 5_000, maxMs: 5 * 60_000 },
    // Given up (its bytes unreadable, storage down for good): refused with a reason, so it neither hangs
    // as `checking` nor keeps counting against the order; the uploader can send it again.
    async onFailed(job) {
      const { fileId } = job.payload as { fileId: string };
      const [file] = await db
        .update(orderFiles)
        .set({ status: 'rejected', rejectedReason: ORDER_FILE_MESSAGES.checkFailed, completedAt: new Date() })
        .where(and(eq(orderFiles.id, fileId), eq(orderFiles.status, 'checking')))
        .returning();
      if (file) {
        await storage.delete('private', `orders/${file.orderId}/files/${file.id}.bin`).catch(() => undefined);
        await store.remove(file.tusId).catch(() => undefined);
      }
    },
    async handler({ fileId }, { signal }) {
      const [file] = await db.select().from(orderFiles).where(eq(orderFiles.id, fileId));
      if (!file || file.status !== 'checking') return;
      const look = inspecting();
      // pipeline, not pipe: a read error (a missing file) reaches the write, which would otherwise wait
      // for bytes forever, and no stream is left with an unheard error.
      const body = pipeline(await store.read(file.tusId), look.stage, () => undefined);
      const key = `orders/${file.orderId}/files/${file.id}`;
      // The stored name's extension only sets the content type local storage serves; it is decided after
      // the bytes are read, so they go first under a neutral name and the object is kept under it.
      const { size } = await storage.put('private', `${key}.bin`, body, {
        contentType: 'application/octet-stream',
      });
      const mime = (await fileTypeFromBuffer(look.head()))?.mime;
      const claimsVideo = VIDEO_NAME.test(file.name) || !!file.claimedType?.startsWith('video/');
      const policy = deps.kinds.get(file.kind);
      let reason: string | null = size !== file.sizeBytes ? 'The upload did not arrive whole' : null;
      reason ??= policy
        ? policy.refuseContent({ mime, size, claimsVideo })
        : 'This kind of file is not taken';
      let video: VideoFacts | null = null;
      if (!reason && isVideoType(mime)) {
        try {
          video = await storage.withLocalFile('private', `${key}.bin`, (path) => probeVideo(path, signal));
        } catch (err) {
          if (err instanceof UnreadableVideoError) reason = ORDER_FILE_MESSAGES.unreadableVideo(err.message);
          else if (!(err instanceof MissingToolError)) throw err;
        }
      }
      const refuse = async (why: string) => {
        await storage.delete('private', `${key}.bin`);
        await finish(file.id, {
          status: 'rejected',
          rejectedReason: why,
          mimeType: mime ?? null,
          storageKey: null,
        });
        await store.remove(file.tusId);
      };
      if (reason) return refuse(reason);
      // The facts are written first and the file stays `checking` until its kind has taken it: a crash
      // in between runs the whole check again (the kind's `ready` is idempotent), never skips it.
      const [checked] = await db
        .update(orderFiles)
        .set({ storageKey: `${key}.bin`, mimeType: mime ?? null, sha256: look.sha256(), video })
        .where(eq(orderFiles.id, file.id))
        .returning();
      try {
        await policy!.ready(checked!);
      } catch (err) {
        // The kind refused it after all (a delivery whose order was cancelled meanwhile).
        if (err instanceof HttpError) return refuse(err.message);
        throw err;
      }
      await finish(file.id, { status: 'ready' });
      await store.remove(file.tusId);
    },
  };
}
