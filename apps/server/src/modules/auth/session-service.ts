import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { User } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../plugins/current-user';
import { sessions, users } from '../../db/schema';

export const SESSION_COOKIE = 'cutroom_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** The signed-in user as the server needs it; never sent to a client as is. */
export type { SessionUser } from '../../plugins/current-user';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: Db, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function findSessionUser(db: Db, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      email: users.email,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Whether a session (by id) is still valid and its user not deleted: long-lived sockets ask it per write. */
export async function isSessionLive(db: Db, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}

export async function revokeSessionByToken(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Ends every session of a user except, optionally, the one making the change. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    );
}

/** The user as the user themself sees it (SPEC.md §3); e-mail only to its owner. */
export function toOwnUser(user: Pick<SessionUser, 'id' | 'role' | 'username' | 'email'>): User {
  return {
    _id: user.id,
    role: user.role,
    username: user.username,
    ...(user.email ? { email: user.email } : {}),
  };
}
