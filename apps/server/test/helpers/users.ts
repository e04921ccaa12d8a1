import { randomBytes } from 'node:crypto';
import type { Role } from '@cutroom/contracts';
import type { Db } from '../../src/db/client';
import { users } from '../../src/db/schema';
import { hashPassword } from '../../src/modules/auth/password';
import { createSession } from '../../src/modules/auth/session-service';
import { giveTaxProfile, type TaxProfileFixture } from './tax';

export interface TestUser {
  id: string;
  role: Role;
  username: string;
  email: string | null;
  password: string;
  /** A live session token for the Bearer header. */
  token: string;
}

const unique = () => randomBytes(4).toString('hex');

/**
 * Inserts a ready-to-use account straight into the database and opens a session for it. An editor gets
 * the default tax profile (helpers/tax.ts) unless `taxProfile` is given, or `null` for none.
 */
export async function createTestUser(
  db: Db,
  role: Role,
  fields: {
    username?: string;
    email?: string | null;
    password?: string;
    taxProfile?: TaxProfileFixture | null;
  } = {},
): Promise<TestUser> {
  const password = fields.password ?? 'secret123';
  const username = fields.username ?? (role === 'creator' ? `creator-${unique()}` : `${role}${unique()}`);
  const email =
    fields.email === undefined ? (role === 'creator' ? `${username}@example.com` : null) : fields.email;
  const [row] = await db
    .insert(users)
    .values({
      role,
      username,
      email,
      passwordHash: await hashPassword(password),
      emailVerifiedAt: email ? new Date() : null,
      searchText: username.toLowerCase(),
    })
    .returning();
  if (role === 'editor' && fields.taxProfile !== null) await giveTaxProfile(db, row!.id, fields.taxProfile);
  const { token } = await createSession(db, row!.id);
  return { id: row!.id, role, username, email, password, token };
}
