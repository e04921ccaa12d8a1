import { access } from 'node:fs/promises';
import path from 'node:path';
import { MissingToolError, UnusableMediaError } from './errors';
import { runTool } from '../../../lib/run-tool';
import {
  PREVIEW_LONG_SIDE as LONG,
  PREVIEW_SHORT_SIDE as SHORT,
  WATERMARK_FONT_FILE,
  WATERMARK_TEXT,
} from './watermark';

export type VideoSupport = { ok: true } | { ok: false; reason: string };

let support: Promise<VideoSupport> | null = null;

/**
 * Whether this machine can make video previews: ffmpeg with drawtext, ffprobe, and the watermark font.
 * Checked once per process; the reason is what a person reads on a failed delivery.
 */
export function videoPreviewSupport(): Promise<VideoSupport> {
  support ??= (async (): Promise<VideoSupport> => {
    try {
      const { stdout } = await runTool('ffmpeg', ['-hide_banner', '-filters']);
      if (!/\bdrawtext\b/.test(stdout)) {
        return {
          ok: false,
          reason: 'Video previews are unavailable: ffmpeg on the server lacks the drawtext filter',
        };
      }
      await runTool('ffprobe', ['-version']);
    } catch (err) {
      if (err instanceof MissingToolError) {
        return { ok: false, reason: 'Video previews are unavailable: ffmpeg is not installed on the server' };
      }
      return { ok: false, reason: `Video previews are unavailable: ${(err as Error).message}` };
    }
    try {
      await access(WATERMARK_FONT_FILE);
    } catch {
      return {
        ok: false,
        reason: `Video previews are unavailable: the watermark font ${WATERMARK_FONT_FILE} is missing (fonts-dejavu-core)`,
      };
    }
    return { ok: true };
  })();
  return support;
}

export interface VideoPreview {
  /** H.264/AAC MP4, moov atom first so the browser can seek before it has everything. */
  previewPath: string;
  /** JPEG frame of the preview (so the poster carries the watermark too). */
  posterPath: string;
  width: number;
  height: number;
  durationSeconds: number;
}

async function probe(input: string, signal?: AbortSignal) {
  let stdout: string;
  try {
    ({ stdout } = await runTool(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=width,height:format=duration',
        '-of',
        'json',
        input,
      ],
      { signal },
    ));
  } catch (err) {
    if (err instanceof MissingToolError || signal?.aborted) throw err;
    throw new UnusableMediaError('The video could not be read');
  }
  const info = JSON.parse(stdout) as {
    streams?: { width?: number; height?: number }[];
    format?: { duration?: string };
  };
  const stream = info.streams?.[0];
  if (!stream?.width || !stream.height) throw new UnusableMediaError('The file has no video picture');
  return { width: stream.width, height: stream.height, durationSeconds: Number(info.format?.duration) || 0 };
}

const quote = (text: string) => `'${text.replace(/'/g, "'\\''")}'`;

/** ffmpeg filter chain: fit within 1280x720 (or 720x1280 upright), even sizes, centred watermark. */
export const previewFilter = () =>
  [
    `scale=w='if(gte(iw,ih),min(${LONG},iw),min(${SHORT},iw))'` +
      `:h='if(gte(iw,ih),min(${SHORT},ih),min(${LONG},ih))'` +
      ':force_original_aspect_ratio=decrease:force_divisible_by=2',
    `drawtext=fontfile=${WATERMARK_FONT_FILE}:text=${quote(WATERMARK_TEXT)}` +
      `:fontsize='min(h/8,w/11)':fontcolor=white@0.5:borderw=2:bordercolor=black@0.35` +
      ':x=(w-text_w)/2:y=(h-text_h)/2',
  ].join(',');

/** Makes the watermarked, scaled-down preview and its poster in outDir from the original at input. */
export async function makeVideoPreview(
  input: string,
  outDir: string,
  opts: { signal?: AbortSignal } = {},
): Promise<VideoPreview> {
  const support = await videoPreviewSupport();
  if (!support.ok) throw new MissingToolError(support.reason);
  await probe(input, opts.signal);
  const previewPath = path.join(outDir, 'preview.mp4');
  const posterPath = path.join(outDir, 'poster.jpg');
  // Only the first picture and sound tracks, no metadata, subtitles or data streams from the original.
  // A modest bitrate: a preview is for judging the edit, not for keeping. The probe above has shown the
  // input is a video, so a failure here may be passing (memory, disk) and is worth another attempt.
  await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      '-map_metadata',
      '-1',
      '-sn',
      '-dn',
      '-vf',
      previewFilter(),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '30',
      '-maxrate',
      '1500k',
      '-bufsize',
      '3000k',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-ac',
      '2',
      '-movflags',
      '+faststart',
      previewPath,
    ],
    { signal: opts.signal },
  );
  const made = await probe(previewPath, opts.signal);
  // One second in, or the middle of a shorter clip.
  const at = Math.min(1, made.durationSeconds / 2).toFixed(2);
  await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostdin',
      '-v',
      'error',
      '-y',
      '-ss',
      at,
      '-i',
      previewPath,
      '-frames:v',
      '1',
      '-q:v',
      '3',
      posterPath,
    ],
    { signal: opts.signal },
  );
  return { previewPath, posterPath, ...made };
}
