import { randomBytes } from 'node:crypto';
import { canonicalUsername } from '@cutroom/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { SeedStep } from '../../lib/seeds';
import { isUniqueViolation } from './db-errors';
import { hashPassword } from './password';

/**
 * Creates the first admin when no live admin exists: ADMIN_USERNAME / ADMIN_PASSWORD, or a random
 * password written once to the log (there is no other way to learn it, and it is never stored in clear).
 */
export const firstAdminStep: SeedStep = {
  name: 'first admin',
  async run(app) {
    const [existing] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
      .limit(1);
    if (existing) return;
    const username = app.config.ADMIN_USERNAME;
    const given = app.config.ADMIN_PASSWORD;
    const password = given ?? randomBytes(12).toString('base64url');
    try {
      await app.db.insert(users).values({
        role: 'admin',
        username,
        usernameCanonical: canonicalUsername(username),
        passwordHash: await hashPassword(password),
        searchText: username.toLowerCase(),
      });
    } catch (err) {
      // Another instance starting at the same moment created it first; or the name belongs to someone else.
      if (!isUniqueViolation(err)) throw err;
      app.log.warn({ username }, 'first admin not created: the username is already taken');
      return;
    }
    if (given) app.log.info({ username }, 'first admin created from ADMIN_USERNAME / ADMIN_PASSWORD');
    else {
      app.log.warn(
        `first admin created: username "${username}", password "${password}" (shown only now; change it at /admin/dashboard/update-password)`,
      );
    }
  },
};
