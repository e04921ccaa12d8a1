/**
 * An order's files (issue 23): the creator's footage (raw clips, music, logos, references) sent through
 * resumable tus uploads at /api/uploads, listed with their SHA-256 for both sides and admins.
 */
import { z } from 'zod';
import { hasLoneSurrogate } from './typed-text';

export const ORDER_FILE_KINDS = ['footage', 'delivery'] as const;
export type OrderFileKind = (typeof ORDER_FILE_KINDS)[number];

/**
 * uploading: bytes still coming; checking: whole, being hashed, sniffed and probed; ready: listed with a
 * download; rejected: refused after the upload (the reason says why; the bytes are gone); expired: never
 * finished and removed.
 */
export const ORDER_FILE_STATUSES = ['uploading', 'checking', 'ready', 'rejected', 'expired'] as const;
export type OrderFileStatus = (typeof ORDER_FILE_STATUSES)[number];

/** Orders whose work has started (paid, or accepted to pay on approval) and is not closed take footage. */
export const FOOTAGE_ORDER_STATUSES = ['in_progress', 'delivered', 'changes_requested'] as const;

/** Characters of a file's name kept for display. */
export const ORDER_FILE_NAME_MAX = 200;

const GB = 1024 ** 3;
/** The defaults of FOOTAGE_MAX_BYTES and ORDER_FOOTAGE_MAX_BYTES. */
export const FOOTAGE_LIMIT_DEFAULTS = { perFile: 20 * GB, perOrder: 50 * GB } as const;
/** Deliveries of one order that may be uploading (or being checked) at once. */
export const DELIVERY_UPLOADS_AT_ONCE = 2;
/** The default of DELIVERY_MAX_BYTES. */
export const DELIVERY_MAX_BYTES_DEFAULT = 10 * GB;

/** Bytes as a person reads them: 1.5 GB, 820 MB, 12 KB. */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 || value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${shown} ${units[unit]}`;
}

export const ORDER_FILE_MESSAGES = {
  orderNotFound: 'Order not found',
  fileNotFound: 'File not found',
  uploadNotFound: 'Upload not found',
  notCreator: 'Only the order’s creator can add footage',
  notEditor: 'Only the order’s editor can upload a delivery',
  orderClosedToFootage: 'This order no longer takes footage: it has not started or it is closed',
  needsLength: 'Send the file’s size (Upload-Length): uploads of unknown length are not accepted',
  empty: 'The file is empty',
  perFile: (limit: number) => `Each file may be at most ${formatBytes(limit)}`,
  deliveryTooLarge: (limit: number) => `A delivery may be at most ${formatBytes(limit)}`,
  orderClosedToDelivery: 'This order does not take a delivery now',
  deliveriesUnderWay: (n: number) =>
    `${n} deliveries of this order are still uploading or being checked: finish or cancel one first`,
  imageTooLarge: 'Images may be at most 10 MB; send larger work as a video',
  perOrder: (limit: number, used: number) =>
    `An order may hold at most ${formatBytes(limit)} of footage; ${formatBytes(used)} is already used`,
  badMetadata: 'The upload’s metadata is missing or malformed',
  notVideo: 'This file is named as a video but is not one',
  unreadableVideo: (why: string) => `This video could not be read: ${why}`,
  notReady: 'This file is not ready to download yet',
  checkFailed: 'The file could not be checked. Please upload it again.',
} as const;

const noControl = (v: string) => !hasLoneSurrogate(v) && !v.includes('\u0000');

/** Upload-Metadata of a tus creation, decoded. Unknown keys are ignored; the name is only ever displayed. */
export const uploadMetadataSchema = z.object({
  orderId: z.uuid(),
  kind: z.enum(ORDER_FILE_KINDS),
  filename: z.string().min(1).max(1024).refine(noControl),
  filetype: z.string().max(255).refine(noControl).optional(),
  /** A delivery's note to the creator; checked as the chat's delivery note is. */
  note: z.string().max(4000).refine(noControl).optional(),
});
export type UploadMetadata = z.infer<typeof uploadMetadataSchema>;

export const videoFactsSchema = z.object({
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  codec: z.string().nullable(),
  frameRate: z.number().nullable(),
});
export type VideoFacts = z.infer<typeof videoFactsSchema>;

export const orderFileSchema = z.object({
  id: z.uuid(),
  orderId: z.uuid(),
  kind: z.enum(ORDER_FILE_KINDS),
  status: z.enum(ORDER_FILE_STATUSES),
  name: z.string(),
  sizeBytes: z.number().int(),
  /** What the bytes are, sniffed (null until checked, or when not recognised). */
  mimeType: z.string().nullable(),
  sha256: z.string().nullable(),
  video: videoFactsSchema.nullable(),
  rejectedReason: z.string().nullable(),
  uploadedBy: z.enum(['creator', 'editor']),
  /** True for the viewer's own uploads (the uploader may resume or cancel them). */
  mine: z.boolean(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** Where a ready file is downloaded (byte ranges, resumable); null before it is ready. */
  downloadUrl: z.string().nullable(),
  /** The tus URL of the viewer's own upload still under way (to resume or cancel it); null otherwise. */
  uploadUrl: z.string().nullable(),
});
export type OrderFile = z.infer<typeof orderFileSchema>;

export const orderFilesReplySchema = z.object({
  data: z.array(orderFileSchema),
  limits: z.object({ perFileBytes: z.number(), perOrderBytes: z.number(), usedBytes: z.number() }),
  /** Whether the viewer may add footage to this order now. */
  canAddFootage: z.boolean(),
  /** Every ready file as one zip (streamed, stored uncompressed), with the viewer's ticket; null when none. */
  archiveUrl: z.string().nullable(),
});
export type OrderFilesReply = z.infer<typeof orderFilesReplySchema>;

export const orderFileParamsSchema = z.object({ id: z.uuid() });
