import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Role } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { knownDevices, users } from '../../db/schema';

// A browser that has logged in to an account before is its owner's way in while someone guesses at the
// account from many addresses: its failures count on their own, and the account-wide backstop, which
// would otherwise lock everybody out, does not apply to it (auth-limits.ts).

export const DEVICE_COOKIE = 'cutroom_device';
export const KNOWN_DEVICE_DAYS = 180;
const KNOWN_DEVICE_MS = KNOWN_DEVICE_DAYS * 24 * 60 * 60 * 1000;
/** newDeviceToken's shape: anything else in the cookie is ignored, not looked up. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newDeviceToken = () => randomBytes(32).toString('base64url');
const usable = (token: string | undefined): token is string => !!token && TOKEN_SHAPE.test(token);

/** How login names the account: a creator by e-mail, an editor or admin by canonical username. */
export type LoginName =
  { role: 'creator'; email: string } | { role: Exclude<Role, 'creator'>; canonical: string };

/**
 * The hash of this browser's device token when it has logged in to the named account within
 * KNOWN_DEVICE_DAYS; null otherwise. Looked up before the password is checked, so it may only change how
 * failures are counted, never whether the password is accepted.
 */
export async function knownDeviceOf(
  db: Db,
  token: string | undefined,
  name: LoginName,
): Promise<string | null> {
  if (!usable(token)) return null;
  const tokenHash = sha256(token);
  const [row] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .innerJoin(users, eq(users.id, knownDevices.userId))
    .where(
      and(
        eq(knownDevices.tokenHash, tokenHash),
        gt(knownDevices.lastLoginAt, new Date(Date.now() - KNOWN_DEVICE_MS)),
        eq(users.role, name.role),
        name.role === 'creator' ? eq(users.email, name.email) : eq(users.usernameCanonical, name.canonical),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ? tokenHash : null;
}

/**
 * Records a successful login from this browser (a new token when it has none) and returns the token for
 * its cookie. The user's devices unused for KNOWN_DEVICE_DAYS go at the same time.
 */
export async function rememberDevice(db: Db, token: string | undefined, userId: string): Promise<string> {
  const deviceToken = usable(token) ? token : newDeviceToken();
  await db
    .insert(knownDevices)
    .values({ tokenHash: sha256(deviceToken), userId })
    .onConflictDoUpdate({
      target: [knownDevices.tokenHash, knownDevices.userId],
      set: { lastLoginAt: sql`now()` },
    });
  await db
    .delete(knownDevices)
    .where(
      and(
        eq(knownDevices.userId, userId),
        lt(knownDevices.lastLoginAt, new Date(Date.now() - KNOWN_DEVICE_MS)),
      ),
    );
  return deviceToken;
}
