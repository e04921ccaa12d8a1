import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DELIVERY_MESSAGES, VIDEO_MAX_BYTES, type MediaKind } from '@cutroom/contracts';
import { badRequest } from '../../lib/http-error';
import { multipartError, type UploadRefusals } from '../../lib/http/multipart-errors';
import type { Storage } from '../../lib/storage';
import { mediaUploadStream, multipartText } from '../../lib/media-upload-stream';

/** One file and two short fields; busboy's own ceiling sits one byte above the largest kind's. */
export const DELIVERY_MULTIPART_LIMITS = {
  fileSize: VIDEO_MAX_BYTES + 1,
  files: 1,
  fields: 4,
  fieldSize: 8 * 1024,
  parts: 6,
};

export interface StoredOriginal {
  key: string;
  mimeType: string;
  kind: MediaKind;
  sizeBytes: number;
}

export interface ReceivedDelivery {
  file: StoredOriginal;
  fields: Record<string, string>;
}

/** Unguessable: 192 random bits, and the private area is never served by /media anyway. */
export const privateKey = (what: 'original' | 'preview' | 'poster', ext: string) =>
  `deliveries/${what}s/${randomBytes(24).toString('hex')}.${ext}`;

/** Streams one upload into private storage: the type from its bytes, the sample rules for size. */
async function storeOriginal(storage: Storage, fileName: string, source: Readable): Promise<StoredOriginal> {
  const media = await mediaUploadStream(source, fileName);
  if (!media) throw badRequest(DELIVERY_MESSAGES.wrongType);
  const key = privateKey('original', media.ext);
  try {
    const { size } = await storage.put('private', key, media.stream, { contentType: media.mimeType });
    return { key, mimeType: media.mimeType, kind: media.kind, sizeBytes: size };
  } catch (err) {
    throw media.stream.exceeded ?? err;
  }
}

/** Multipart refusals in the words of this upload. */
const REFUSALS: UploadRefusals = {
  tooLarge: 'The file is too large: images may be at most 10 MB and videos 100 MB',
  tooManyFiles: 'Send one file per delivery',
  tooManyParts: 'Too many fields in the upload',
  notMultipart: 'Send the delivery as multipart/form-data',
};

/**
 * Reads POST …/deliveries as it arrives: the `file` part is streamed straight to private storage, the
 * other fields are collected (the page sends them first). All or nothing: any failure removes the file.
 */
export async function receiveDelivery(
  storage: Storage,
  request: FastifyRequest,
  /** Checks the fields sent before the file, so a bad note or tier is refused before the upload. */
  beforeFile: (fields: Record<string, string>) => Promise<void>,
): Promise<ReceivedDelivery> {
  let file: StoredOriginal | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: DELIVERY_MULTIPART_LIMITS })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || part.filename.includes('\u0000')) {
          part.file.resume();
          multipartText(part.filename);
          throw badRequest(`Unexpected file field "${part.fieldname.slice(0, 40)}"`);
        }
        try {
          await beforeFile(fields);
        } catch (err) {
          part.file.resume();
          throw err;
        }
        file = await storeOriginal(storage, part.filename, part.file);
      } else {
        fields[multipartText(part.fieldname)] = multipartText(part.value);
      }
    }
    if (!file) throw badRequest(DELIVERY_MESSAGES.noFile);
    return { file, fields };
  } catch (err) {
    if (file) await storage.delete('private', file.key).catch(() => undefined);
    throw multipartError(err, REFUSALS);
  }
}
