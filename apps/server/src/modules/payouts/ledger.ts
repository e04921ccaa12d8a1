import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEarnings, payoutBalances, payoutLedger } from '../../db/schema';
import {
  LEDGER_ACCOUNTS,
  balancesOf,
  type Balances,
  type LedgerAccount,
  type LedgerKind,
  type LedgerLine,
} from './rules';

export interface LedgerEvent {
  /** Names the event once: posting the same key again changes nothing (webhook repeats, job retries). */
  key: string;
  kind: LedgerKind;
  editorId: string;
  orderId?: string | null;
  settlementId?: string | null;
  lines: LedgerLine[];
}

/**
 * Appends one event's lines, which must sum to zero (money moves, it never appears). True when posted,
 * false when the key was posted before. Zero lines are left out; an event of only zeros posts nothing.
 */
export async function post(tx: Db, event: LedgerEvent): Promise<boolean> {
  const total = event.lines.reduce((sum, l) => sum + l.amountPaise, 0);
  if (total !== 0) throw new Error(`ledger event ${event.key} does not balance (${total})`);
  const lines = event.lines.filter((l) => l.amountPaise !== 0);
  if (lines.length === 0) return false;
  const rows = await tx
    .insert(payoutLedger)
    .values(
      lines.map((l) => ({
        eventKey: event.key,
        kind: event.kind,
        account: l.account,
        editorId: event.editorId,
        orderId: event.orderId ?? null,
        settlementId: event.settlementId ?? null,
        amountPaise: l.amountPaise,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: payoutLedger.id });
  if (rows.length === 0) return false;
  // The running totals move in the same transaction; an event's lines are one per account.
  await tx
    .insert(payoutBalances)
    .values(lines.map((l) => ({ editorId: event.editorId, account: l.account, amountPaise: l.amountPaise })))
    .onConflictDoUpdate({
      target: [payoutBalances.editorId, payoutBalances.account],
      set: { amountPaise: sql`${payoutBalances.amountPaise} + excluded.amount_paise` },
    });
  return true;
}

const sumOf = sql<string>`coalesce(sum(${payoutLedger.amountPaise}), 0)`;

/** An editor's balances: three rows of the running totals. */
export async function editorBalances(db: Db, editorId: string): Promise<Balances> {
  return (await balancesForEditors(db, [editorId])).get(editorId) ?? balancesOf({});
}

export async function balancesForEditors(db: Db, editorIds: string[]): Promise<Map<string, Balances>> {
  const out = new Map<string, Balances>();
  if (editorIds.length === 0) return out;
  const rows = await db
    .select()
    .from(payoutBalances)
    .where(
      and(
        inArray(payoutBalances.editorId, editorIds),
        inArray(payoutBalances.account, ['editor_pending', 'editor_available', 'editor_paid_out']),
      ),
    );
  const sums = new Map<string, Partial<Record<LedgerAccount, number>>>();
  for (const r of rows) {
    const s = sums.get(r.editorId) ?? {};
    s[r.account as LedgerAccount] = Number(r.amountPaise);
    sums.set(r.editorId, s);
  }
  for (const id of editorIds) out.set(id, balancesOf(sums.get(id) ?? {}));
  return out;
}

/** What one order still holds in an account (its pending share before clearing). */
export async function orderAccountPaise(tx: Db, orderId: string, account: LedgerAccount): Promise<number> {
  const [row] = await tx
    .select({ paise: sumOf })
    .from(payoutLedger)
    .where(and(eq(payoutLedger.orderId, orderId), eq(payoutLedger.account, account)));
  return Number(row?.paise ?? 0);
}

const emptyTotals = (): Record<LedgerAccount, number> =>
  Object.fromEntries(LEDGER_ACCOUNTS.map((a) => [a, 0])) as Record<LedgerAccount, number>;

/** Every account's total, from the running totals (one row per editor and account). */
export async function ledgerTotals(db: Db): Promise<Record<LedgerAccount, number>> {
  const rows = await db
    .select({ account: payoutBalances.account, paise: sql<string>`sum(${payoutBalances.amountPaise})` })
    .from(payoutBalances)
    .groupBy(payoutBalances.account);
  const totals = emptyTotals();
  for (const r of rows) totals[r.account as LedgerAccount] = Number(r.paise);
  return totals;
}

/** The same totals recounted from every ledger line: what checks compare the running totals with. */
export async function recountLedger(db: Db): Promise<Record<LedgerAccount, number>> {
  const rows = await db
    .select({ account: payoutLedger.account, paise: sumOf })
    .from(payoutLedger)
    .groupBy(payoutLedger.account);
  const totals = emptyTotals();
  for (const r of rows) totals[r.account as LedgerAccount] = Number(r.paise);
  return totals;
}

/**
 * What each of an editor's orders still holds as pending, oldest paid first (where a settlement that ran
 * ahead of our clearing takes its money from).
 */
export async function pendingByOrder(
  db: Db,
  editorId: string,
): Promise<{ orderId: string; pendingPaise: number }[]> {
  const rows = await db
    .select({ orderId: payoutLedger.orderId, paise: sumOf })
    .from(payoutLedger)
    .innerJoin(orderEarnings, eq(orderEarnings.orderId, payoutLedger.orderId))
    .where(and(eq(payoutLedger.editorId, editorId), eq(payoutLedger.account, 'editor_pending')))
    .groupBy(payoutLedger.orderId, orderEarnings.paidAt)
    .having(sql`sum(${payoutLedger.amountPaise}) > 0`)
    .orderBy(orderEarnings.paidAt, payoutLedger.orderId);
  return rows.map((r) => ({ orderId: r.orderId!, pendingPaise: Number(r.paise) }));
}
