import { execFileSync } from 'node:child_process';
import { existsSync, openSync, closeSync, statSync, writeSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';

/**
 * A real H.264/AAC MP4 (faststart, so the type sniffing and ffmpeg's poster frame both work) of exactly
 * `bytes` bytes: a constant-bitrate test pattern a little smaller than asked, then a trailing ISO-BMFF
 * `free` box that pads it to the size. Cached between runs.
 */
export function ensureClip(bytes: number, seconds: number): string {
  const file = path.join(cacheDir(), `clip-${bytes}.mp4`);
  if (existsSync(file) && statSync(file).size === bytes) return file;
  const raw = `${file}.raw.mp4`;
  const bitrate = Math.floor((bytes * 8 * 0.88) / seconds);
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=1280x720:rate=30:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-b:v',
      String(bitrate),
      '-minrate',
      String(bitrate),
      '-maxrate',
      String(bitrate),
      '-bufsize',
      String(Math.floor(bitrate / 4)),
      '-x264-params',
      'nal-hrd=cbr',
      '-c:a',
      'aac',
      '-shortest',
      '-movflags',
      '+faststart',
      raw,
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const size = statSync(raw).size;
  const pad = bytes - size;
  if (pad < 8) {
    rmSync(raw);
    throw new Error(`ffmpeg made ${size} bytes, more than the ${bytes} asked; lower the bitrate factor`);
  }
  const fd = openSync(raw, 'a');
  try {
    const header = Buffer.alloc(8);
    header.writeUInt32BE(pad, 0);
    header.write('free', 4, 'latin1');
    writeSync(fd, header);
    const zeros = Buffer.alloc(1024 * 1024);
    for (let left = pad - 8; left > 0; left -= zeros.length)
      writeSync(fd, zeros, 0, Math.min(left, zeros.length));
  } finally {
    closeSync(fd);
  }
  renameSync(raw, file);
  return file;
}
