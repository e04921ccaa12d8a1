import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, REVIEW_MESSAGES } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { multipartError, type UploadRefusals } from '../../lib/http/multipart-errors';
import type { Storage } from '../../lib/storage/types';
import { mediaUrl } from './shape';

/** The photo as shown on the portfolio page, and on cards. Squares, cropped to the centre. */
const SIZES = { large: 512, thumb: 128 } as const;
const ACCEPTED = new Set(['jpeg', 'png', 'webp']);

export const PHOTO_MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 1,
  fields: 2,
  parts: 3,
  fieldSize: 1024,
};

interface PhotoDeps {
  db: Db;
  storage: Storage;
}

/** Multipart refusals in the words of this upload. */
const REFUSALS: UploadRefusals = {
  tooLarge: 'The photo is too large: images may be at most 10 MB',
  tooManyParts: 'Send one photo at a time',
  notMultipart: REVIEW_MESSAGES.photoMissing,
};

/**
 * Reads the one `photo` part into memory (at most 10 MB: sharp needs the whole image to decode it) and
 * refuses anything over the limit, missing, or not a JPEG, PNG or WebP by its content.
 */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | null = null;
  try {
    for await (const part of request.parts({ limits: PHOTO_MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'photo' || bytes) {
        part.file.resume();
        throw badRequest(REVIEW_MESSAGES.photoMissing);
      }
      bytes = await part.toBuffer();
    }
  } catch (err) {
    throw multipartError(err, REFUSALS);
  }
  if (!bytes || bytes.length === 0) throw badRequest(REVIEW_MESSAGES.photoMissing);
  return bytes;
}

/**
 * Both sizes as WebP, turned upright by the EXIF orientation; sharp writes no metadata unless asked, so
 * the camera's location and details never reach the public copy.
 */
async function renderPhoto(bytes: Buffer): Promise<{ large: Buffer; thumb: Buffer }> {
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { failOn: 'error', limitInputPixels: 60_000_000 }).metadata()).format;
  } catch {
    throw badRequest(REVIEW_MESSAGES.photoUnreadable);
  }
  if (!format || !ACCEPTED.has(format)) throw badRequest(REVIEW_MESSAGES.photoWrongType);
  const render = (size: number) =>
    sharp(bytes, { failOn: 'error', animated: false, limitInputPixels: 60_000_000 })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 82 })
      .toBuffer();
  try {
    const [large, thumb] = await Promise.all([render(SIZES.large), render(SIZES.thumb)]);
    return { large, thumb };
  } catch {
    throw badRequest(REVIEW_MESSAGES.photoUnreadable);
  }
}

/** Replaces the editor's photo: new files first, then the row, then the old files go. */
export async function saveEditorPhoto(deps: PhotoDeps, editorId: string, request: FastifyRequest) {
  const { large, thumb } = await renderPhoto(await readPhoto(request));
  const base = `editors/${editorId}/photo-${randomUUID()}`;
  const keys = { photoKey: `${base}.webp`, photoThumbKey: `${base}-${SIZES.thumb}.webp` };
  await deps.storage.put('public', keys.photoKey, Readable.from([large]), { contentType: 'image/webp' });
  await deps.storage.put('public', keys.photoThumbKey, Readable.from([thumb]), { contentType: 'image/webp' });
  await removeFiles(deps, await swapPhoto(deps.db, editorId, keys));
  return { photoUrl: mediaUrl(keys.photoKey), photoThumbUrl: mediaUrl(keys.photoThumbKey) };
}

export async function removeEditorPhoto(deps: PhotoDeps, editorId: string): Promise<void> {
  await removeFiles(deps, await swapPhoto(deps.db, editorId, { photoKey: null, photoThumbKey: null }));
}

type PhotoKeys = { photoKey: string | null; photoThumbKey: string | null };

/** Sets the keys and returns the ones they replaced, atomically: two uploads at once orphan no file. */
async function swapPhoto(db: Db, editorId: string, keys: PhotoKeys): Promise<PhotoKeys | undefined> {
  const result = await db.execute(sql`
    update ${users} u set photo_key = ${keys.photoKey}, photo_thumb_key = ${keys.photoThumbKey}
    from (select id, photo_key, photo_thumb_key from ${users} where id = ${editorId} for update) old
    where u.id = old.id
    returning old.photo_key, old.photo_thumb_key`);
  const [row] = (
    result as unknown as { rows: { photo_key: string | null; photo_thumb_key: string | null }[] }
  ).rows;
  return row ? { photoKey: row.photo_key, photoThumbKey: row.photo_thumb_key } : undefined;
}

async function removeFiles(deps: PhotoDeps, keys: PhotoKeys | undefined) {
  for (const key of [keys?.photoKey, keys?.photoThumbKey]) {
    if (key) await deps.storage.delete('public', key).catch(() => undefined);
  }
}
