import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClip } from '../../../../test/helpers/media';
import { UnusableMediaError, makeImagePreview, makeVideoPreview, videoPreviewSupport } from '.';

const exec = promisify(execFile);
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'cutroom-preview-'));
  const support = await videoPreviewSupport();
  if (!support.ok) throw new Error(`${support.reason}: apt-get install -y ffmpeg fonts-dejavu-core`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function testClip(name: string, size: string, seconds = 3): Promise<string> {
  const file = path.join(dir, name);
  await writeClip(file, { size, seconds, rate: 30 });
  return file;
}

/** One decoded frame, as the viewer would see it, in raw RGB at the given size. */
async function frameRgb(file: string, atSeconds: number, width: number, height: number): Promise<Buffer> {
  // prettier-ignore
  const { stdout } = await exec(
    'ffmpeg',
    ['-v', 'error', '-ss', String(atSeconds), '-i', file, '-frames:v', '1',
      '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout;
}

async function dimensions(file: string) {
  const { stdout } = await exec('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height,codec_name',
    '-of',
    'json',
    file,
  ]);
  return (JSON.parse(stdout) as { streams: { width: number; height: number; codec_name: string }[] })
    .streams[0]!;
}

interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Mean absolute difference per channel (0-255) of two RGB frames inside a region. */
function meanDifference(a: Buffer, b: Buffer, width: number, r: Region, channels = 3): number {
  let sum = 0;
  for (let y = r.y; y < r.y + r.h; y++) {
    for (let x = r.x; x < r.x + r.w; x++) {
      const i = (y * width + x) * channels;
      for (let c = 0; c < 3; c++) sum += Math.abs(a[i + c]! - b[i + c]!);
    }
  }
  return sum / (r.w * r.h * 3);
}

/** Where the centred watermark sits. */
const centre = (w: number, h: number): Region => ({
  x: Math.round(w * 0.25),
  y: Math.round(h * 0.44),
  w: Math.round(w * 0.5),
  h: Math.round(h * 0.12),
});
/** A band of the picture the watermark does not reach (testsrc's colour bars near the top). */
const elsewhere = (w: number, h: number): Region => ({
  x: Math.round(w * 0.3),
  y: Math.round(h * 0.05),
  w: Math.round(w * 0.4),
  h: Math.round(h * 0.12),
});

describe('video preview (ffmpeg)', { timeout: 60_000 }, () => {
  let original: string;
  beforeAll(async () => {
    original = await testClip('hd.mp4', '1920x1080');
  }, 60_000);

  it('scales a 1080p original down to 720p, smaller in bytes, H.264 with faststart, with a poster', async () => {
    const out = mkdtempSync(path.join(dir, 'out-'));
    const preview = await makeVideoPreview(original, out);

    expect(preview).toMatchObject({ width: 1280, height: 720 });
    expect(preview.durationSeconds).toBeGreaterThan(2.5);
    expect(statSync(preview.previewPath).size).toBeLessThan(statSync(original).size);
    expect(await dimensions(preview.previewPath)).toMatchObject({
      width: 1280,
      height: 720,
      codec_name: 'h264',
    });
    // faststart: the index (moov) comes before the media data (mdat), so playback can seek at once.
    const head = readFileSync(preview.previewPath);
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat'));

    const poster = await sharp(preview.posterPath).metadata();
    expect(poster).toMatchObject({ format: 'jpeg', width: 1280, height: 720 });
  });

  it('covers the centre of the picture with the watermark and leaves the rest as it was', async () => {
    const out = mkdtempSync(path.join(dir, 'out-'));
    const preview = await makeVideoPreview(original, out);
    const [w, h] = [1280, 720];
    const before = await frameRgb(original, 1, w, h);
    const after = await frameRgb(preview.previewPath, 1, w, h);
    expect(before.length).toBe(w * h * 3);
    expect(after.length).toBe(w * h * 3);

    const inCentre = meanDifference(before, after, w, centre(w, h));
    const outside = meanDifference(before, after, w, elsewhere(w, h));
    expect(inCentre).toBeGreaterThan(20);
    expect(outside).toBeLessThan(8);
    expect(inCentre).toBeGreaterThan(outside * 4);

    // The poster is a frame of the preview, so it carries the watermark too.
    const { data: poster } = await sharp(preview.posterPath)
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(meanDifference(before, poster, w, centre(w, h))).toBeGreaterThan(20);
  });

  it('keeps an upright video upright within 720x1280, and never enlarges a small one', async () => {
    const upright = await makeVideoPreview(
      await testClip('upright.mp4', '1080x1920', 1),
      mkdtempSync(path.join(dir, 'o-')),
    );
    expect(upright).toMatchObject({ width: 720, height: 1280 });
    const small = await makeVideoPreview(
      await testClip('small.mp4', '640x360', 1),
      mkdtempSync(path.join(dir, 'o-')),
    );
    expect(small).toMatchObject({ width: 640, height: 360 });
  });

  it('refuses a file that is not a video as unusable', async () => {
    const bogus = path.join(dir, 'bogus.mp4');
    writeFileSync(bogus, Buffer.from('this is not a video at all'.repeat(100)));
    await expect(makeVideoPreview(bogus, mkdtempSync(path.join(dir, 'o-')))).rejects.toBeInstanceOf(
      UnusableMediaError,
    );
  });

  it('stops ffmpeg when the job is aborted', async () => {
    const abort = new AbortController();
    const work = makeVideoPreview(original, mkdtempSync(path.join(dir, 'o-')), { signal: abort.signal });
    setTimeout(() => abort.abort(new Error('timed out')), 50);
    await expect(work).rejects.toThrow();
  });
});

describe('image preview (sharp)', { timeout: 60_000 }, () => {
  /** A busy picture (gradients and noise), so that compression alone cannot explain a difference. */
  async function testImage(width: number, height: number): Promise<{ file: string; raw: Buffer }> {
    const raw = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        raw[i] = (x * 255) / width;
        raw[i + 1] = (y * 255) / height;
        raw[i + 2] = ((x + y) * 97) % 256;
      }
    }
    const file = path.join(dir, `image-${width}x${height}.png`);
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .png()
      .toFile(file);
    return { file, raw };
  }

  it('scales a large image down, smaller in bytes, and marks its centre', async () => {
    const { file } = await testImage(2400, 1600);
    const out = mkdtempSync(path.join(dir, 'img-'));
    const preview = await makeImagePreview(file, out);
    expect(preview).toMatchObject({ width: 1280, height: 853 });
    expect(statSync(preview.previewPath).size).toBeLessThan(statSync(file).size);
    expect(await sharp(preview.previewPath).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1280,
      height: 853,
    });

    const [w, h] = [1280, 853];
    const before = await sharp(file).resize(w, h).removeAlpha().raw().toBuffer();
    const after = await sharp(preview.previewPath).removeAlpha().raw().toBuffer();
    const inCentre = meanDifference(before, after, w, centre(w, h));
    const inCorner = meanDifference(before, after, w, { x: w - 60, y: h - 60, w: 60, h: 60 });
    expect(inCentre).toBeGreaterThan(20);
    expect(inCentre).toBeGreaterThan(inCorner * 2);
  });

  it('never enlarges a small image', async () => {
    const { file } = await testImage(400, 300);
    const preview = await makeImagePreview(file, mkdtempSync(path.join(dir, 'img-')));
    expect(preview).toMatchObject({ width: 400, height: 300 });
  });

  it('refuses a corrupt image as unusable', async () => {
    const bogus = path.join(dir, 'bogus.png');
    writeFileSync(
      bogus,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
    );
    await expect(makeImagePreview(bogus, mkdtempSync(path.join(dir, 'img-')))).rejects.toBeInstanceOf(
      UnusableMediaError,
    );
  });
});
