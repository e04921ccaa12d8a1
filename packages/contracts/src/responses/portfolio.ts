import { z } from 'zod';
import {
  adminEditorListReplySchema,
  adminEditorSchema,
  editorSchema,
  editorSummarySchema,
  pageInfoSchema,
  sampleSchema,
  tierTitleSchema,
} from '../portfolio';
import { inReplyOrder } from './common';

/**
 * A tier's price as the server sends it. Tiers are stored as jsonb, which keeps an object's keys sorted
 * (shorter first, then by bytes), so a price comes back as priceMax, priceMin, reelCount.
 */
export const pricingReplySchema = z.object({
  priceMax: z.number().optional(),
  priceMin: z.number(),
  reelCount: z.number(),
});

/** `tierSchema` as sent: no defaults, trims or limits (those are the structure form's). */
export const tierReplySchema = z.object({
  title: tierTitleSchema,
  description: z.string(),
  features: z.array(z.string()),
  pricing: z.array(pricingReplySchema),
  /** Stated on every priced tier. */
  deliveryDays: z.number().optional(),
  revisions: z.number().optional(),
  samples: z.array(sampleSchema),
});

export const portfolioReplySchema = z.object({
  whatsIncluded: z.array(z.string()),
  tiers: z.array(tierReplySchema),
});

/** An editor as anyone may see it (`Editor`), with the portfolio as sent. */
export const editorReplySchema = editorSchema.extend({ portfolio: portfolioReplySchema });

/** GET /api/users/editors and …/search. Their bytes come from the catalogue cache (see portfolio routes). */
export const editorListPageSchema = z.object({
  data: z.array(editorReplySchema),
  ...pageInfoSchema.shape,
  summary: editorSummarySchema,
});

/** GET /api/users/editors/{id}. */
export const editorDetailReplySchema = z.object({ data: editorReplySchema });

/** GET /api/admin/editors. */
export const adminEditorListPageSchema = inReplyOrder(adminEditorListReplySchema, [
  'data',
  'page',
  'limit',
  'total',
  'hasMore',
]);

/** GET /api/admin/editors/{id}: the public editor plus e-mail and creation time. */
export const adminEditorDetailReplySchema = z.object({
  data: editorReplySchema.extend({ email: z.string().optional(), createdAt: z.string() }),
});

/** POST /api/admin/editors/{id}/updateName. */
export const editorRenamedReplySchema = z.object({
  message: z.string(),
  data: adminEditorSchema.pick({ _id: true, username: true }),
});

/** PATCH /api/admin/editors/{id}/portfolio/structure. */
export const portfolioSavedReplySchema = z.object({ message: z.string(), data: portfolioReplySchema });

/** PATCH /api/admin/editors/{id}/portfolio/samples. */
export const samplesUploadedReplySchema = z.object({
  message: z.string(),
  uploaded: z.number(),
  data: portfolioReplySchema,
});

/** POST /api/admin/editors/{id}/verified. */
export const editorVerifiedReplySchema = z.object({
  message: z.string(),
  data: z.object({ verified: z.boolean() }),
});

/** PUT /api/admin/editors/{id}/photo and /api/profile/photo. */
export const editorPhotoReplySchema = z.object({
  message: z.string(),
  data: z.object({ photoUrl: z.string(), photoThumbUrl: z.string() }),
});
