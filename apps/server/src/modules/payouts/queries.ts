import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminSettlementsPage,
  EarningRow,
  EarningState,
  EarningsPage,
  EarningsSummary,
  PayoutFailure,
  Settlement,
  VendorState,
} from '@cutroom/contracts';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  orderEarnings,
  orders,
  payoutAccounts,
  payoutAdjustments,
  payoutLedger,
  payoutSettlements,
  users,
} from '../../db/schema';
import type { PayoutsContext } from './context';
import { balancesForEditors, editorBalances, ledgerTotals } from './ledger';
import type { Balances } from './rules';
import { toPayoutAccount } from './vendors';

const rupees = (paise: number) => paise / 100;
const toBalances = (b: Balances) => ({
  available: rupees(b.available),
  pending: rupees(b.pending),
  paidOut: rupees(b.paidOut),
});
const PAGE = 20;

function toSettlement(row: typeof payoutSettlements.$inferSelect): Settlement {
  return {
    id: row.id,
    amount: rupees(row.amountPaise),
    status: row.status,
    utr: row.utr,
    reason: row.reason,
    initiatedAt: row.initiatedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
  };
}

export async function earningsSummary(ctx: PayoutsContext, editorId: string): Promise<EarningsSummary> {
  const [balances, [account], settlements] = await Promise.all([
    editorBalances(ctx.db, editorId),
    ctx.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editorId)),
    ctx.db
      .select()
      .from(payoutSettlements)
      .where(eq(payoutSettlements.editorId, editorId))
      .orderBy(desc(payoutSettlements.createdAt))
      .limit(20),
  ]);
  return {
    balances: toBalances(balances),
    payoutAccount: account ? toPayoutAccount(account) : null,
    feePercent: ctx.terms.feePercent,
    clearingDays: ctx.config.PAYOUT_CLEARING_DAYS,
    settlements: settlements.map(toSettlement),
  };
}

function encodeCursor(paidAt: Date, orderId: string): string {
  return Buffer.from(`${paidAt.toISOString()}|${orderId}`).toString('base64url');
}

function beforeCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = iso ? new Date(iso) : null;
  if (!at || Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) return sql`false`;
  return or(lt(orderEarnings.paidAt, at), and(eq(orderEarnings.paidAt, at), lt(orderEarnings.orderId, id)));
}

/**
 * An editor's orders with their money, newest paid first. 'Paid out' is worked out oldest first: the
 * cleared shares, in the order they cleared, that the total paid out covers.
 */
