import { Transform, type Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { MEDIA_SIZE_LIMITS, fileTooLargeMessage, mediaKindOf, type MediaKind } from '@cutroom/contracts';
import { HttpError, badRequest } from './http-error';
import { extensionForContentType } from './storage';
import { imageMetadataStrippers, metadataHeadLength } from './strip-image-metadata';

/** Enough leading bytes for file-type to recognise every image and video container it knows. */
const SNIFF_BYTES = 4100;

/**
 * A file stream the multipart parser closed before its end (a body cut short): its bytes will never all
 * come, and it emits neither 'end' nor 'error', so whoever waits on it must hear it from 'close'.
 */
const interrupted = () => badRequest('The upload was interrupted');

/** Reads at least `size` bytes (or the whole stream if shorter) without losing them. */
function readHead(source: Readable, size: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    if (source.destroyed && !source.readableEnded) {
      reject(source.errored ?? interrupted());
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      source.off('readable', onReadable);
      source.off('end', onEnd);
      source.off('error', onError);
      source.off('close', onClose);
    };
    const done = (ended: boolean) => {
      cleanup();
      resolve({ head: Buffer.concat(chunks), ended });
    };
    const onReadable = () => {
      let chunk: Buffer | null;
      while (length < size && (chunk = source.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length >= size) done(false);
    };
    const onEnd = () => done(true);
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => {
      if (source.readableEnded) return;
      cleanup();
      reject(source.errored ?? interrupted());
    };
    source.on('readable', onReadable);
    source.on('end', onEnd);
    source.on('error', onError);
    source.on('close', onClose);
  });
}

/**
 * What a route keeps: the kind of each sniffed type it takes (null refuses the file) and each kind's size
 * limit with its refusal. Samples and deliveries keep images and videos; dispute evidence adds PDFs and audio.
 */
export interface UploadKinds<K extends string> {
  kindOf(mimeType: string): K | null;
  maxBytes(kind: K): number;
  tooLarge(fileName: string, kind: K): string;
}

export const MEDIA_KINDS: UploadKinds<MediaKind> = {
  kindOf: (mime) => mediaKindOf(mime),
  maxBytes: (kind) => MEDIA_SIZE_LIMITS[kind],
  tooLarge: fileTooLargeMessage,
};

/** Fails the stream (413) the moment the kind's limit is crossed; the error is also kept on `exceeded`. */
function sizeLimit<K extends string>(
  fileName: string,
  kind: K,
  kinds: UploadKinds<K>,
): Transform & { exceeded?: HttpError } {
  const max = kinds.maxBytes(kind);
  let seen = 0;
  const limiter: Transform & { exceeded?: HttpError } = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen <= max) return done(null, chunk);
      limiter.exceeded = new HttpError(413, kinds.tooLarge(fileName, kind));
      done(limiter.exceeded);
    },
  });
  return limiter;
}

export interface MediaUploadStream<K extends string = MediaKind> {
  mimeType: string;
  kind: K;
  /** The file extension storage keys use for this type. */
  ext: string;
  /**
   * The file as it is to be stored: every byte of it, the sniffed ones included, images without their
   * private metadata (strip-image-metadata.ts), failing with 413 once the bytes sent pass the kind's
   * size limit. Storage clients may wrap that error in their own: it is also kept on `exceeded`.
   */
  stream: Readable & { exceeded?: HttpError };
}

/**
 * An uploaded file as media: its type read from its first bytes (never its name or the header the client
 * sent), and one stream that replays those bytes and enforces the size limit of that kind (images 10 MB,
 * videos 100 MB, counted on the bytes sent) while the rest flows through. Videos get that one extra
 * stream stage; images also the stages that take their private metadata out, so what storage counts
 * (and the sample or delivery records as its size) is what it keeps. Null, with the source drained,
 * when the bytes are neither an image nor a video we keep.
 */
export async function mediaUploadStream<K extends string = MediaKind>(
  source: Readable,
  fileName: string,
  kinds: UploadKinds<K> = MEDIA_KINDS as unknown as UploadKinds<K>,
): Promise<MediaUploadStream<K> | null> {
  let { head, ended } = await readHead(source, SNIFF_BYTES);
  const mimeType = head.length ? (await fileTypeFromBuffer(head))?.mime : undefined;
  const kind = mimeType ? kinds.kindOf(mimeType) : null;
  const ext = mimeType ? extensionForContentType(mimeType) : null;
  if (!mimeType || !kind || !ext) {
    source.resume();
    return null;
  }
  // A JPEG's EXIF segment may end past the sniffed bytes: its orientation is read before it is dropped.
  let want = metadataHeadLength(mimeType, head);
  while (!ended && want > head.length) {
    const more = await readHead(source, want - head.length);
    head = Buffer.concat([head, more.head]);
    ended = more.ended;
    want = metadataHeadLength(mimeType, head);
  }
  const limiter = sizeLimit(fileName, kind, kinds);
  // The strippers see `head` as their first chunk, as exif-be-gone needs.
  const stages = mimeType.startsWith('image/') ? imageMetadataStrippers(mimeType, head) : [];
  let stream: Readable & { exceeded?: HttpError } = limiter;
  for (const stage of stages) {
    stream.on('error', (err) => stage.destroy(err));
    stream = stream.pipe(stage);
  }
  if (stream !== limiter) {
    Object.defineProperty(stream, 'exceeded', { get: () => limiter.exceeded });
  }
  // The stream can fail before the caller has attached to it: a stage may drop bytes (a PNG's tail after
  // IEND) and so not push back on the limiter, letting the limit be crossed early, and the client may
  // vanish mid-upload while the caller still prepares storage (seen under load: an uncaught 'aborted').
  // The error is not lost (the caller's pipeline reads `errored`, and `exceeded` says 413); this only
  // keeps it from being uncaught meanwhile.
  stream.on('error', () => {});
  limiter.write(head);
  if (ended) limiter.end();
  else {
    source.on('error', (err) => limiter.destroy(err));
    source.on('close', () => {
      if (!source.readableEnded) limiter.destroy(source.errored ?? interrupted());
    });
    source.pipe(limiter);
  }
  return { mimeType, kind, ext, stream };
}

/** The refusal of text holding a NUL character, as the JSON hook (plugins/text-bodies.ts) words it. */
export const NUL_REFUSED = 'Text must not contain NUL characters';

/** A multipart field's text, refused when it holds a NUL (PostgreSQL text cannot store one). */
export function multipartText(value: unknown): string {
  const text = String(value);
  if (text.includes('\u0000')) throw badRequest(NUL_REFUSED);
  return text;
}
