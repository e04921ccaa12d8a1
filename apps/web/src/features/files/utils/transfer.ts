import { formatFileSize } from '../../../lib/file-size';

/** Seconds as a person reads a wait: "12 s left", "4 min left", "1 h 5 min left". */
export function timeLeftLabel(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min left`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min left`;
}

/** "120 MB of 1.2 GB · 8.4 MB/s · 2 min left", the parts known so far. */
export function transferCaption(sent: number, total: number, bytesPerSecond: number | null): string {
  const parts = [`${formatFileSize(sent)} of ${formatFileSize(total)}`];
  if (bytesPerSecond && bytesPerSecond > 0) {
    parts.push(`${formatFileSize(bytesPerSecond)}/s`);
    const left = timeLeftLabel((total - sent) / bytesPerSecond);
    if (left) parts.push(left);
  }
  return parts.join(' · ');
}

/**
 * The speed shown: an average over the last few seconds of progress, so one slow or quick chunk does not
 * make the figure jump.
 */
export function speedMeter(windowMs = 5000) {
  const samples: { at: number; sent: number }[] = [];
  return {
    add(sent: number, at = Date.now()): number | null {
      samples.push({ at, sent });
      while (samples.length > 2 && at - samples[0]!.at > windowMs) samples.shift();
      const first = samples[0]!;
      const elapsed = (at - first.at) / 1000;
      return elapsed > 0.2 ? (sent - first.sent) / elapsed : null;
    },
    reset() {
      samples.length = 0;
    },
  };
}

/** A video's facts in one line: "1920×1080 · 29.97 fps · H264 · 1:02". */
export function videoLine(v: {
  width: number | null;
  height: number | null;
  frameRate: number | null;
  codec: string | null;
  durationSeconds: number | null;
}): string {
  const parts: string[] = [];
  if (v.width && v.height) parts.push(`${v.width}×${v.height}`);
  if (v.frameRate) parts.push(`${Number(v.frameRate.toFixed(2))} fps`);
  if (v.codec) parts.push(v.codec.toUpperCase());
  if (v.durationSeconds !== null) {
    const total = Math.round(v.durationSeconds);
    const h = Math.floor(total / 3600);
    const m = Math.floor((total % 3600) / 60);
    const s = String(total % 60).padStart(2, '0');
    parts.push(h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`);
  }
  return parts.join(' · ');
}
