/** Portfolios and editors as the API returns them. */
import { z } from 'zod';
import { trackRecordSchema } from '../reviews';
import { TIER_TERMS_LIMITS, TIER_TITLES, tierTitleSchema } from './tiers';

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
  /** What the tier promises, stated by the admin; every priced tier has both (absent: not stated). */
  deliveryDays: z
    .number()
    .int()
    .min(TIER_TERMS_LIMITS.deliveryDaysMin)
    .max(TIER_TERMS_LIMITS.deliveryDaysMax)
    .optional(),
  revisions: z
    .number()
    .int()
    .min(TIER_TERMS_LIMITS.revisionsMin)
    .max(TIER_TERMS_LIMITS.revisionsMax)
    .optional(),
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
