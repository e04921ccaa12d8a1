import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

export const tierTitle = pgEnum('tier_title', ['basic', 'intermediate', 'pro']);

/** Tier as stored: the contracts' Tier without samples (they live in portfolio_samples). */
export interface StoredTier {
  title: 'basic' | 'intermediate' | 'pro';
  description: string;
  features: string[];
  /** Rupees; only the first entry is used. */
  pricing: { reelCount: number; priceMin: number; priceMax?: number }[];
  /** What the tier promises, stated by the admin; every priced tier has both (migration 0020). */
  deliveryDays?: number;
  revisions?: number;
}

/** One row per editor; absent until an admin saves the structure. */
export const editorPortfolios = pgTable('editor_portfolios', {
  editorId: uuid('editor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  whatsIncluded: jsonb('whats_included').$type<string[]>().notNull().default([]),
  tiers: jsonb('tiers').$type<StoredTier[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const portfolioSamples = pgTable(
  'portfolio_samples',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    editorId: uuid('editor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: tierTitle('tier').notNull(),
    /** Storage key of the file (public media). */
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    thumbnailKey: text('thumbnail_key'),
    posterKey: text('poster_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portfolio_samples_editor_idx').on(t.editorId, t.tier, t.createdAt)],
);
