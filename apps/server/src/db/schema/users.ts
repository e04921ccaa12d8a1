import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_canonical_uq').on(t.usernameCanonical),
    uniqueIndex('users_email_uq').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
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
    /**
     * 'verify_email': argon2 hash of the password submitted with the registration this code was sent for;
     * verifying the code activates exactly that password.
     */
    passwordHash: text('password_hash'),
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
