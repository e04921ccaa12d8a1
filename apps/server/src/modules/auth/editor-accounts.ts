import { and, eq, isNull } from 'drizzle-orm';
import { canonicalUsername } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from './db-errors';
import { revokeUserSessions } from './session-service';
import { checkNewUsername } from './usernames';

/**
 * Editor accounts as other modules change them (the portfolio's admin pages and demo data): the users
 * row belongs to this module, so the account's name, existence and sessions change only here.
 */

/** A new editor account with an already hashed password (demo data); returns its id. */
export async function createEditorAccount(
  db: Db,
  input: { username: string; passwordHash: string; createdAt?: Date },
): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({
      role: 'editor',
      username: input.username,
      usernameCanonical: canonicalUsername(input.username),
      passwordHash: input.passwordHash,
      searchText: input.username.toLowerCase(),
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * Renames an editor: the name must pass the username rule (400, as at register-editor: no look-alike of
 * another editor's or admin's name); `taken()` (the caller's 409) when any account already has its
 * canonical form, found first or by the unique index in a race.
 */
export async function renameEditorAccount(
  db: Db,
  id: string,
  username: string,
  taken: () => Error,
): Promise<void> {
  const usernameCanonical = await checkNewUsername(db, username, taken, id);
  try {
    await db.update(users).set({ username, usernameCanonical }).where(eq(users.id, id));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * Soft-deletes a live editor (DESIGN.md §4): hidden everywhere public, unable to log in, every session
 * ended; rooms and payments stay for admins. False when there is no live editor with this id.
 */
export async function removeEditorAccount(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ deletedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, 'editor'), isNull(users.deletedAt)))
    .returning({ id: users.id });
  if (!row) return false;
  await revokeUserSessions(db, id);
  return true;
}
