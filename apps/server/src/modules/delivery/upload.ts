import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { DELIVERY_MESSAGES, VIDEO_MAX_BYTES, type MediaKind } from '@cutroom/contracts';
import { HttpError, badRequest } from '../../lib/http-error';
import type { Storage } from '../../lib/storage';
import { malformedMultipart, mediaUploadStream, multipartText } from '../../lib/media-upload-stream';

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

function readable(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  switch ((err as { code?: string })?.code) {
    case 'FST_FILES_LIMIT':
      return badRequest('Send one file per delivery');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest('Unexpected fields in the upload');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, 'The file is too large: images may be at most 10 MB and videos 100 MB');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return badRequest('Send the delivery as multipart/form-data');
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('The upload was interrupted');
    default:
      return malformedMultipart(err) ?? err;
  }
}

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
    throw readable(err);
  }
}
