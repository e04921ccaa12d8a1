import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pendingRegistrations } from '../../db/schema';

// Which registration of an unverified address a browser made. The inbox's code proves who owns the
// address, but not which password they chose: a stranger may register the same address too.

/** The `cutroom_signup` cookie lives this long: longer than any code, so one browser can ask again. */
export const REGISTRATION_TTL_MS = 24 * 60 * 60 * 1000;
export const SIGNUP_COOKIE = 'cutroom_signup';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const newBrowserToken = () => randomBytes(32).toString('base64url');

const staleBefore = () => new Date(Date.now() - REGISTRATION_TTL_MS);

/**
 * Keeps this registration with the hash of its browser's token; true when the address already had
 * another registration within the day (its owner's next code mail says so). Older ones go first.
 */
export async function addRegistration(
  db: Db,
  email: string,
  passwordHash: string,
  browserToken: string,
): Promise<boolean> {
  await db
    .delete(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), lt(pendingRegistrations.createdAt, staleBefore())));
  const earlier = await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .limit(1);
  await db
    .insert(pendingRegistrations)
    .values({ email, passwordHash, browserTokenHash: sha256(browserToken) });
  return earlier.length > 0;
}

/**
 * The registration whose password a verified code activates: the one this browser made; else the
 * address's only one within the day; 'ambiguous' when there were several and none from this browser;
 * undefined when there is none (the account keeps the password it has).
 */
export async function registrationFor(
  db: Db,
  email: string,
  browserToken: string | undefined,
): Promise<{ passwordHash: string } | 'ambiguous' | undefined> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.email, email))
    .orderBy(desc(pendingRegistrations.createdAt));
  const live = rows.filter((r) => r.createdAt >= staleBefore());
  const mine = browserToken ? live.find((r) => r.browserTokenHash === sha256(browserToken)) : undefined;
  if (mine) return mine;
  if (live.length === 1) return live[0];
  return live.length > 1 ? 'ambiguous' : undefined;
}

export async function forgetRegistrations(db: Db, email: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}
