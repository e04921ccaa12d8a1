import { USERNAME_MESSAGES, canonicalUsername, usernameProblem, usernameSkeleton } from '@cutroom/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/http-error';

/**
 * The checks of a new editor name (register-editor and rename), in order:
 * 1. its characters (usernameProblem): 400 with the rule's message;
 * 2. `taken`: an account already has the same canonical form (the caller answers 409, as before);
 * 3. it looks like another editor's or admin's name (same usernameSkeleton): 400.
 * Creators' generated handles are kept apart by the unique canonical form only: comparing skeletons
 * with every creator would read the whole table for each new editor.
 * Returns the canonical form to store.
 */
export async function checkNewUsername(
  db: Db,
  username: string,
  taken: () => Error,
  ownId?: string,
): Promise<string> {
  const problem = usernameProblem(username);
  if (problem) throw badRequest(problem);
  const canonical = canonicalUsername(username);
  const [same] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.usernameCanonical, canonical))
    .limit(1);
  if (same && same.id !== ownId) throw taken();
  const skeleton = usernameSkeleton(username);
  const others = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.role, ['editor', 'admin']));
  if (others.some((o) => o.id !== ownId && usernameSkeleton(o.username) === skeleton)) {
    throw badRequest(USERNAME_MESSAGES.tooSimilar);
  }
  return canonical;
}
