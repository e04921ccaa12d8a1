import { createHash, randomBytes } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client';
import { hashPassword } from '../../apps/server/src/modules/auth/password';
import { refreshCatalogueFields } from '../../apps/server/src/modules/portfolio/editors-service';
import { rescoreEditor } from '../../apps/server/src/modules/portfolio/catalogue-fields';

/** Runs SQL on either driver and returns its rows. */
export async function rows<T = Record<string, unknown>>(db: Db, query: SQL | string): Promise<T[]> {
  const result = (await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown as {
    rows: T[];
  };
  return result.rows;
}

const FIRST_NAMES = [
  'aarav',
  'priya',
  'rohan',
  'ananya',
  'vikram',
  'meera',
  'arjun',
  'kavya',
  'ishaan',
  'diya',
  'kabir',
  'sara',
  'dev',
  'nisha',
  'aditya',
  'tara',
  'neil',
  'riya',
  'yash',
  'zoya',
  'omar',
  'lena',
  'marco',
  'sofia',
  'jonas',
  'emma',
  'lucas',
  'mia',
  'noah',
  'ava',
  'kenji',
  'yuki',
  'mateo',
  'lucia',
  'felix',
  'ines',
  'hugo',
  'nora',
  'ravi',
  'asha',
];
const LAST_NAMES = [
  'sharma',
  'verma',
  'iyer',
  'nair',
  'gupta',
  'mehta',
  'reddy',
  'khan',
  'das',
  'bose',
  'patel',
  'singh',
  'rao',
  'joshi',
  'kapoor',
  'malik',
  'silva',
  'costa',
  'weber',
  'moreau',
  'tanaka',
  'kim',
  'lopez',
  'rossi',
  'novak',
  'berg',
  'fischer',
  'dubois',
  'santos',
  'ali',
];
/** 24 tags: a tag is on about 1 editor in 8, a realistic "search by tag" selectivity. */
export const TAGS = [
  'wedding',
  'gaming',
  'travel',
  'vlog',
  'reels',
  'shorts',
  'documentary',
  'music video',
  'fitness',
  'food',
  'fashion',
  'tech review',
  'podcast',
  'anime',
  'esports',
  'real estate',
  'corporate',
  'education',
  'motion graphics',
  'color grading',
  'cinematic',
  'youtube',
  'instagram',
  'tiktok',
];

/** The username seedEditors gives editor number i (1-based), computed as its SQL does. */
export function seededEditorName(i: number): string {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
  return `${first}_${last}_${i}`;
}

const pgTextArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

let cachedHash: Promise<string> | undefined;
/** One real argon2id hash shared by every seeded account (hashing 100,000 would take minutes). */
export const seedPasswordHash = () => (cachedHash ??= hashPassword('bench-password'));

export interface SeedEditorsOptions {
  count: number;
  /** Image samples per editor (0 for none). */
  samplesPerEditor?: number;
}

/**
 * Inserts `count` editors with a full portfolio (three tiers, what's included) and image samples, in a
 * handful of set-based statements. Names look like `priya_sharma_123`; search_text holds the lower-cased
 * name and the editor's three tags, as the portfolio service keeps it.
 */
export async function seedEditors(db: Db, opts: SeedEditorsOptions): Promise<void> {
  const passwordHash = (await seedPasswordHash()).replace(/'/g, "''");
  const samples = opts.samplesPerEditor ?? 2;
  const src = `bench_seed_${randomBytes(4).toString('hex')}`;
  const nf = FIRST_NAMES.length;
  const nl = LAST_NAMES.length;
  const nt = TAGS.length;
  await rows(
    db,
    `CREATE UNLOGGED TABLE ${src} AS
     SELECT i, gen_random_uuid() AS id,
       (${pgTextArray(FIRST_NAMES)})[1 + i % ${nf}] || '_' || (${pgTextArray(LAST_NAMES)})[1 + (i / ${nf}) % ${nl}] || '_' || i AS username,
       (${pgTextArray(TAGS)})[1 + i % ${nt}] AS t1,
       (${pgTextArray(TAGS)})[1 + (i * 7 + 3) % ${nt}] AS t2,
       (${pgTextArray(TAGS)})[1 + (i * 11 + 5) % ${nt}] AS t3
     FROM generate_series(1, ${opts.count}) AS i`,
  );
  try {
    await rows(
      db,
      `INSERT INTO users (id, role, username, password_hash, search_text, created_at)
       SELECT id, 'editor', username, '${passwordHash}',
              lower(username || ' ' || t1 || ' ' || t2 || ' ' || t3),
              now() - i * interval '1 second'
       FROM ${src}`,
    );
    // Each tier states its delivery days and revisions, as the structure editor saves them.
    const terms: Record<string, [number, number]> = { basic: [3, 1], intermediate: [5, 2], pro: [4, 1] };
    const tier = (title: string, min: number, max: string, features: string[]) =>
      `jsonb_build_object('title', '${title}', 'description', 'The ${title} cut: pacing, cleanup and delivery in every aspect ratio you need.',
        'features', '${JSON.stringify(features)}'::jsonb,
        'deliveryDays', ${terms[title]![0]}, 'revisions', ${terms[title]![1]},
        'pricing', jsonb_build_array(jsonb_build_object('reelCount', ${title === 'pro' ? 8 : title === 'basic' ? 2 : 4}, 'priceMin', ${min} + (i % 10) * 100${max})))`;
    await rows(
      db,
      `INSERT INTO editor_portfolios (editor_id, whats_included, tiers)
       SELECT id, '["Background Music","Revisions","Stock Footage"]'::jsonb,
         jsonb_build_array(
           ${tier('basic', 999, '', ['1 revision', 'Trimming & cutting', 'Basic transitions', 'Audio leveling'])},
           ${tier('intermediate', 2499, ", 'priceMax', 3999 + (i % 10) * 100", ['Up to 2 revisions', 'Advanced transitions', 'Basic motion graphics', 'Creative color grading'])},
           ${tier('pro', 5999, ", 'priceMax', 9999 + (i % 10) * 100", ['Advanced motion graphics & animation', 'VFX & compositing', 'Advanced color grading', 'Express delivery'])})
       FROM ${src}`,
    );
    if (samples > 0) {
      await rows(
        db,
        `INSERT INTO portfolio_samples (editor_id, tier, storage_key, mime_type, size_bytes, tags)
         SELECT s.id, (ARRAY['basic','intermediate','pro']::tier_title[])[1 + n % 3],
                'samples/' || s.id || '/' || n || '.jpg', 'image/jpeg', 180000 + n,
                CASE WHEN n % 2 = 1 THEN jsonb_build_array(s.t1, s.t2) ELSE jsonb_build_array(s.t3) END
         FROM ${src} s CROSS JOIN generate_series(1, ${samples}) AS n`,
      );
    }
  } finally {
    await rows(db, `DROP TABLE ${src}`);
  }
  // Written straight into the tables above, so the server's derived fields are brought up to date the
  // way the portfolio service keeps them.
  await refreshCatalogueFields(db);
  for (const table of ['users', 'editor_portfolios', 'portfolio_samples']) await rows(db, `ANALYZE ${table}`);
}

export interface SeededUser {
  id: string;
  username: string;
  /** Bearer token of a live session. */
  token: string;
}

/** A session token derivable from the user id, so sessions for thousands of users are one INSERT … SELECT. */
const sessionToken = (runId: string, userId: string) => `bench_${runId}_${userId}`;
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Inserts `count` users of a role, each with a live session stored the way session-service's
 * createSession stores it (SHA-256 hex of the opaque token, 30-day expiry).
 */
export async function seedUsersWithSessions(
  db: Db,
  role: 'creator' | 'editor' | 'admin',
  count: number,
  prefix: string = role,
): Promise<SeededUser[]> {
  const passwordHash = (await seedPasswordHash()).replace(/'/g, "''");
  const runId = randomBytes(4).toString('hex');
  const email = role === 'creator' ? `'${prefix}-${runId}-' || i || '@bench.example'` : 'NULL';
  const users = await rows<{ id: string; username: string }>(
    db,
    `INSERT INTO users (role, username, email, password_hash, email_verified_at, search_text)
     SELECT '${role}', '${prefix}-${runId}-' || i, ${email}, '${passwordHash}', now(), '${prefix}-${runId}-' || i
     FROM generate_series(1, ${count}) AS i
     RETURNING id, username`,
  );
  await rows(
    db,
    `INSERT INTO sessions (token_hash, user_id, expires_at)
     SELECT encode(sha256(convert_to('bench_${runId}_' || id, 'UTF8')), 'hex'), id, now() + interval '30 days'
     FROM users WHERE username LIKE '${prefix}-${runId}-%'`,
  );
  return users.map((u) => ({ ...u, token: sessionToken(runId, u.id) }));
}

/**
 * Makes a seeded marketplace look like one with history (issue 15's search-scale): prices spread over
 * ×0.5–×4.4 per editor, a third without a pro tier and a fifth without a basic one; ratings on 70 % of
 * editors (1–400 reviews, averages 2.5–5), completed orders and punctuality, a verified badge on 1 in 10.
 * Deterministic (hashes of the ids). The aggregates are written as the reviews module keeps them; no
 * review rows are needed for the list, which reads only the aggregates.
 */
export async function seedTrustSignals(db: Db): Promise<void> {
  await rows(
    db,
    `UPDATE editor_portfolios p SET tiers = (
       SELECT coalesce(jsonb_agg(jsonb_set(t, '{pricing,0,priceMin}',
         to_jsonb(round((t->'pricing'->0->>'priceMin')::numeric * (0.5 + (abs(hashtext(p.editor_id::text)) % 40) / 10.0))::int))
         ORDER BY ord), '[]'::jsonb)
       FROM jsonb_array_elements(p.tiers) WITH ORDINALITY AS e(t, ord)
       WHERE NOT (t->>'title' = 'pro' AND abs(hashtext(p.editor_id::text || 'p')) % 3 = 0)
         AND NOT (t->>'title' = 'basic' AND abs(hashtext(p.editor_id::text || 'b')) % 5 = 0))`,
  );
  await refreshCatalogueFields(db);
  await rows(
    db,
    `UPDATE users SET
       rating_count = CASE WHEN h % 10 < 7 THEN 1 + h % 400 ELSE 0 END,
       rating_sum = CASE WHEN h % 10 < 7 THEN round((1 + h % 400) * (2.5 + (h / 400 % 26) / 10.0))::int ELSE 0 END,
       completed_orders = CASE WHEN h % 10 < 7 THEN 1 + h % 400 + h % 37 ELSE h % 3 END,
       verified_at = CASE WHEN h % 10 = 3 THEN now() END
     FROM (SELECT id AS hid, abs(hashtext(id::text || 'r')) AS h FROM users WHERE role = 'editor') x
     WHERE users.id = x.hid`,
  );
  await rows(
    db,
    `UPDATE users SET on_time_orders = completed_orders * (70 + abs(hashtext(id::text)) % 31) / 100 WHERE role = 'editor'`,
  );
  await rescoreEditor(db);
  await rows(db, 'ANALYZE users');
}
