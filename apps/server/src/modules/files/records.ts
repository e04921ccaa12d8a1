import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderFiles } from '../../db/schema';

export type OrderFileRow = typeof orderFiles.$inferSelect;

/** Statuses whose bytes count against the order's footage limit: under way, being checked, or kept. */
export const COUNTED_STATUSES = ['uploading', 'checking', 'ready'] as const;

/** Bytes of footage an order holds or is receiving. */
export async function footageBytesOf(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${orderFiles.sizeBytes}), 0)` })
    .from(orderFiles)
    .where(
      and(
        eq(orderFiles.orderId, orderId),
        eq(orderFiles.kind, 'footage'),
        inArray(orderFiles.status, [...COUNTED_STATUSES]),
      ),
    );
  return Number(row?.used ?? 0);
}

export async function findByTusId(db: Db, tusId: string): Promise<OrderFileRow | null> {
  const [row] = await db.select().from(orderFiles).where(eq(orderFiles.tusId, tusId));
  return row ?? null;
}

/** Uploads of a kind still arriving or being checked for an order (a kind may cap them). */
export async function uploadsUnderWay(
  db: Db,
  orderId: string,
  kind: 'footage' | 'delivery',
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orderFiles)
    .where(
      and(
        eq(orderFiles.orderId, orderId),
        eq(orderFiles.kind, kind),
        inArray(orderFiles.status, ['uploading', 'checking']),
      ),
    );
  return Number(row?.n ?? 0);
}
