import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, IMAGE_MAX_BYTES, MAX_PAGE_SIZE, VIDEO_MAX_BYTES } from './limits';
import { trackRecordSchema } from './reviews';

export const TIER_TITLES = ['basic', 'intermediate', 'pro'] as const;
export const tierTitleSchema = z.enum(TIER_TITLES);
export type TierTitle = z.infer<typeof tierTitleSchema>;

/** SPEC.md §3: the preset tier feature options, in the order the admin sees them. */
export const TIER_FEATURE_PRESETS = [
  '1 revision',
  'Trimming & cutting',
  'Basic transitions',
  'Basic color correction',
  'Audio leveling',
  'Basic subtitles',
  'Background noise removal',
  'Aspect ratio adjustment for one platform',
  'Up to 2 revisions',
  'Advanced transitions',
  'Basic motion graphics',
  'Creative color grading',
  'Intermediate sound design',
  'Stylized subtitles',
  'Background music syncing',
  'Light effects',
  'Crop & reframe for multiple platforms',
  'Advanced motion graphics & animation',
  'VFX & compositing',
  '3D elements integration',
  'Advanced color grading',
  'Multi-camera syncing',
  'Audio mixing & mastering',
  'High-end visual effects',
  'Storyboard-to-final edit service',
  'Thumbnail creation',
  'Project file delivery',
  'Express delivery',
] as const;

/** SPEC.md §3: the preset what's-included options; custom entries may be typed. */
export const WHATS_INCLUDED_PRESETS = [
  'Background Music',
  'Voice Over',
  'Stock Footage',
  'Revisions',
] as const;

/** Trims, drops empties and removes case-insensitive duplicates, keeping the first spelling. */
export function dedupeTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tags

export const MAX_TAG_LENGTH = 40;
export const MAX_TAGS_PER_SAMPLE = 20;

/** A tag as stored: trimmed, inner whitespace collapsed, at most MAX_TAG_LENGTH characters. */
export function normalizeTag(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').slice(0, MAX_TAG_LENGTH).trim();
}

/**
 * Adds what the person typed (one tag, or several separated by commas) to the tags already entered:
 * trimmed, empty pieces dropped, no duplicates (case-insensitive), at most MAX_TAGS_PER_SAMPLE.
 */
export function addTags(existing: readonly string[], typed: string): string[] {
  const pieces = typed.split(',').map(normalizeTag);
  return dedupeTexts([...existing, ...pieces]).slice(0, MAX_TAGS_PER_SAMPLE);
}

/** The tags of one uploaded file: a JSON array of strings, normalised like the page does. */
export const sampleTagsSchema = z
  .array(z.string().max(200, 'A tag is too long'), { error: 'Tags must be a list of words' })
  .max(100, 'Too many tags')
  .transform((tags) => addTags([], tags.join(',')));

/** Parses the multipart tags field (`{tier}_sample_{index}_tags`); throws a readable message when malformed. */
export function parseSampleTagsField(value: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('Tags must be a JSON list of words');
  }
  const result = sampleTagsSchema.safeParse(parsed);
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid tags');
  return result.data;
}

// ---------------------------------------------------------------------------------------------
// Upload rules (SPEC.md §5, §8, §9)

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

// ---------------------------------------------------------------------------------------------
// Shapes

export const pricingSchema = z
  .object({
    reelCount: z.number().int().min(0).max(1000),
    priceMin: z.number().int().min(0).max(10_000_000),
    priceMax: z.number().int().min(0).max(10_000_000).optional(),
  })
  .refine((p) => p.priceMax === undefined || p.priceMax === 0 || p.priceMax >= p.priceMin, {
    message: 'The highest price cannot be below the lowest',
    path: ['priceMax'],
  });
export type Pricing = z.infer<typeof pricingSchema>;

export const sampleSchema = z.object({
  _id: z.string(),
  url: z.string(),
  /** MIME type: starts with image or video. */
  type: z.string(),
  tags: z.array(z.string()),
  /** Small image for cards and the gallery (images: resized; videos: poster frame when available). */
  thumbnailUrl: z.string().optional(),
  posterUrl: z.string().optional(),
});
export type Sample = z.infer<typeof sampleSchema>;

export const tierSchema = z.object({
  title: tierTitleSchema,
  description: z.string().max(2000).default(''),
  features: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
  /** Only the first entry is used. */
  pricing: z.array(pricingSchema).max(5).default([]),
  samples: z.array(sampleSchema).default([]),
});
export type Tier = z.infer<typeof tierSchema>;

export const portfolioSchema = z.object({
  whatsIncluded: z.array(z.string()),
  tiers: z.array(tierSchema),
});
export type Portfolio = z.infer<typeof portfolioSchema>;