export async function earningsPage(
  ctx: PayoutsContext,
  editorId: string,
  cursor: string | undefined,
): Promise<EarningsPage> {
  const rows = await ctx.db
    .select({ e: orderEarnings, number: orders.number, title: orders.title })
    .from(orderEarnings)
    .innerJoin(orders, eq(orders.id, orderEarnings.orderId))
    .where(and(eq(orderEarnings.editorId, editorId), beforeCursor(cursor)))
    .orderBy(desc(orderEarnings.paidAt), desc(orderEarnings.orderId))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const paidOutThrough = await paidOutCover(ctx.db, editorId);
  const items: EarningRow[] = page.map(({ e, number, title }) => {
    const share = e.sharePaise - e.editorRefundedPaise;
    const cleared = e.clearedAt !== null;
    const state: EarningState =
      share <= 0
        ? 'refunded'
        : !e.closedAt
          ? 'in_progress'
          : !cleared
            ? 'clearing'
            : paidOutThrough(e)
              ? 'paid_out'
              : 'available';
    return {
      orderId: e.orderId,
      reference: `CR-${number}`,
      title,
      paidAt: e.paidAt.toISOString(),
      gross: rupees(e.grossPaise - e.refundedPaise),
      refunded: rupees(e.refundedPaise),
      feePercent: e.feePercent,
      commission: rupees(e.grossPaise - e.refundedPaise - share),
      share: rupees(share),
      state,
      availableAt: e.clearsAt?.toISOString() ?? null,
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > PAGE && last ? encodeCursor(last.e.paidAt, last.e.orderId) : null,
  };
}

/** Which cleared orders the editor's total paid out covers, walking cleared shares oldest first. */
async function paidOutCover(db: Db, editorId: string) {
  const [{ paidOut }] = [await editorBalances(db, editorId)];
  const cleared = await db
    .select({
      orderId: orderEarnings.orderId,
      share: sql<number>`${orderEarnings.sharePaise} - ${orderEarnings.editorRefundedPaise}`,
    })
    .from(orderEarnings)
    .where(and(eq(orderEarnings.editorId, editorId), sql`${orderEarnings.clearedAt} is not null`))
    .orderBy(asc(orderEarnings.clearedAt), asc(orderEarnings.orderId));
  const covered = new Set<string>();
  let left = paidOut;
  for (const c of cleared) {
    if (left < Number(c.share)) break;
    left -= Number(c.share);
    covered.add(c.orderId);
  }
  return (e: { orderId: string }) => covered.has(e.orderId);
}

/** Every editor with money or payout details, by name; balances summed for the page's editors only. */
export async function adminPayouts(
  ctx: PayoutsContext,
  query: { q?: string; cursor?: string },
): Promise<AdminPayoutsPage> {
  const known = or(
    sql`exists (select 1 from ${payoutAccounts} where ${payoutAccounts.editorId} = ${users.id})`,
    sql`exists (select 1 from ${orderEarnings} where ${orderEarnings.editorId} = ${users.id})`,
  );
  const q = query.q?.trim();
  const search = q ? or(ilike(users.username, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)) : undefined;
  const after = query.cursor
    ? sql`${users.username} > ${Buffer.from(query.cursor, 'base64url').toString('utf8')}`
    : undefined;
  const editors = await ctx.db
    .select({ id: users.id, username: users.username, name: sql<string>`coalesce(${users.username}, '')` })
    .from(users)
    .where(and(eq(users.role, 'editor'), known, search, after))
    .orderBy(asc(users.username))
    .limit(PAGE + 1);
  const page = editors.slice(0, PAGE);
  const ids = page.map((e) => e.id);
  const [balances, accounts, lastSettlements, failures, totals] = await Promise.all([
    balancesForEditors(ctx.db, ids),
    ids.length ? ctx.db.select().from(payoutAccounts).where(inArray(payoutAccounts.editorId, ids)) : [],
    ids.length
      ? ctx.db
          .selectDistinctOn([payoutSettlements.editorId])
          .from(payoutSettlements)
          .where(inArray(payoutSettlements.editorId, ids))
          .orderBy(payoutSettlements.editorId, desc(payoutSettlements.createdAt))
      : [],
    failureCounts(ctx.db, ids),
    ledgerTotals(ctx.db),
  ]);
  const accountOf = new Map(accounts.map((a) => [a.editorId, a]));
  const settlementOf = new Map(lastSettlements.map((s) => [s.editorId, s]));
  const items: AdminPayoutRow[] = page.map((e) => {
    const account = accountOf.get(e.id);
    const settlement = settlementOf.get(e.id);
    return {
      editor: { id: e.id, name: e.username, username: e.username },
      vendorId: account?.vendorId ?? null,
      vendorState: (account?.vendorState ?? 'not_created') as VendorState,
      vendorError: account?.vendorError ?? null,
      method: account?.method ?? null,
      masked: account?.masked ?? null,
      heldUntil:
        account?.heldUntil && account.heldUntil.getTime() > Date.now()
          ? account.heldUntil.toISOString()
          : null,
      balances: toBalances(balances.get(e.id)!),
      lastSettlement: settlement ? toSettlement(settlement) : null,
      failures: failures.get(e.id) ?? 0,
    };
  });
  const last = page.at(-1);
  return {
    items,
    nextCursor: editors.length > PAGE && last ? Buffer.from(last.username).toString('base64url') : null,
    totals: {
      pending: rupees(totals.editor_pending),
      available: rupees(totals.editor_available),
      paidOut: rupees(totals.editor_paid_out),
      commission: rupees(totals.platform_commission),
    },
  };
}

/** Every editor's settlements, newest first, 20 a page (keyset on created_at, id). */
export async function adminSettlements(db: Db, cursor: string | undefined): Promise<AdminSettlementsPage> {
  let before: SQL | undefined;
  if (cursor) {
    const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
    const at = iso ? new Date(iso) : null;
    before =
      !at || Number.isNaN(at.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)
        ? sql`false`
        : or(
            lt(payoutSettlements.createdAt, at),
            and(eq(payoutSettlements.createdAt, at), lt(payoutSettlements.id, id)),
          );
  }
  const rows = await db
    .select({ s: payoutSettlements, username: users.username })
    .from(payoutSettlements)
    .innerJoin(users, eq(users.id, payoutSettlements.editorId))
    .where(before)
    .orderBy(desc(payoutSettlements.createdAt), desc(payoutSettlements.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    items: page.map(({ s, username }) => ({
      ...toSettlement(s),
      editor: { id: s.editorId, name: username, username },
      vendorId: s.vendorId,
    })),
    nextCursor:
      rows.length > PAGE && last
        ? Buffer.from(`${last.s.createdAt.toISOString()}|${last.s.id}`).toString('base64url')
        : null,
  };
}

async function failureCounts(db: Db, editorIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (editorIds.length === 0) return out;
  const list = await payoutFailures(db, editorIds);
  for (const f of list) out.set(f.editor.id, (out.get(f.editor.id) ?? 0) + 1);
  return out;
}

/** What failed at the gateway and waits for an admin's Retry: vendors, splits, settlements, adjustments. */
export async function payoutFailures(db: Db, editorIds?: string[]): Promise<PayoutFailure[]> {
  const only = (col: AnyPgColumn) => (editorIds ? inArray(col, editorIds) : undefined);
  const editor = { id: users.id, username: users.username };
  const [vendors, splits, settlements, adjustments] = await Promise.all([
    db
      .select({ a: payoutAccounts, editor })
      .from(payoutAccounts)
      .innerJoin(users, eq(users.id, payoutAccounts.editorId))
      .where(and(eq(payoutAccounts.vendorState, 'failed'), only(payoutAccounts.editorId))),
    db
      .select({ e: orderEarnings, number: orders.number, editor })
      .from(orderEarnings)
      .innerJoin(orders, eq(orders.id, orderEarnings.orderId))
      .innerJoin(users, eq(users.id, orderEarnings.editorId))
      .where(and(eq(orderEarnings.splitState, 'failed'), only(orderEarnings.editorId))),
    db
      .select({ s: payoutSettlements, editor })
      .from(payoutSettlements)
      .innerJoin(users, eq(users.id, payoutSettlements.editorId))
      .where(
        and(
          eq(payoutSettlements.status, 'FAILED'),
          isNull(payoutSettlements.retriedAt),
          only(payoutSettlements.editorId),
        ),
      ),
    db
      .select({ a: payoutAdjustments, number: orders.number, editor })
      .from(payoutAdjustments)
      .innerJoin(users, eq(users.id, payoutAdjustments.editorId))
      .leftJoin(orders, eq(orders.id, payoutAdjustments.orderId))
      .where(and(eq(payoutAdjustments.state, 'failed'), only(payoutAdjustments.editorId))),
  ]);
  const who = (e: { id: string; username: string }) => ({ id: e.id, name: e.username, username: e.username });
  const list: PayoutFailure[] = [
    ...vendors.map(({ a, editor: e }) => ({
      kind: 'vendor' as const,
      id: a.editorId,
      editor: who(e),
      orderReference: null,
      amount: null,
      reason: a.vendorError ?? 'The payment gateway refused the vendor',
      at: a.updatedAt.toISOString(),
    })),
    ...splits.map(({ e, number, editor: ed }) => ({
      kind: 'split' as const,
      id: e.orderId,
      editor: who(ed),
      orderReference: `CR-${number}`,
      amount: e.splitPaise === null ? null : rupees(e.splitPaise),
      reason: e.splitError ?? 'The payment gateway refused the split',
      at: e.updatedAt.toISOString(),
    })),
    ...settlements.map(({ s, editor: e }) => ({
      kind: 'settlement' as const,
      id: s.id,
      editor: who(e),
      orderReference: null,
      amount: rupees(s.amountPaise),
      reason: s.reason ?? 'The settlement failed',
      at: s.updatedAt.toISOString(),
    })),
    ...adjustments.map(({ a, number, editor: e }) => ({
      kind: 'adjustment' as const,
      id: a.id,
      editor: who(e),
      orderReference: number === null ? null : `CR-${number}`,
      amount: rupees(a.amountPaise),
      reason: a.error ?? 'The payment gateway refused the adjustment',
      at: a.updatedAt.toISOString(),
    })),
  ];
  return list.sort((a, b) => b.at.localeCompare(a.at));
}

const CSV_HEADER = ['Date (UTC)', 'Editor', 'Order', 'Entry', 'Account', 'Amount (INR)', 'Settlement UTR'];

/** A CSV field, quoted. */
const csvField = (value: string) => `"${value.replace(/"/g, '""')}"`;
/** Text that came from people is never read as a formula by a spreadsheet. */
const csvText = (value: string) => csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The ledger lines of a period (days in UTC, both included), oldest first, for accounting. */
export async function* ledgerCsv(db: Db, from: string, to: string): AsyncGenerator<string> {
  yield `${CSV_HEADER.map(csvField).join(',')}\r\n`;
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({
        l: payoutLedger,
        username: users.username,
        number: orders.number,
        utr: payoutSettlements.utr,
      })
      .from(payoutLedger)
      .innerJoin(users, eq(users.id, payoutLedger.editorId))
      .leftJoin(orders, eq(orders.id, payoutLedger.orderId))
      .leftJoin(payoutSettlements, eq(payoutSettlements.id, payoutLedger.settlementId))
      .where(
        and(
          gte(payoutLedger.createdAt, start),
          lt(payoutLedger.createdAt, end),
          sql`${payoutLedger.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(payoutLedger.id))
      .limit(500);
    if (rows.length === 0) return;
    for (const { l, username, number, utr } of rows) {
      yield `${[
        csvField(l.createdAt.toISOString()),
        csvText(username),
        csvField(number === null ? '' : `CR-${number}`),
        csvField(l.kind),
        csvField(l.account),
        csvField((l.amountPaise / 100).toFixed(2)),
        csvText(utr ?? ''),
      ].join(',')}\r\n`;
    }
    afterId = rows.at(-1)!.l.id;
  }
}
