import { PassThrough, type Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';

/** Enough leading bytes for file-type to recognise every image and video container it knows. */
export const SNIFF_BYTES = 4100;

/** Reads at least `size` bytes (or the whole stream if shorter) without losing them. */
function readHead(source: Readable, size: number): Promise<{ head: Buffer; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const cleanup = () => {
      source.off('readable', onReadable);
      source.off('end', onEnd);
      source.off('error', onError);
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
    source.on('readable', onReadable);
    source.on('end', onEnd);
    source.on('error', onError);
  });
}

/**
 * The MIME type read from the stream's first bytes (never from its name or the client's header),
 * and a stream that still yields every byte, the sniffed ones included.
 */
export async function sniffType(
  source: Readable,
): Promise<{ mimeType: string | undefined; stream: Readable }> {
  const { head, ended } = await readHead(source, SNIFF_BYTES);
  const detected = head.length ? await fileTypeFromBuffer(head) : undefined;
  const stream = new PassThrough();
  stream.write(head);
  if (ended) stream.end();
  else {
    source.on('error', (err) => stream.destroy(err));
    source.pipe(stream);
  }
  return { mimeType: detected?.mime, stream };
}