/** SPEC.md §3: default tiers of a new structure (the admin fills in real prices before saving). */
export const DEFAULT_TIERS: Omit<Tier, 'samples'>[] = TIER_TITLES.map((title) => ({
  title,
  description: '',
  features: [],
  pricing: [{ reelCount: 0, priceMin: 0, priceMax: 0 }],
}));

/** An editor as anyone may see it (never the e-mail). */
export const editorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  portfolio: portfolioSchema,
  /** Profile photo (512 px square) and its 128 px version for cards; absent: the initial-letter avatar. */
  photoUrl: z.string().optional(),
  photoThumbUrl: z.string().optional(),
  /** Granted by an admin. */
  verified: z.boolean().optional(),
  /** Visible reviews: the average (one decimal) and how many. */
  rating: z.object({ average: z.number().nullable(), count: z.number().int() }).optional(),
  trackRecord: trackRecordSchema.optional(),
  /** Rupees: the lowest tier's starting price; the shortest delivery any tier promises. */
  startingPrice: z.number().nullable().optional(),
  fastestDays: z.number().nullable().optional(),
});
export type Editor = z.infer<typeof editorSchema>;

/** The three numbers above the list, over every editor the list or search matches (not just one page). */
export const editorSummarySchema = z.object({
  availableEditors: z.number(),
  editorsWithPortfolios: z.number(),
  totalSamples: z.number(),
});
export type EditorSummary = z.infer<typeof editorSummarySchema>;

export const pageInfoSchema = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
});
export type PageInfo = z.infer<typeof pageInfoSchema>;

export const editorListReplySchema = pageInfoSchema.extend({
  data: z.array(editorSchema),
  summary: editorSummarySchema,
});
export type EditorListReply = z.infer<typeof editorListReplySchema>;

/** An editor in the admin's list: with e-mail (admins only) and counts. */
export const adminEditorSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().optional(),
  createdAt: z.string(),
  tierCount: z.number(),
  sampleCount: z.number(),
});
export type AdminEditor = z.infer<typeof adminEditorSchema>;

export const adminEditorListReplySchema = pageInfoSchema.extend({ data: z.array(adminEditorSchema) });
export type AdminEditorListReply = z.infer<typeof adminEditorListReplySchema>;

/** One editor for the admin's edit pages. */
export const adminEditorDetailSchema = editorSchema.extend({
  email: z.string().optional(),
  createdAt: z.string(),
});
export type AdminEditorDetail = z.infer<typeof adminEditorDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Inputs

/** ?page=&limit= with the hard maximum (MAX_PAGE_SIZE). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const MAX_SEARCH_LENGTH = 100;

/** /portfolio's sort orders: 'recommended' weighs rating, completed orders, punctuality and the badge. */
export const EDITOR_SORTS = ['recommended', 'rating', 'price', 'fastest'] as const;
export type EditorSort = (typeof EDITOR_SORTS)[number];
export const EDITOR_SORT_LABELS: Record<EditorSort, string> = {
  recommended: 'Recommended',
  rating: 'Highest rated',
  price: 'Price: low to high',
  fastest: 'Fastest delivery',
};
export const MAX_FILTER_TAGS = 5;
export const MAX_FILTER_PRICE = 10_000_000;

const filterPrice = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${label} must be a number` })
      .int(`${label} must be whole rupees`)
      .min(0, `${label} cannot be negative`)
      .max(MAX_FILTER_PRICE, `${label} is too large`)
      .optional(),
  );

/** Tags as the filter matches them: lower-case, trimmed, no duplicates, at most MAX_FILTER_TAGS. */
export function normalizeFilterTags(value: string | readonly string[] | undefined): string[] {
  const pieces = typeof value === 'string' ? value.split(',') : (value ?? []);
  return dedupeTexts(pieces.map((t) => normalizeTag(t).toLowerCase())).slice(0, MAX_FILTER_TAGS);
}

/** The sort and filters of the public list (both /users/editors and /search), as the URL carries them. */
export const editorFiltersSchema = z
  .object({
    sort: z.enum(EDITOR_SORTS, { error: 'Unknown sort order' }).default('recommended'),
    minPrice: filterPrice('Lowest price'),
    maxPrice: filterPrice('Highest price'),
    tier: z.preprocess((v) => (v === '' ? undefined : v), tierTitleSchema.optional()),
    tags: z
      .string()
      .max(MAX_FILTER_TAGS * (MAX_TAG_LENGTH + 1), 'Too many tags')
      .optional()
      .transform((v) => normalizeFilterTags(v)),
  })
  .refine((f) => f.minPrice === undefined || f.maxPrice === undefined || f.minPrice <= f.maxPrice, {
    message: 'The lowest price cannot be above the highest',
    path: ['minPrice'],
  });
export type EditorFilters = z.output<typeof editorFiltersSchema>;

export const editorListQuerySchema = pageQuerySchema.and(editorFiltersSchema);

export const editorSearchQuerySchema = pageQuerySchema
  .extend({ query: z.string().max(MAX_SEARCH_LENGTH, 'The search is too long').default('') })
  .and(editorFiltersSchema);

/** The words of a search: an editor matches when every word is in its name or tags. */
export function searchWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

export const adminEditorListQuerySchema = pageQuerySchema.extend({
  search: z.string().max(MAX_SEARCH_LENGTH, 'The search is too long').default(''),
});

export const EDITOR_NAME_MAX_LENGTH = 50;

export const editorNameInputSchema = z.object({
  username: z
    .string({ error: 'Name cannot be empty' })
    .trim()
    .min(1, 'Name cannot be empty')
    .max(EDITOR_NAME_MAX_LENGTH, `Name must be at most ${EDITOR_NAME_MAX_LENGTH} characters`),
});
export type EditorNameInput = z.infer<typeof editorNameInputSchema>;

/** Rupees; whole numbers at least 1 (SPEC.md §5: pricing inputs are numbers with minimum 1). */
const rupees = (field: string) =>
  z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be whole rupees`)
    .min(1, `${field} must be at least 1`)
    .max(10_000_000, `${field} is too large`);

