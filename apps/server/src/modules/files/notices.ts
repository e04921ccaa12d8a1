import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { formatBytes, orderReference } from '@cutroom/contracts';
import { orders, users } from '../../db/schema';
import { notifier } from '../notifications';
import type { OrderFileRow } from './records';

const HOUR = 3_600_000;

/**
 * The editor hears that footage arrived: one notice (bell, live, e-mail) per order per hour, naming the
 * first file, so twenty files picked at once are one mail, not twenty. Logged and dropped on failure: the
 * file stands, and the order's list shows it.
 */
export async function notifyFootageAdded(app: FastifyInstance, file: OrderFileRow): Promise<void> {
  if (file.kind !== 'footage') return;
  try {
    const [row] = await app.db
      .select({ order: orders, creator: users.username })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.creatorId))
      .where(eq(orders.id, file.orderId));
    if (!row) return;
    const { order } = row;
    const ref = orderReference(order.number);
    const link = `/chat?roomId=${order.roomId}`;
    const size = formatBytes(file.sizeBytes);
    await notifier(app).notify([
      {
        userId: order.editorId,
        kind: 'footage_added',
        roomId: order.roomId,
        orderId: order.id,
        link,
        dedupeKey: `order:${order.id}:footage:${Math.floor(Date.now() / HOUR)}`,
        title: `New footage for ${ref}`,
        body: `${row.creator} added "${file.name}" (${size}) to "${order.title}"`,
        mail: {
          kind: 'footage_added',
          creator: row.creator,
          orderRef: ref,
          title: order.title,
          fileName: file.name,
          size,
          link,
        },
      },
    ]);
  } catch (err) {
    app.log.error({ err, fileId: file.id }, 'footage notice not filed');
  }
}
