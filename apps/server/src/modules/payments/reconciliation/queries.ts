import { and, desc, eq, sql } from 'drizzle-orm';
import {
  orderReference,
  RECONCILIATION_FINDING_LABELS,
  rupeesFromPaise,
  type ReconciliationFinding,
  type ReconciliationFindingKind,
  type ReconciliationQuery,
  type ReconciliationRun,
} from '@cutroom/contracts';
import type { Db } from '../../../db/client';
import { orders, reconciliationFindings, reconciliationRuns } from '../../../db/schema';
import { keysetTime, olderThan, pageOf, readCursor } from '../../../lib/pagination';

type RunRow = typeof reconciliationRuns.$inferSelect;

export function toRun(row: RunRow, findings: number): ReconciliationRun {
  return {
    id: row.id,
    trigger: row.trigger,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    checked: row.checked,
    findings,
    error: row.error,
  };
}

/** The findings, newest first, a page at a time; each with its order's reference. */
export async function listFindings(db: Db, query: ReconciliationQuery) {
  const cursor = readCursor(query.cursor);
  const rows = await db
    .select({
      finding: reconciliationFindings,
      at: keysetTime(reconciliationFindings.createdAt),
      number: orders.number,
    })
    .from(reconciliationFindings)
    .leftJoin(orders, eq(orders.id, reconciliationFindings.cutroomOrderId))
    .where(
      and(
        query.kind ? eq(reconciliationFindings.kind, query.kind) : undefined,
        olderThan(cursor, reconciliationFindings.createdAt, reconciliationFindings.id),
      ),
    )
    .orderBy(desc(reconciliationFindings.createdAt), desc(reconciliationFindings.id))
    .limit(query.limit + 1);
  const page = pageOf(rows, query.limit, (r) => ({ at: r.at, id: r.finding.id }));
  return {
    items: page.data.map(({ finding: f, number }): ReconciliationFinding => {
      const kind = f.kind as ReconciliationFindingKind;
      return {
        id: f.id,
        kind,
        kindLabel: RECONCILIATION_FINDING_LABELS[kind] ?? f.kind,
        gatewayOrderId: f.gatewayOrderId,
        orderId: f.cutroomOrderId,
        orderReference: number == null ? null : orderReference(number),
        amount: f.amountPaise == null ? null : rupeesFromPaise(f.amountPaise),
        found: f.found,
        action: f.action,
        createdAt: f.createdAt.toISOString(),
      };
    }),
    nextCursor: page.nextCursor,
  };
}

/** The latest run, with how many findings it recorded. */
export async function lastRun(db: Db): Promise<ReconciliationRun | null> {
  const [row] = await db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt))
    .limit(1);
  return row ? toRun(row, await findingsOfRun(db, row.id)) : null;
}

export async function findingsOfRun(db: Db, runId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.runId, runId));
  return Number(row?.n ?? 0);
}
