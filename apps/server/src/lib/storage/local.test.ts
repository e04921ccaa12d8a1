import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { contentTypeForKey, extensionForContentType, isValidKey } from './keys';
import { createLocalStorage } from './local';

const root = mkdtempSync(path.join(tmpdir(), 'cutroom-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const text = async (s: Readable) => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('local storage', () => {
  const storage = createLocalStorage(root);

  it('puts from a stream, stats, reads whole or a byte range, and deletes', async () => {
    const put = await storage.put(
      'public',
      'a/b/clip.mp4',
      Readable.from([Buffer.from('0123'), Buffer.from('456789')]),
      {
        contentType: 'video/mp4',
      },
    );
    expect(put.size).toBe(10);
    expect(await storage.stat('public', 'a/b/clip.mp4')).toMatchObject({
      size: 10,
      contentType: 'video/mp4',
    });
    expect(await text((await storage.get('public', 'a/b/clip.mp4'))!.body)).toBe('0123456789');
    const part = await storage.get('public', 'a/b/clip.mp4', { start: 2, end: 5 });
    expect(await text(part!.body)).toBe('2345');
    expect(part!.size).toBe(10);
    await storage.delete('public', 'a/b/clip.mp4');
    expect(await storage.stat('public', 'a/b/clip.mp4')).toBeNull();
    expect(await storage.get('public', 'a/b/clip.mp4')).toBeNull();
    await storage.delete('public', 'a/b/clip.mp4'); // missing is fine
  });

  it('keeps the public and private areas apart', async () => {
    await storage.put('private', 'd/original.mp4', Readable.from([Buffer.from('secret')]), {
      contentType: 'video/mp4',
    });
    expect(await storage.stat('public', 'd/original.mp4')).toBeNull();
    expect(await storage.stat('private', 'd/original.mp4')).toMatchObject({ size: 6 });
    expect(existsSync(path.join(root, 'private', 'd', 'original.mp4'))).toBe(true);
  });

  it('leaves nothing behind when the source stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1000, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(
      storage.put('public', 'broken/file.jpg', failing, { contentType: 'image/jpeg' }),
    ).rejects.toThrow('client went away');
    expect(readdirSync(path.join(root, 'public', 'broken'))).toEqual([]);
  });

  it('refuses keys that could leave their area', async () => {
    for (const key of ['../private/x.mp4', 'a/../../x', '/etc/passwd', 'a//b', '', '.hidden', 'a/./b']) {
      expect(isValidKey(key), key).toBe(false);
      await expect(storage.stat('public', key)).rejects.toThrow('invalid storage key');
    }
    expect(isValidKey('portfolio/0b7e-uuid/3f1.thumb.webp')).toBe(true);
  });

  it('maps stored extensions to content types and back', () => {
    expect(contentTypeForKey('x/y.WEBP')).toBe('image/webp');
    expect(contentTypeForKey('x/y.unknown')).toBe('application/octet-stream');
    expect(extensionForContentType('video/quicktime')).toBe('mov');
    expect(extensionForContentType('image/tiff')).toBeNull();
  });
});

describe('local storage left-overs', () => {
  it('sweeps the *.part files an interrupted write (kill -9) left, once they are old, at start', async () => {
    const { mkdirSync, utimesSync, writeFileSync } = await import('node:fs');
    const dir = mkdtempSync(path.join(tmpdir(), 'cutroom-sweep-'));
    try {
      const nested = path.join(dir, 'private', 'd', 'x');
      mkdirSync(nested, { recursive: true });
      mkdirSync(path.join(dir, 'public', 'p'), { recursive: true });
      const old = path.join(nested, 'original.mp4.0a1b2c3d4e5f.part');
      const oldPublic = path.join(dir, 'public', 'p', 'a.jpg.ffeeddccbbaa.part');
      const fresh = path.join(nested, 'other.mp4.112233445566.part');
      const kept = path.join(nested, 'original.mp4');
      for (const f of [old, oldPublic, fresh, kept]) writeFileSync(f, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const f of [old, oldPublic, kept]) utimesSync(f, twoHoursAgo, twoHoursAgo);

      const swept = createLocalStorage(dir);
      await swept.ready;
      expect(existsSync(old)).toBe(false);
      expect(existsSync(oldPublic)).toBe(false);
      // A write still in progress (another instance on the same disk) and the stored files stay.
      expect(existsSync(fresh)).toBe(true);
      expect(existsSync(kept)).toBe(true);
      expect(readdirSync(nested).sort()).toEqual(['original.mp4', 'other.mp4.112233445566.part']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('starts on an empty or missing root', async () => {
    const dir = path.join(tmpdir(), `cutroom-missing-${Date.now()}`);
    await createLocalStorage(dir).ready;
    expect(existsSync(dir)).toBe(false);
  });
});
