import { spawn } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Storage } from '../../lib/storage';

export const FFMPEG_PATH = '/usr/bin/ffmpeg';
/** Cards and the gallery show images at most this wide. */
export const THUMBNAIL_WIDTH = 480;
const POSTER_WIDTH = 960;
const FFMPEG_TIMEOUT_MS = 30_000;

/** A small counting semaphore: image and video work is CPU-bound, so only a few jobs run at once. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await job();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

export class UnreadableImageError extends Error {}

export interface MediaProcessor {
  /** Resized webp for an image already in storage; throws UnreadableImageError when it is not a real image. */
  thumbnail(storage: Storage, key: string, thumbKey: string): Promise<void>;
  /** A poster frame for a video in storage; false when ffmpeg is missing or cannot read the video. */
  poster(storage: Storage, key: string, posterKey: string): Promise<boolean>;
  readonly hasFfmpeg: boolean;
}

export function createMediaProcessor(log: FastifyBaseLogger, ffmpegPath = FFMPEG_PATH): MediaProcessor {
  const hasFfmpeg = existsSync(ffmpegPath);
  if (!hasFfmpeg) log.warn(`ffmpeg not found at ${ffmpegPath}: videos get no poster frame`);
  const run = limiter(2);

  function ffmpeg(args: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      const child = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', ...args], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => {
        if (stderr.length < 2000) stderr += c.toString();
      });
      const timer = setTimeout(() => child.kill('SIGKILL'), FFMPEG_TIMEOUT_MS);
      child.on('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (code === 0) resolve();
        else reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`));
      });
    });
  }

  return {
    hasFfmpeg,

    thumbnail: (storage, key, thumbKey) =>
      run(async () => {
        const webp = await storage.withLocalFile('public', key, async (file) => {
          try {
            return await sharp(file, { animated: false })
              .rotate()
              .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
              .webp({ quality: 78 })
              .toBuffer();
          } catch (err) {
            throw new UnreadableImageError((err as Error).message);
          }
        });
        await storage.put('public', thumbKey, Readable.from([webp]), { contentType: 'image/webp' });
      }),

    poster: (storage, key, posterKey) => {
      if (!hasFfmpeg) return Promise.resolve(false);
      return run(async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'cutroom-poster-'));
        const out = path.join(dir, 'poster.jpg');
        try {
          await storage.withLocalFile('public', key, async (file) => {
            const grab = (at: string) =>
              ffmpeg([
                '-y',
                '-ss',
                at,
                '-i',
                file,
                '-frames:v',
                '1',
                '-vf',
                `scale='min(${POSTER_WIDTH},iw)':-2`,
                '-q:v',
                '3',
                out,
              ]);
            // One second in shows more than a black first frame; short clips fall back to the start.
            await grab('1');
            if (!(await stat(out).catch(() => null))?.size) await grab('0');
          });
          if (!(await stat(out).catch(() => null))?.size) return false;
          await storage.put('public', posterKey, createReadStream(out), { contentType: 'image/jpeg' });
          return true;
        } catch (err) {
          log.warn({ err, key }, 'could not make a poster frame');
          return false;
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      });
    },
  };
}

let shared: MediaProcessor | null = null;
/** One processor per process, so the missing-ffmpeg warning is logged once. */
export function mediaProcessor(log: FastifyBaseLogger): MediaProcessor {
  shared ??= createMediaProcessor(log);
  return shared;
}
