import type { Sample } from '@cutroom/contracts/portfolio';
import { Film } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Words that describe a sample for people who cannot see it. */
export function sampleAlt(sample: Sample, editorName: string): string {
  const kind = sample.type.startsWith('video') ? 'Video' : 'Image';
  return sample.tags.length
    ? `${kind} sample by ${editorName}: ${sample.tags.join(', ')}`
    : `${kind} sample by ${editorName}`;
}

/** A still for a sample: the image's thumbnail, or a video's poster frame (a film icon without one). */
export function SampleThumb({
  sample,
  editorName,
  className,
}: {
  sample: Sample;
  editorName: string;
  className?: string;
}) {
  const still =
    sample.thumbnailUrl ?? sample.posterUrl ?? (sample.type.startsWith('image') ? sample.url : null);
  if (!still) {
    return (
      <div
        role="img"
        aria-label={sampleAlt(sample, editorName)}
        className={cn('grid place-items-center bg-slate-900 text-slate-300', className)}
      >
        <Film className="size-8" aria-hidden />
      </div>
    );
  }
  return (
    <img
      src={still}
      alt={sampleAlt(sample, editorName)}
      loading="lazy"
      decoding="async"
      className={cn('object-cover', className)}
    />
  );
}

/** A playable, seekable video: only its metadata loads until someone presses play. */
export function SampleVideo({
  sample,
  editorName,
  className,
}: {
  sample: Sample;
  editorName: string;
  className?: string;
}) {
  return (
    <video
      controls
      preload="metadata"
      playsInline
      poster={sample.posterUrl}
      src={sample.url}
      aria-label={sampleAlt(sample, editorName)}
      className={cn('bg-black', className)}
    />
  );
}
