import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../lib/storage';
import { FFMPEG_PATH, THUMBNAIL_WIDTH, UnreadableImageError, createMediaProcessor } from './media-processing';

const root = mkdtempSync(path.join(tmpdir(), 'cutroom-media-proc-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalStorage(root);

/** A logger that keeps its warnings, to check what an operator would read. */
function recordingLog() {
  const warnings: string[] = [];
  const log = {
    warn: (a: unknown, b?: unknown) => warnings.push(typeof a === 'string' ? a : String(b)),
    info: () => undefined,
    error: () => undefined,
    debug: () => undefined,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('thumbnails and poster frames', () => {
  it('makes a 480px webp thumbnail and refuses bytes that are not an image', async () => {
    const { log } = recordingLog();
    const media = createMediaProcessor(log);
    const jpeg = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    await storage.put('public', 'p/a.jpg', Readable.from([jpeg]), { contentType: 'image/jpeg' });
    await media.thumbnail(storage, 'p/a.jpg', 'p/a.thumb.webp');
    const thumb = await sharp(path.join(root, 'public', 'p', 'a.thumb.webp')).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', THUMBNAIL_WIDTH, 270]);

    await storage.put(
      'public',
      'p/b.jpg',
      Readable.from([Buffer.concat([jpeg.subarray(0, 100), Buffer.alloc(500)])]),
      {
        contentType: 'image/jpeg',
      },
    );
    await expect(media.thumbnail(storage, 'p/b.jpg', 'p/b.thumb.webp')).rejects.toBeInstanceOf(
      UnreadableImageError,
    );
    expect(existsSync(path.join(root, 'public', 'p', 'b.thumb.webp'))).toBe(false);
  });

  it('takes a poster frame with ffmpeg, also from a clip shorter than a second', async () => {
    const { log } = recordingLog();
    const media = createMediaProcessor(log);
    expect(media.hasFfmpeg).toBe(existsSync(FFMPEG_PATH));
    const clip = path.join(root, 'short.mp4');
    execFileSync(FFMPEG_PATH, [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=0.5:size=320x180:rate=24'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', clip],
    ]);
    await storage.put('public', 'p/short.mp4', Readable.from([readFileSync(clip)]), {
      contentType: 'video/mp4',
    });
    expect(await media.poster(storage, 'p/short.mp4', 'p/short.poster.jpg')).toBe(true);
    expect((await sharp(path.join(root, 'public', 'p', 'short.poster.jpg')).metadata()).format).toBe('jpeg');
  });

  it('without ffmpeg, videos get no poster and the operator is told once', async () => {
    const { log, warnings } = recordingLog();
    const media = createMediaProcessor(log, path.join(root, 'no-such-ffmpeg'));
    expect(media.hasFfmpeg).toBe(false);
    expect(await media.poster(storage, 'p/short.mp4', 'p/none.poster.jpg')).toBe(false);
    expect(await media.poster(storage, 'p/short.mp4', 'p/none2.poster.jpg')).toBe(false);
    expect(warnings).toEqual([
      `ffmpeg not found at ${path.join(root, 'no-such-ffmpeg')}: videos get no poster frame`,
    ]);
  });
});