export const structurePricingSchema = z
  .object({
    reelCount: z
      .number({ error: 'Reel count must be a number' })
      .int('Reel count must be a whole number')
      .min(1, 'Reel count must be at least 1')
      .max(1000, 'Reel count is too large'),
    priceMin: rupees('Minimum price'),
    priceMax: rupees('Maximum price').optional(),
  })
  .refine((p) => p.priceMax === undefined || p.priceMax >= p.priceMin, {
    message: 'Maximum price cannot be below the minimum price',
    path: ['priceMax'],
  });

/** What the admin's structure editor saves (samples are managed separately). */
export const portfolioStructureInputSchema = z.object({
  tiers: z
    .array(
      z.object({
        title: tierTitleSchema,
        description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
        features: z
          .array(z.string().max(120, 'A feature must be at most 120 characters'))
          .max(50, 'Too many features')
          .default([])
          .transform(dedupeTexts),
        /** Only the first entry is used. */
        pricing: z.array(structurePricingSchema).max(5).default([]),
      }),
    )
    .max(3)
    .refine((tiers) => new Set(tiers.map((t) => t.title)).size === tiers.length, {
      message: 'Each tier may appear only once',
    })
    .transform((tiers) =>
      [...tiers].sort((a, b) => TIER_TITLES.indexOf(a.title) - TIER_TITLES.indexOf(b.title)),
    ),
  whatsIncluded: z
    .array(z.string().max(80, "A what's-included entry must be at most 80 characters"))
    .max(30, "Too many what's-included entries")
    .transform(dedupeTexts),
});
export type PortfolioStructureInput = z.input<typeof portfolioStructureInputSchema>;
export type PortfolioStructure = z.output<typeof portfolioStructureInputSchema>;

export const deleteSampleInputSchema = z
  .object({
    sampleUrl: z.string().max(500).optional(),
    tier: tierTitleSchema.optional(),
  })
  .default({});

// ---------------------------------------------------------------------------------------------
// Messages (SPEC.md §8)

export const PORTFOLIO_MESSAGES = {
  editorNotFound: 'Editor not found or deleted',
  editorUnavailable: 'This editor is no longer available',
  loadFailed: 'Failed to load editors',
  loadFailedInPage: 'Failed to load editors. Please try again.',
  searchFailed: 'Failed to search editors',
  fetchEditorFailed: 'Failed to fetch editor.',
  fetchPortfolioFailed: 'Failed to fetch portfolio.',
  fetchEditorsFailed: 'Something went wrong while fetching editors.',
  deleted: 'Editor Deleted Successfully',
  deleteFailed: 'Failed to delete editor',
  nameEmpty: 'Name cannot be empty',
  nameTaken: 'This name is already taken',
  renamed: 'Editor name updated successfully!',
  structureSaved: 'Portfolio updated.',
  updateFailed: 'Update failed.',
  uploaded: 'Uploaded!',
  uploadFailed: 'Upload failed.',
  sampleDeleted: 'Deleted successfully!',
  sampleDeleteFailed: 'Delete failed.',
  sampleNotFound: 'Sample not found',
  noTiers: 'This editor has no tiers yet. Set up the structure before uploading samples.',
  noFiles: 'Choose at least one image or video to upload',
  wrongType: 'Only image or video files are allowed',
  unknownTier: (tier: string) => `This editor has no ${tier} tier`,
} as const;
