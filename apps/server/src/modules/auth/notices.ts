import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { notifier } from '../notifications';

/** A security notice: always sent, whatever the person's settings. */
export async function notifyPasswordChanged(app: FastifyInstance, userId: string): Promise<void> {
  const [user] = await app.db
    .select({ id: users.id, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  const at = new Date();
  const link = user.role === 'creator' ? '/forgot-password' : '/profile';
  await notifier(app).notify([
    {
      userId: user.id,
      kind: 'password_changed',
      title: 'Your password was changed',
      body: 'If this was not you, reset your password now.',
      link,
      dedupeKey: `password:${at.getTime()}`,
      mail: { kind: 'password_changed', username: user.username, at: at.toISOString(), link },
    },
  ]);
}
