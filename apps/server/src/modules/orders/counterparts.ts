import { eq } from 'drizzle-orm';
import { ORDER_MESSAGES } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { chatRooms, users } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { OrderRow } from './records';

/** Why work in this room cannot be taken on or paid for now; null when it can. */
export function closedForWork(room: {
  isFrozen: boolean;
  isEnded: boolean;
  editorDeleted: boolean;
}): string | null {
  if (room.editorDeleted) return ORDER_MESSAGES.editorGone;
  if (room.isEnded) return ORDER_MESSAGES.roomEnded;
  if (room.isFrozen) return ORDER_MESSAGES.roomFrozen;
  return null;
}

/**
 * Accepting or paying commits the creator to work the editor must be able to do: refused (409, with the
 * reason) when an admin deleted the editor or froze or ended the room. Called with the order locked; the
 * room and the editor are read FOR SHARE, so a freeze or a deletion at the same moment waits for this
 * transaction, or this one sees it.
 */
export async function assertOpenForWork(tx: Db, order: Pick<OrderRow, 'roomId' | 'editorId'>): Promise<void> {
  const [row] = await tx
    .select({ isFrozen: chatRooms.isFrozen, isEnded: chatRooms.isEnded, deletedAt: users.deletedAt })
    .from(chatRooms)
    .innerJoin(users, eq(users.id, chatRooms.editorId))
    .where(eq(chatRooms.id, order.roomId))
    .for('share');
  const why = row
    ? closedForWork({ ...row, editorDeleted: row.deletedAt !== null })
    : ORDER_MESSAGES.notFound;
  if (why) throw conflict(why);
}
