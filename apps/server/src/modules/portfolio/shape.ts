import type { Portfolio, Sample, Tier } from '@cutroom/contracts';
import type { StoredTier, editorPortfolios, portfolioSamples } from '../../db/schema';

export type PortfolioRow = typeof editorPortfolios.$inferSelect;
export type SampleRow = typeof portfolioSamples.$inferSelect;

/** Where a public media key is served (see modules/media). */
export const mediaUrl = (key: string) => `/media/${key}`;

export function toSample(row: SampleRow): Sample {
  return {
    _id: row.id,
    url: mediaUrl(row.storageKey),
    type: row.mimeType,
    tags: row.tags,
    ...(row.thumbnailKey ? { thumbnailUrl: mediaUrl(row.thumbnailKey) } : {}),
    ...(row.posterKey ? { posterUrl: mediaUrl(row.posterKey) } : {}),
  };
}

function toTier(tier: StoredTier, samples: SampleRow[]): Tier {
  return {
    title: tier.title,
    description: tier.description,
    features: tier.features,
    pricing: tier.pricing,
    ...(tier.deliveryDays !== undefined ? { deliveryDays: tier.deliveryDays } : {}),
    ...(tier.revisions !== undefined ? { revisions: tier.revisions } : {}),
    samples: samples.filter((s) => s.tier === tier.title).map(toSample),
  };
}

/** The portfolio as SPEC.md §3 describes it; an editor without a saved structure has an empty one. */
export function toPortfolio(row: PortfolioRow | undefined, samples: SampleRow[]): Portfolio {
  return {
    whatsIncluded: row?.whatsIncluded ?? [],
    tiers: (row?.tiers ?? []).map((t) => toTier(t, samples)),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids come from URLs: anything that is not a UUID cannot name a row (and must not reach a uuid cast). */
export const isUuid = (value: string) => UUID.test(value);

/** `%text%` for LIKE on lower-cased columns, with LIKE's own wildcards taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
