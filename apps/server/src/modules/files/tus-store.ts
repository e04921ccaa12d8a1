import path from 'node:path';
import type { Readable } from 'node:stream';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../../config';
import { VerifyingFileStore, type ExpectedChecksum } from './checksum-store';

/** The tus store and the two calls the files module makes on it besides the protocol. */
export interface UploadStore {
  datastore: DataStore;
  /** What the next write of an upload must hash to (the checksum extension); absent where unsupported. */
  expectChecksum?: (tusId: string, checksum: ExpectedChecksum | null) => void;
  /** The whole upload's bytes, once it is complete. */
  read(tusId: string): Promise<Readable>;
  /** Removes an upload's bytes and its info; a missing one is fine. */
  remove(tusId: string): Promise<void>;
}

/**
 * Where uploads sit while they arrive: DATA_DIR/uploads on local disk, or the S3 bucket (multipart
 * parts, so no whole file is ever on the server's disk) when STORAGE=s3. Both expire unfinished uploads
 * UPLOAD_EXPIRY_HOURS after creation.
 */
export function createUploadStore(config: Config): UploadStore {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRY_HOURS * 3_600_000;
  const datastore =
    config.STORAGE === 's3'
      ? new S3Store({
          partSize: 8 * 1024 * 1024,
          expirationPeriodInMilliseconds,
          // Expiry is ours (the sweep job), not a bucket lifecycle rule on tags.
          useTags: false,
          s3ClientConfig: {
            bucket: config.S3_BUCKET!,
            region: config.S3_REGION,
            endpoint: config.S3_ENDPOINT,
            forcePathStyle: Boolean(config.S3_ENDPOINT),
            // As for media storage: S3-compatible services do not all take the SDK's newer default
            // checksums on streamed bodies (aws-chunked with a trailer); s3rver stored the framing as data.
            requestChecksumCalculation: 'WHEN_REQUIRED',
            responseChecksumValidation: 'WHEN_REQUIRED',
            credentials:
              config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
                : undefined,
          },
        })
      : new VerifyingFileStore({
          directory: path.join(config.DATA_DIR, 'uploads'),
          expirationPeriodInMilliseconds,
        });
  return {
    datastore,
    expectChecksum:
      datastore instanceof VerifyingFileStore ? (id, checksum) => datastore.expect(id, checksum) : undefined,
    read: async (tusId) => (datastore as VerifyingFileStore | S3Store).read(tusId) as Readable,
    remove: async (tusId) => {
      try {
        await datastore.remove(tusId);
      } catch (err) {
        if (
          (err as { status_code?: number }).status_code !== 404 &&
          (err as NodeJS.ErrnoException).code !== 'ENOENT'
        )
          throw err;
      }
    },
  };
}
