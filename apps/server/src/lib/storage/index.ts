import path from 'node:path';
import type { Config } from '../../config';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { Storage } from './types';

export type { ByteRange, Storage, StorageArea, StoredObject, StoredObjectStream } from './types';
export { contentTypeForKey, extensionForContentType, isValidKey } from './keys';
export { createLocalStorage } from './local';
export { createS3Storage } from './s3';

/** Local disk under DATA_DIR/media by default; S3-compatible object storage when STORAGE=s3. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createLocalStorage(path.join(config.DATA_DIR, 'media'));
}
