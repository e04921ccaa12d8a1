import { and, eq } from 'drizzle-orm';
import { chatRooms } from '../../src/db/schema';
import type { AuthzContext } from './types';

/**
 * The matrix creator's and editor's room. A pair has one room (chat_rooms_pair_uq) and the row factories
 * run concurrently, so every factory that needs this room asks here: the insert yields to a concurrent
 * one instead of failing, and the read then finds whichever committed.
 */
export async function matrixPairRoom({ server, users }: AuthzContext) {
  const pair = { creatorId: users.creator.id, editorId: users.editor.id };
  await server.db.insert(chatRooms).values(pair).onConflictDoNothing();
  const [room] = await server.db
    .select()
    .from(chatRooms)
    .where(and(eq(chatRooms.creatorId, pair.creatorId), eq(chatRooms.editorId, pair.editorId)));
  if (!room) throw new Error('the matrix pair has no room');
  return room;
}
