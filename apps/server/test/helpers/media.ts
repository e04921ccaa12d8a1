import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';

/** Real media for upload tests, made locally: sharp images and ffmpeg clips. */

const exec = promisify(execFile);

/** A picture (a gradient and a circle, coloured by `seed`), JPEG unless asked for PNG. */
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

/**
 * Writes a real H.264/AAC clip to `file` with ffmpeg (TOOLCHAIN.md's testsrc command); the tests need
 * ffmpeg, as the product does. The preview unit tests and the browser tests call it too, for clips they
 * read back from disk; `tone` (Hz) makes two clips differ.
 */
export async function writeClip(
  file: string,
  { size = '640x360', seconds = 2, rate = 25, tone = 440 } = {},
): Promise<void> {
  // prettier-ignore
  await exec('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=${rate}`,
    '-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=${seconds}`,
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-c:a', 'aac', '-shortest',
    '-movflags', '+faststart', file,
  ]).catch((err: Error) => {
    throw new Error(`ffmpeg is needed for these tests (apt-get install -y ffmpeg): ${err.message}`);
  });
}

/** The bytes of a clip from writeClip. */
export async function makeClip(size = '640x360', seconds = 2): Promise<Buffer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutroom-clip-'));
  try {
    const file = path.join(dir, 'clip.mp4');
    await writeClip(file, { size, seconds });
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
