import { and, asc, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminSettlementsPage,
  PayoutFailure,
  VendorState,
} from '@cutroom/contracts';
import { orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import {
  orderEarnings,
  orders,
  payoutAccounts,
  payoutAdjustments,
  payoutSettlements,
  users,
} from '../../db/schema';
import { keysetTime, olderThan, pageOf, readCursor } from '../../lib/pagination';
import type { PayoutsContext } from './context';
import { balancesForEditors, ledgerTotals } from './ledger';
import { PAGE, toBalances, toSettlement } from './shape';

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
      gatewayStatus: account?.gatewayStatus ?? null,
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
      pending: rupeesFromPaise(totals.editor_pending),
      available: rupeesFromPaise(totals.editor_available),
      paidOut: rupeesFromPaise(totals.editor_paid_out),
      commission: rupeesFromPaise(totals.platform_commission),
    },
  };
}

/** Every editor's settlements, newest first, 20 a page (keyset on created_at, id). */
export async function adminSettlements(db: Db, cursor: string | undefined): Promise<AdminSettlementsPage> {
  const rows = await db
    .select({ s: payoutSettlements, username: users.username, key: keysetTime(payoutSettlements.createdAt) })
    .from(payoutSettlements)
    .innerJoin(users, eq(users.id, payoutSettlements.editorId))
    .where(olderThan(readCursor(cursor), payoutSettlements.createdAt, payoutSettlements.id))
    .orderBy(desc(payoutSettlements.createdAt), desc(payoutSettlements.id))
    .limit(PAGE + 1);
  const { data, nextCursor } = pageOf(rows, PAGE, (r) => ({ at: r.key, id: r.s.id }));
  return {
    items: data.map(({ s, username }) => ({
      ...toSettlement(s),
      editor: { id: s.editorId, name: username, username },
      vendorId: s.vendorId,
    })),
    nextCursor,
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
      // A vendor the gateway needs something for waits too: Retry sends it again once seen to.
      .where(
        and(
          inArray(payoutAccounts.vendorState, ['failed', 'action_required']),
          only(payoutAccounts.editorId),
        ),
      ),
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
      reason:
        a.vendorError ??
        (a.vendorState === 'action_required'
          ? 'The payment gateway needs something before it pays this editor'
          : 'The payment gateway refused the vendor'),
      at: a.updatedAt.toISOString(),
    })),
    ...splits.map(({ e, number, editor: ed }) => ({
      kind: 'split' as const,
      id: e.orderId,
      editor: who(ed),
      orderReference: orderReference(number),
      amount: e.splitPaise === null ? null : rupeesFromPaise(e.splitPaise),
      reason: e.splitError ?? 'The payment gateway refused the split',
      at: e.updatedAt.toISOString(),
    })),
    ...settlements.map(({ s, editor: e }) => ({
      kind: 'settlement' as const,
      id: s.id,
      editor: who(e),
      orderReference: null,
      amount: rupeesFromPaise(s.amountPaise),
      reason: s.reason ?? 'The settlement failed',
      at: s.updatedAt.toISOString(),
    })),
    ...adjustments.map(({ a, number, editor: e }) => ({
      kind: 'adjustment' as const,
      id: a.id,
      editor: who(e),
      orderReference: number === null ? null : orderReference(number),
      amount: rupeesFromPaise(a.amountPaise),
      reason: a.error ?? 'The payment gateway refused the adjustment',
      at: a.updatedAt.toISOString(),
    })),
  ];
  return list.sort((a, b) => b.at.localeCompare(a.at));
}
