import type { VideoFacts } from '@cutroom/contracts';
import { MissingToolError, runTool } from '../../lib/run-tool';

/** A video ffprobe could not read; the message says why, in ffprobe's words cut short. */
export class UnreadableVideoError extends Error {}

const rate = (text: string | undefined): number | null => {
  const [num, den] = (text ?? '').split('/').map(Number);
  if (!num || !den) return null;
  return Math.round((num / den) * 1000) / 1000;
};

/** Duration, picture size, codec and frame rate of a video file, read by ffprobe. */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoFacts> {
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
        'stream=width,height,codec_name,avg_frame_rate,r_frame_rate:format=duration',
        '-of',
        'json',
        file,
      ],
      { signal },
    ));
  } catch (err) {
    if (err instanceof MissingToolError || signal?.aborted) throw err;
    const why = (err as Error).message
      .replace(/^ffprobe failed \([^)]*\):?\s*/, '')
      .replace(file, 'the file');
    throw new UnreadableVideoError(why.slice(0, 200) || 'ffprobe could not read it');
  }
  const info = JSON.parse(stdout) as {
    streams?: {
      width?: number;
      height?: number;
      codec_name?: string;
      avg_frame_rate?: string;
      r_frame_rate?: string;
    }[];
    format?: { duration?: string };
  };
  const stream = info.streams?.[0];
  if (!stream?.width || !stream.height) throw new UnreadableVideoError('it has no video picture');
  const duration = Number(info.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) ? Math.round(duration * 1000) / 1000 : null,
    width: stream.width,
    height: stream.height,
    codec: stream.codec_name ?? null,
    frameRate: rate(stream.avg_frame_rate) ?? rate(stream.r_frame_rate),
  };
}
