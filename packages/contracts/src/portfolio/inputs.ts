/** What the portfolio endpoints take: list queries and filters, names, the structure editor's body. */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../limits';
import { userText } from '../typed-text';
import { MAX_TAG_LENGTH, normalizeTag } from './tags';
import { TIER_TERMS_LIMITS, TIER_TITLES, dedupeTexts, tierTitleSchema } from './tiers';

/** ?page=&limit= with the hard maximum (MAX_PAGE_SIZE). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export const MAX_SEARCH_LENGTH = 100;
const searchText = userText('The search', 'The search must be text').max(
  MAX_SEARCH_LENGTH,
  'The search is too long',
);

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
    tags: userText('Tags', 'Tags must be text')
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
  .extend({ query: searchText.default('') })
  .and(editorFiltersSchema);

/** The words of a search: an editor matches when every word is in its name or tags. */
export function searchWords(query: string): string[] {
  return [...new Set(query.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

export const adminEditorListQuerySchema = pageQuerySchema.extend({
  search: searchText.default(''),
});

export const EDITOR_NAME_MAX_LENGTH = 50;

export const editorNameInputSchema = z.object({
  username: userText('Name', 'Name cannot be empty')
    .trim()
    .min(1, 'Name cannot be empty')
    .max(EDITOR_NAME_MAX_LENGTH, `Name must be at most ${EDITOR_NAME_MAX_LENGTH} characters`),
});
export type EditorNameInput = z.infer<typeof editorNameInputSchema>;

/** Rupees; whole numbers at least 1 (SPEC.md §5: pricing inputs are numbers with minimum 1). */
const wholeRupees = (field: string) =>
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
    priceMin: wholeRupees('Minimum price'),
    priceMax: wholeRupees('Maximum price').optional(),
  })
  .refine((p) => p.priceMax === undefined || p.priceMax >= p.priceMin, {
    message: 'Maximum price cannot be below the minimum price',
    path: ['priceMax'],
  });

const { deliveryDaysMin, deliveryDaysMax, revisionsMin, revisionsMax } = TIER_TERMS_LIMITS;

/** Whole days a tier's work takes, as the structure editor states it. */
const tierDeliveryDays = z
  .number({ error: 'Delivery time must be a number' })
  .int('Delivery time must be whole days')
  .min(deliveryDaysMin, `Delivery time must be at least ${deliveryDaysMin} day`)
  .max(deliveryDaysMax, `Delivery time must be at most ${deliveryDaysMax} days`);

/** How many rounds of changes a tier includes. */
const tierRevisions = z
  .number({ error: 'Revisions must be a number' })
  .int('Revisions must be a whole number')
  .min(revisionsMin, 'Revisions cannot be negative')
  .max(revisionsMax, `Revisions must be at most ${revisionsMax}`);

export const TIER_TERMS_REQUIRED = {
  deliveryDays: 'Enter the delivery time of a priced tier',
  revisions: 'Enter the revisions a priced tier includes',
} as const;

/**
 * One tier as the structure editor saves it. A priced tier states its delivery days and revisions: they
 * are what Pay Now buys and what its card shows, never a default picked for it.
 */
const structureTierSchema = z
  .object({
    title: tierTitleSchema,
    description: userText('Description', 'Description must be text')
      .trim()
      .max(2000, 'Description must be at most 2000 characters')
      .default(''),
    features: z
      .array(
        userText('A feature', 'A feature must be text').max(120, 'A feature must be at most 120 characters'),
      )
      .max(50, 'Too many features')
      .default([])
      .transform(dedupeTexts),
    /** Only the first entry is used. */
    pricing: z.array(structurePricingSchema).max(5).default([]),
    deliveryDays: tierDeliveryDays.optional(),
    revisions: tierRevisions.optional(),
  })
  .superRefine((tier, ctx) => {
    if (tier.pricing.length === 0) return;
    for (const field of ['deliveryDays', 'revisions'] as const) {
      if (tier[field] === undefined) {
        ctx.addIssue({ code: 'custom', path: [field], message: TIER_TERMS_REQUIRED[field] });
      }
    }
  });

/** What the admin's structure editor saves (samples are managed separately). */
export const portfolioStructureInputSchema = z.object({
  tiers: z
    .array(structureTierSchema)
    .max(3)
    .refine((tiers) => new Set(tiers.map((t) => t.title)).size === tiers.length, {
      message: 'Each tier may appear only once',
    })
    .transform((tiers) =>
      [...tiers].sort((a, b) => TIER_TITLES.indexOf(a.title) - TIER_TITLES.indexOf(b.title)),
    ),
  whatsIncluded: z
    .array(
      userText("A what's-included entry", "A what's-included entry must be text").max(
        80,
        "A what's-included entry must be at most 80 characters",
      ),
    )
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
