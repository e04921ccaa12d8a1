import type { AppNotification } from '@cutroom/contracts';
import type { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): AppNotification {
  return {
    _id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    roomId: row.roomId,
    orderId: row.orderId,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
