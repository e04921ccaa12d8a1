import { and, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../db/schema';
import { userChannel } from '../../plugins/realtime';

/**
 * Closes the open sockets of a user whose sessions were revoked (logout, password change or reset,
 * editor removal), on every instance: a socket authenticated by an ended session must stop receiving
 * events at once, not only at its next write.
 */
export async function disconnectRevokedSockets(app: FastifyInstance, userId: string): Promise<void> {
  try {
    const sockets = await app.io.in(userChannel(userId)).fetchSockets();
    if (sockets.length === 0) return;
    const live = new Set(
      (
        await app.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      ).map((r) => r.id),
    );
    for (const socket of sockets) if (!live.has(socket.data.user?.sessionId)) socket.disconnect(true);
  } catch (err) {
    app.log.warn({ err }, 'could not close revoked sockets');
  }
}
