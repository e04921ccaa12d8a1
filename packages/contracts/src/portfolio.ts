import { z } from 'zod';

export const TIER_TITLES = ['basic', 'intermediate', 'pro'] as const;
export const tierTitleSchema = z.enum(TIER_TITLES);
export type TierTitle = z.infer<typeof tierTitleSchema>;

/** Rupees; whole numbers at least 1 (SPEC.md §5: pricing inputs are numbers with minimum 1). */
const rupees = z.number().int('Prices are whole rupees').min(1, 'Prices must be at least 1').max(10_000_000);

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

/** What the admin's structure editor saves (samples are managed separately). */
export const portfolioStructureInputSchema = z.object({
  tiers: z
    .array(
      z.object({
        title: tierTitleSchema,
        description: z.string().trim().max(2000).default(''),
        features: z.array(z.string().trim().min(1).max(120)).max(50).default([]),
        pricing: z
          .array(
            z.object({
              reelCount: z.number().int().min(1, 'Reel count must be at least 1').max(1000),
              priceMin: rupees,
              priceMax: rupees.optional(),
            }),
          )
          .max(5)
          .default([]),
      }),
    )
    .max(3),
  whatsIncluded: z.array(z.string().trim().min(1).max(80)).max(30),
});
export type PortfolioStructureInput = z.infer<typeof portfolioStructureInputSchema>;
