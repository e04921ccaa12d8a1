import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, contentTypeForKey } from './keys';
import type { ByteRange, PutOptions, Storage, StorageArea, StoredObject, StoredObjectStream } from './types';

/** A write in progress: the key's file name, a random suffix, `.part`. */
const PART_FILE = /\.[0-9a-f]{12}\.part$/;
/** Older than this, a `.part` file is no write in progress (another instance's, or ours) but a left-over. */
export const STALE_PART_MS = 60 * 60 * 1000;

/**
 * Removes the `.part` files of writes that never finished (the process was killed mid-upload, so its
 * clean-up never ran) once they are older than `olderThanMs`; younger ones may be writes still running
 * in another instance sharing the disk. Best effort: a file or folder that goes away meanwhile is fine.
 */
export async function sweepPartFiles(root: string, olderThanMs = STALE_PART_MS): Promise<number> {
  const before = Date.now() - olderThanMs;
  let removed = 0;
  async function walk(dir: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile() && PART_FILE.test(entry.name)) {
        try {
          if ((await stat(file)).mtimeMs < before) {
            await unlink(file);
            removed++;
          }
        } catch {
          /* gone meanwhile */
        }
      }
    }
  }
  for (const area of ['public', 'private'] satisfies StorageArea[]) await walk(path.join(root, area));
  return removed;
}

/**
 * Files under `root/{public,private}/{key}`; writes go to a temporary name and are renamed when whole.
 * At start, the temporary files an earlier process left when it was killed mid-write are swept in the
 * background (`ready` settles when that is done).
 */
export function createLocalStorage(root: string): Storage & { ready: Promise<void> } {
  const ready = sweepPartFiles(root).then(
    () => undefined,
    () => undefined,
  );
  const fileOf = (area: StorageArea, key: string) => {
    assertValidKey(key);
    const base = path.join(root, area);
    const file = path.join(base, key);
    if (!file.startsWith(base + path.sep)) throw new Error('storage key escapes its area');
    return file;
  };

  async function statFile(file: string, key: string): Promise<StoredObject | null> {
    try {
      const s = await stat(file);
      if (!s.isFile()) return null;
      return { size: s.size, contentType: contentTypeForKey(key), lastModified: s.mtime };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  return {
    kind: 'local',
    ready,

    async put(area: StorageArea, key: string, body: Readable, _opts: PutOptions) {
      const file = fileOf(area, key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`; // matches PART_FILE
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, file);
      } catch (err) {
        await unlink(partial).catch(() => undefined);
        throw err;
      }
      return { size: (await stat(file)).size };
    },

    async get(area: StorageArea, key: string, range?: ByteRange): Promise<StoredObjectStream | null> {
      const file = fileOf(area, key);
      const info = await statFile(file, key);
      if (!info) return null;
      const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
      return { ...info, body, range };
    },

    stat: async (area, key) => statFile(fileOf(area, key), key),

    async delete(area: StorageArea, key: string) {
      try {
        await unlink(fileOf(area, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    },

    async withLocalFile(area, key, fn) {
      const file = fileOf(area, key);
      if (!(await statFile(file, key))) throw new Error(`no such object: ${area}/${key}`);
      return fn(file);
    },
  };
}
