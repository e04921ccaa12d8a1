import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { TierTitle } from '@cutroom/contracts';
import type { ApiClient } from './helpers/http';

/** Real media for upload tests, made locally: sharp images and ffmpeg clips. */
export async function makeImage(
  opts: { width?: number; height?: number; format?: 'jpeg' | 'png'; seed?: number } = {},
): Promise<Buffer> {
  const { width = 1200, height = 800, format = 'jpeg', seed = 1 } = opts;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${(seed * 47) % 360},70%,45%)"/>
      <stop offset="1" stop-color="hsl(${(seed * 47 + 120) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="white" fill-opacity="0.3"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

export const FFMPEG = '/usr/bin/ffmpeg';

/** A short H.264 clip with sound (TOOLCHAIN.md's testsrc command, smaller). */
export function makeVideo(seconds = 2): Buffer {
  if (!existsSync(FFMPEG)) throw new Error(`these tests need ffmpeg at ${FFMPEG}: apt-get install -y ffmpeg`);
  const dir = mkdtempSync(path.join(tmpdir(), 'cutroom-clip-'));
  try {
    const out = path.join(dir, 'clip.mp4');
    execFileSync(FFMPEG, [
      ...[
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=duration=${seconds}:size=320x180:rate=24`,
      ],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-c:a', 'aac', '-shortest'],
      ...['-movflags', '+faststart', out],
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface UploadEntry {
  tier: TierTitle;
  index: number;
  name: string;
  bytes: Buffer | Blob;
  type?: string;
  tags?: string[];
}

/** The form the edit-editor page sends: `{tier}_{index}` files and `{tier}_sample_{index}_tags`. */
export function sampleForm(entries: UploadEntry[]): FormData {
  const form = new FormData();
  for (const e of entries) {
    if (e.tags) form.append(`${e.tier}_sample_${e.index}_tags`, JSON.stringify(e.tags));
    const blob =
      e.bytes instanceof Blob ? e.bytes : new Blob([new Uint8Array(e.bytes)], { type: e.type ?? '' });
    form.append(`${e.tier}_${e.index}`, blob, e.name);
  }
  return form;
}

export const STRUCTURE = {
  whatsIncluded: ['Background Music', 'Revisions'],
  tiers: [
    {
      title: 'basic',
      description: 'Quick cuts for reels',
      features: ['1 revision', 'Trimming & cutting'],
      pricing: [{ reelCount: 1, priceMin: 999 }],
    },
    {
      title: 'pro',
      description: 'Everything',
      features: ['VFX & compositing', 'Express delivery'],
      pricing: [{ reelCount: 3, priceMin: 4999, priceMax: 7999 }],
    },
  ],
};

export async function saveStructure(api: ApiClient, adminToken: string, editorId: string, body = STRUCTURE) {
  const res = await api.patch(`/api/admin/editors/${editorId}/portfolio/structure`, body, {
    token: adminToken,
  });
  if (res.status !== 200) throw new Error(`structure: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Every file under a directory (recursively), as paths relative to it; [] when it does not exist. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}
