/** Upload rules (SPEC.md §5, §8, §9). */
import { IMAGE_MAX_BYTES, VIDEO_MAX_BYTES } from '../limits';
import type { TierTitle } from './tiers';

export type MediaKind = 'image' | 'video';

export const MEDIA_SIZE_LIMITS: Record<MediaKind, number> = {
  image: IMAGE_MAX_BYTES,
  video: VIDEO_MAX_BYTES,
};

/** At most this many files in one upload request. */
export const MAX_FILES_PER_UPLOAD = 20;

/** 'image' or 'video' from a MIME type; null for anything else. */
export function mediaKindOf(mimeType: string | undefined | null): MediaKind | null {
  if (!mimeType) return null;
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('video/')) return 'video';
  return null;
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** True when a file is over its kind's limit (files of other kinds are refused elsewhere). */
export function exceedsSizeLimit(file: { size: number; type: string }): boolean {
  const kind = mediaKindOf(file.type);
  return kind !== null && file.size > MEDIA_SIZE_LIMITS[kind];
}

/** The names of the files over their limit, for the page's message. */
export function oversizedFileNames(files: readonly { name: string; size: number; type: string }[]): string[] {
  return files.filter(exceedsSizeLimit).map((f) => f.name);
}

/** SPEC.md §8: the page's message for files over the limits. */
export function sizeLimitMessage(names: readonly string[]): string {
  return `Some files exceed size limits (Images: 10MB, Videos: 100MB): ${names.join(', ')}`;
}

/**
 * Said beside the upload forms' file pickers (samples, deliveries): the server strips photos' private
 * metadata as they arrive (apps/server/src/lib/strip-image-metadata.ts), not videos'.
 */
export const MEDIA_METADATA_NOTE =
  'Photos are uploaded without their location and camera details. Videos keep theirs: export without location if it matters.';

/** The server's 413 message for one file. */
export function fileTooLargeMessage(fileName: string, kind: MediaKind): string {
  return `${fileName || 'The file'} is too large: ${kind === 'image' ? 'images' : 'videos'} may be at most ${megabytes(MEDIA_SIZE_LIMITS[kind])}`;
}

/** Multipart field of the index-th new file of a tier: `{tier}_{index}`. */
export const sampleFileField = (tier: TierTitle, index: number) => `${tier}_${index}`;
/** Multipart field with that file's tags (a JSON array): `{tier}_sample_{index}_tags`. */
export const sampleTagsField = (tier: TierTitle, index: number) => `${tier}_sample_${index}_tags`;

export type SampleField = { kind: 'file' | 'tags'; tier: TierTitle; index: number };

/** Reads a multipart field name back; null when it is not one of ours. */
export function parseSampleField(name: string): SampleField | null {
  const m = /^(basic|intermediate|pro)_(?:(sample)_)?(\d{1,3})(_tags)?$/.exec(name);
  if (!m) return null;
  const isTags = m[2] === 'sample' && m[4] === '_tags';
  const isFile = m[2] === undefined && m[4] === undefined;
  if (!isTags && !isFile) return null;
  return { kind: isTags ? 'tags' : 'file', tier: m[1] as TierTitle, index: Number(m[3]) };
}
