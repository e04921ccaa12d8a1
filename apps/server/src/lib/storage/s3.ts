import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, contentTypeForKey } from './keys';
import type { ByteRange, PutOptions, Storage, StorageArea, StoredObjectStream } from './types';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** S3-compatible services (MinIO, R2, …); path-style addressing is used when set. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

/** Objects under `{area}/{key}` in one bucket; uploads stream through multipart (aborted on failure). */
export function createS3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: Boolean(opts.endpoint),
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // S3-compatible services do not all accept the newer default checksums on streamed bodies.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (area: StorageArea, key: string) => {
    assertValidKey(key);
    return `${area}/${key}`;
  };

  async function get(area: StorageArea, key: string, range?: ByteRange): Promise<StoredObjectStream | null> {
    try {
      const out = await client.send(
        new GetObjectCommand({
          Bucket: opts.bucket,
          Key: objectKey(area, key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const total = out.ContentRange
        ? Number(out.ContentRange.split('/')[1])
        : Number(out.ContentLength ?? 0);
      return {
        body: out.Body as Readable,
        size: total,
        contentType: out.ContentType ?? contentTypeForKey(key),
        lastModified: out.LastModified ?? new Date(0),
        range,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',

    async put(area: StorageArea, key: string, body: Readable, putOpts: PutOptions) {
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      // A failing source must fail the upload (lib-storage then aborts the multipart upload).
      body.on('error', (err) => counted.destroy(err));
      body.pipe(counted);
      const upload = new Upload({
        client,
        params: {
          Bucket: opts.bucket,
          Key: objectKey(area, key),
          Body: counted,
          ContentType: putOpts.contentType,
        },
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },

    get,

    async stat(area: StorageArea, key: string) {
      try {
        const out = await client.send(
          new HeadObjectCommand({ Bucket: opts.bucket, Key: objectKey(area, key) }),
        );
        return {
          size: Number(out.ContentLength ?? 0),
          contentType: out.ContentType ?? contentTypeForKey(key),
          lastModified: out.LastModified ?? new Date(0),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },

    async delete(area: StorageArea, key: string) {
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: objectKey(area, key) }));
    },

    async withLocalFile(area, key, fn) {
      const object = await get(area, key);
      if (!object) throw new Error(`no such object: ${area}/${key}`);
      const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-media-'));
      try {
        const file = path.join(dir, path.basename(key));
        await pipeline(object.body, createWriteStream(file));
        return await fn(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
