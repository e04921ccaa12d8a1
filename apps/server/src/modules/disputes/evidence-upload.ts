import { createHash, randomBytes } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import {
  DISPUTE_FILE_LIMITS,
  DISPUTE_FILE_MESSAGES,
  DISPUTE_FILE_TYPES,
  isDisputeFileType,
  type DisputeFileType,
} from '@cutroom/contracts';
import { displayFileName } from '../../lib/file-names';
import { badRequest } from '../../lib/http-error';
import { multipartError, type UploadRefusals } from '../../lib/http/multipart-errors';
import { mediaUploadStream, multipartText, type UploadKinds } from '../../lib/media-upload-stream';
import type { Storage } from '../../lib/storage';

/**
 * One file part; a stray field is let through the parser to be refused in words ("choose a file"), not as
 * a limit crossed. Busboy's own ceiling sits one byte above the limit.
 */
export const EVIDENCE_MULTIPART_LIMITS = {
  fileSize: DISPUTE_FILE_LIMITS.maxBytes + 1,
  files: 1,
  fields: 1,
  fieldSize: 1024,
  parts: 2,
};

/** A file kept in private storage, with what the case file shows of it. */
export interface ReceivedEvidence {
  key: string;
  type: DisputeFileType;
  bytes: number;
  sha256: string;
  name: string;
}

/** Every type the contracts list is its own kind, all under one size limit. */
const EVIDENCE_KINDS: UploadKinds<DisputeFileType> = {
  kindOf: (mime) => (isDisputeFileType(mime) ? mime : null),
  maxBytes: () => DISPUTE_FILE_LIMITS.maxBytes,
  tooLarge: (name) => DISPUTE_FILE_MESSAGES.tooLarge(name),
};

const REFUSALS: UploadRefusals = {
  tooLarge: DISPUTE_FILE_MESSAGES.tooLarge(''),
  tooManyFiles: DISPUTE_FILE_MESSAGES.oneFile,
  tooManyParts: DISPUTE_FILE_MESSAGES.oneFile,
  notMultipart: DISPUTE_FILE_MESSAGES.notMultipart,
};

/**
 * The name a person sees in the case file (lib/file-names.ts), at most DISPUTE_FILE_LIMITS.nameMax
 * characters, or the type's word when nothing is left.
 */
export function evidenceFileName(raw: string, type: DisputeFileType): string {
  return displayFileName(raw, `${DISPUTE_FILE_TYPES[type]} file`, DISPUTE_FILE_LIMITS.nameMax);
}

/** Counts and hashes the bytes on their way to storage. */
function hashing() {
  const hash = createHash('sha256');
  const stage = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stage, digest: () => hash.digest('hex') };
}

async function storeEvidence(storage: Storage, rawName: string, source: Readable): Promise<ReceivedEvidence> {
  const sniffed = await mediaUploadStream(source, rawName, EVIDENCE_KINDS);
  if (!sniffed) throw badRequest(DISPUTE_FILE_MESSAGES.wrongType);
  const key = `disputes/evidence/${randomBytes(24).toString('hex')}.${sniffed.ext}`;
  const sha = hashing();
  sniffed.stream.on('error', (err) => sha.stage.destroy(err));
  // As the sniffed stream guards itself (media-upload-stream.ts): the client may vanish or the limit be
  // crossed before storage attaches its pipeline (local storage first makes the folder), and an error on
  // a stream nobody listens to yet is uncaught and ends the process. Storage's pipeline still reads it.
  sha.stage.on('error', () => {});
  try {
    const { size } = await storage.put('private', key, sniffed.stream.pipe(sha.stage), {
      contentType: sniffed.mimeType,
    });
    return {
      key,
      type: sniffed.kind,
      bytes: size,
      sha256: sha.digest(),
      name: evidenceFileName(rawName, sniffed.kind),
    };
  } catch (err) {
    throw sniffed.stream.exceeded ?? err;
  }
}

/**
 * Reads POST …/evidence as it arrives: the one `file` part streamed straight into private storage, its
 * type read from its bytes and its SHA-256 taken on the way. Any failure leaves nothing stored.
 */
export async function receiveEvidence(storage: Storage, request: FastifyRequest): Promise<ReceivedEvidence> {
  let file: ReceivedEvidence | null = null;
  try {
    for await (const part of request.parts({ limits: EVIDENCE_MULTIPART_LIMITS })) {
      if (part.type !== 'file' || part.fieldname !== 'file') {
        if (part.type === 'file') part.file.resume();
        throw badRequest(DISPUTE_FILE_MESSAGES.noFile);
      }
      // Busboy takes an octet-stream part without a filename as a file too: its name is then unknown.
      file = await storeEvidence(storage, multipartText(part.filename ?? ''), part.file);
    }
    if (!file) throw badRequest(DISPUTE_FILE_MESSAGES.noFile);
    return file;
  } catch (err) {
    if (file) await storage.delete('private', file.key).catch(() => undefined);
    throw multipartError(err, REFUSALS);
  }
}
