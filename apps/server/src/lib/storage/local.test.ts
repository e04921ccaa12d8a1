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
