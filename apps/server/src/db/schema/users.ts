import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** The partial indexes' predicate: the editors the public list shows. */
const LIVE_EDITOR = sql`role = 'editor' and deleted_at is null`;

export const userRole = pgEnum('user_role', ['creator', 'editor', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: userRole('role').notNull(),
    /** Public name: the editor's chosen name, or a creator's generated anonymous handle. */
    username: text('username').notNull(),
    /**
     * canonicalUsername(username) (@cutroom/contracts: NFKC + a locale-independent lower-case), unique:
     * the one form accounts are looked up by and login counters are keyed by. Written by the app; a
     * trigger (migration 0009) fills it for ASCII names written without it (lower-casing A-Z only) and
     * refuses a non-ASCII name written without it.
     */
    usernameCanonical: text('username_canonical').notNull().default(''),
    /** Lower-cased; required for creators, optional for editors. Never shown to the other side. */
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Soft delete (editors): hidden from the public, cannot log in, history kept for admins. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Lower-cased name and tags, kept by the portfolio service for trigram search. */
    searchText: text('search_text').notNull().default(''),
    /** Editors: samples in the portfolio, kept with search_text so the public counts need no join. */
    sampleCount: integer('sample_count').notNull().default(0),
    /** Editors: the portfolio has at least one tier (counted as 'with portfolio' on /portfolio). */
    hasTiers: boolean('has_tiers').notNull().default(false),
    // ---- The editor's catalogue fields: kept on this row (modules/portfolio/catalogue-fields.ts and
    // modules/reviews) so the public list sorts, filters and counts over one table with no join.
    /** Distinct lower-cased tags of the editor's samples: the exact-tag filter (GIN). */
    catalogueTags: text('catalogue_tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Rupees: each tier's starting price (null: no such tier, or no price), and the lowest of them. */
    priceBasic: integer('price_basic'),
    priceIntermediate: integer('price_intermediate'),
    pricePro: integer('price_pro'),
    priceFrom: integer('price_from'),
    /** The shortest delivery time any priced tier states (its deliveryDays). */
    fastestDays: integer('fastest_days'),
    /** Visible reviews (hidden ones leave both). */
    ratingCount: integer('rating_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    /** Rating sort key: the average pulled toward the marketplace prior while reviews are few; null: none. */
    ratingScore: doublePrecision('rating_score'),
    completedOrders: integer('completed_orders').notNull().default(0),
    /** Completed orders never marked late. */
    onTimeOrders: integer('on_time_orders').notNull().default(0),
    /** Orders whose dispute admins decided against the editor (a full or partial refund). */
    disputesLost: integer('disputes_lost').notNull().default(0),
    /** The 'Recommended' sort key (contracts' recommendedScore). */
    recommendedScore: doublePrecision('recommended_score').notNull().default(0),
    /** Granted by an admin. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Profile photo (public media keys): 512 px square and a 128 px one for cards. */
    photoKey: text('photo_key'),
    photoThumbKey: text('photo_thumb_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_canonical_uq').on(t.usernameCanonical),
    uniqueIndex('users_email_uq').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // The public list's sort orders and tag filter, over live editors only.
    index('users_editor_recommended_idx')
      .on(sql`${t.recommendedScore} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(LIVE_EDITOR),
    index('users_editor_rating_idx')
      .on(sql`${t.ratingScore} desc nulls last`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(LIVE_EDITOR),
    index('users_editor_price_idx')
      .on(sql`${t.priceFrom} asc nulls last`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(LIVE_EDITOR),
    index('users_editor_fastest_idx')
      .on(sql`${t.fastestDays} asc nulls last`, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(LIVE_EDITOR),
    index('users_editor_tags_idx').using('gin', t.catalogueTags).where(LIVE_EDITOR),
    // Also users_editor_counts_idx (migration 0013; Drizzle cannot declare INCLUDE columns): price_from
    // INCLUDE (has_tiers, sample_count, each tier's price), so the counts above the list under price and
    // tier filters are an index-only scan instead of a pass over every editor's whole row.
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const otpPurpose = pgEnum('otp_purpose', ['verify_email', 'reset_password']);

export const otps = pgTable(
  'otps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: otpPurpose('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when a reset code is verified: it then allows one reset until resetUntil. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    resetUntil: timestamp('reset_until', { withTimezone: true }),
    /** SHA-256 of the single-use reset token handed to the client that verified the code. */
    resetTokenHash: text('reset_token_hash'),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otps_email_purpose_idx').on(t.email, t.purpose, t.createdAt)],
);

/**
 * Each sign-up of a not-yet-verified address: the password it chose, and the SHA-256 of the random token
 * the registering browser holds (the `cutroom_signup` cookie). The code proves the inbox; the token says
 * which of several registrations the person typing it made, so only their password is activated.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    browserTokenHash: text('browser_token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('pending_registrations_email_idx').on(t.email, t.createdAt)],
);

/**
 * Browsers that have logged in to an account: the SHA-256 of the random `cutroom_device` cookie. Their
 * failed logins are counted on their own and the account-wide backstop does not apply to them, so guesses
 * spread over many addresses cannot lock the owner out of a device they already use.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tokenHash, t.userId] }), index('known_devices_user_idx').on(t.userId)],
);
