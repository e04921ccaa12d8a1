import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertValidKey, contentTypeForKey } from './keys';
import type { ByteRange, PutOptions, Storage, StorageArea, StoredObject, StoredObjectStream } from './types';

/** Files under `root/{public,private}/{key}`; writes go to a temporary name and are renamed when whole. */
export function createLocalStorage(root: string): Storage {
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

    async put(area: StorageArea, key: string, body: Readable, _opts: PutOptions) {
      const file = fileOf(area, key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomBytes(6).toString('hex')}.part`;
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
