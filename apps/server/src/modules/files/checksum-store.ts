import { createHash } from 'node:crypto';
import { truncate, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';

/** The algorithms of the tus checksum extension this server verifies (Tus-Checksum-Algorithm). */
export const CHECKSUM_ALGORITHMS = ['sha1', 'sha256'] as const;
type Algorithm = (typeof CHECKSUM_ALGORITHMS)[number];

export interface ExpectedChecksum {
  algorithm: Algorithm;
  /** Base64 of the chunk's digest, as Upload-Checksum carries it. */
  digest: string;
}

/**
 * `Upload-Checksum: <algorithm> <base64>` as tus defines it: null without the header, 'unsupported' for
 * an algorithm not offered (400), 'malformed' otherwise.
 */
export function parseUploadChecksum(
  header: string | undefined,
): ExpectedChecksum | null | 'unsupported' | 'malformed' {
  if (header === undefined) return null;
  const m = /^([a-z0-9-]{1,20}) ([A-Za-z0-9+/]+={0,2})$/.exec(header);
  if (!m) return 'malformed';
  const algorithm = m[1] as Algorithm;
  if (!CHECKSUM_ALGORITHMS.includes(algorithm)) return 'unsupported';
  return { algorithm, digest: m[2]! };
}

/**
 * The file store with the checksum extension: a PATCH that announced its chunk's checksum has the bytes
 * hashed as they are written, and on a mismatch the file is cut back to where the chunk began (the upload's
 * offset is the file's size) and the request answered 460 Checksum Mismatch, so nothing of it counts.
 *
 * The routes tell the store what the next write of an upload must match (`expect`), before the tus server
 * takes the upload's lock; a write reads it when it starts. Two PATCHes at once can only make one of them
 * be refused (a chunk checked against the other's checksum), never a wrong chunk be kept.
 */
export class VerifyingFileStore extends FileStore {
  private readonly expected = new Map<string, ExpectedChecksum | null>();

  constructor(options: ConstructorParameters<typeof FileStore>[0]) {
    super(options);
    this.extensions = [...this.extensions, 'checksum'];
  }

  /** The upload's bytes and its info; bytes already gone (a failed check) still take the info with them. */
  override async remove(id: string): Promise<void> {
    await unlink(path.join(this.directory, id)).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    await this.configstore.delete(id);
  }

  expect(id: string, checksum: ExpectedChecksum | null): void {
    this.expected.set(id, checksum);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const want = this.expected.get(id) ?? null;
    if (this.expected.get(id) === want) this.expected.delete(id);
    if (!want) return super.write(readable, id, offset);
    const hash = createHash(want.algorithm);
    const tapped = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    readable.on('error', (err) => tapped.destroy(err));
    const end = await super.write(readable.pipe(tapped), id, offset);
    if (hash.digest('base64') !== want.digest) {
      await truncate(path.join(this.directory, id), offset);
      throw { status_code: 460, body: 'Checksum Mismatch\n' };
    }
    return end;
  }
}
