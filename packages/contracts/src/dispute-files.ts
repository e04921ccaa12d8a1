/**
 * Files as dispute evidence (issue 26): a screenshot of the brief, a PDF of the agreed script, a clip of
 * the problem. Each side attaches its own while the dispute is open; the two sides and admins see them.
 * What a file is comes from its bytes, never its name, and the server refuses any other type.
 */

/** The types kept, by the MIME type sniffed from the first bytes, with the word a person reads. */
export const DISPUTE_FILE_TYPES = {
  'image/png': 'Image',
  'image/jpeg': 'Image',
  'image/webp': 'Image',
  'image/gif': 'Image',
  'application/pdf': 'PDF',
  'video/mp4': 'Video',
  'video/quicktime': 'Video',
  'video/webm': 'Video',
  'audio/mpeg': 'Audio',
  'audio/wav': 'Audio',
} as const satisfies Record<string, string>;
export type DisputeFileType = keyof typeof DISPUTE_FILE_TYPES;

export const isDisputeFileType = (mime: string | null | undefined): mime is DisputeFileType =>
  !!mime && Object.hasOwn(DISPUTE_FILE_TYPES, mime);

export const DISPUTE_FILE_LIMITS = {
  /** Per file: enough for screenshots, documents and a short clip (whole cuts are cited as deliveries). */
  maxBytes: 50 * 1024 * 1024,
  /** Files each side may attach to one dispute. */
  perSide: 10,
  /** Characters of a file's name kept for display. */
  nameMax: 120,
} as const;

/** The `accept` of a file picker: the same types the server keeps. */
export const DISPUTE_FILE_ACCEPT = Object.keys(DISPUTE_FILE_TYPES).join(',');

export const DISPUTE_FILE_MESSAGES = {
  wrongType: 'Attach an image (PNG, JPEG, WebP, GIF), a PDF, a video (MP4, MOV, WebM) or audio (MP3, WAV)',
  tooLarge: (name: string) =>
    `${name || 'The file'} is too large: evidence files may be at most ${DISPUTE_FILE_LIMITS.maxBytes / (1024 * 1024)} MB`,
  tooMany: `Each side can attach at most ${DISPUTE_FILE_LIMITS.perSide} files to a dispute`,
  noFile: 'Choose a file to attach',
  oneFile: 'Attach one file at a time',
  notMultipart: 'Send the file as multipart/form-data',
  closed: 'Files can be attached only while the dispute is open',
  notFound: 'File not found',
} as const;
