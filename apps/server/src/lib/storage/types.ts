import type { Readable } from 'node:stream';

/**
 * 'public' files are served to anyone at /media/{key} (portfolio samples, thumbnails, previews);
 * 'private' files are never served by /media: only code that checks who may read them streams them out
 * (e.g. a delivery's original, released after payment).
 */
export type StorageArea = 'public' | 'private';

export interface StoredObject {
  size: number;
  contentType: string;
  lastModified: Date;
}

/** Inclusive byte positions, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObjectStream extends StoredObject {
  body: Readable;
  /** The bytes actually returned when a range was asked for. */
  range?: ByteRange;
}

export interface PutOptions {
  contentType: string;
}

/** One interface for media files, whatever holds them (local disk, S3-compatible object storage). */
export interface Storage {
  readonly kind: 'local' | 's3';
  /**
   * Streams `body` into the object. All or nothing: if the body errors (too large, client gone) the
   * promise rejects and no object is left behind, not even a partial one.
   */
  put(area: StorageArea, key: string, body: Readable, opts: PutOptions): Promise<{ size: number }>;
  /** The object's bytes (all, or the inclusive range); null when it does not exist. */
  get(area: StorageArea, key: string, range?: ByteRange): Promise<StoredObjectStream | null>;
  stat(area: StorageArea, key: string): Promise<StoredObject | null>;
  /** Removes the object; a missing object is not an error. */
  delete(area: StorageArea, key: string): Promise<void>;
  /**
   * Runs `fn` with a path on the local disk holding the object's bytes (for tools such as ffmpeg
   * that need a file). Local storage passes its own file; S3 downloads to a temporary file first.
   */
  withLocalFile<T>(area: StorageArea, key: string, fn: (filePath: string) => Promise<T>): Promise<T>;
}
