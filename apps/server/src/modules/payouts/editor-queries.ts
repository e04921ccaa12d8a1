import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type {
  EarningGatewayState,
  EarningRow,
  EarningState,
  EarningsPage,
  EarningsSummary,
} from '@cutroom/contracts';
import { orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orderEarnings, orders, payoutAccounts, payoutSettlements, type SplitState } from '../../db/schema';
import { keysetTime, olderThan, pageOf, readCursor } from '../../lib/pagination';
import type { PayoutsContext } from './context';
import { editorBalances } from './ledger';
import { PAGE, toBalances, toSettlement } from './shape';
import { toPayoutAccount } from './vendors';

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
    .select({
      e: orderEarnings,
      number: orders.number,
      title: orders.title,
      key: keysetTime(orderEarnings.paidAt),
    })
    .from(orderEarnings)
    .innerJoin(orders, eq(orders.id, orderEarnings.orderId))
    .where(
      and(
        eq(orderEarnings.editorId, editorId),
        olderThan(readCursor(cursor), orderEarnings.paidAt, orderEarnings.orderId),
      ),
    )
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
      reference: orderReference(number),
      title,
      paidAt: e.paidAt.toISOString(),
      gross: rupeesFromPaise(e.grossPaise - e.refundedPaise),
      refunded: rupeesFromPaise(e.refundedPaise),
      feePercent: e.feePercent,
      commission: rupeesFromPaise(commissionKept(e)),
      gstOnCommission: rupeesFromPaise(e.gstPaise - e.gstRefundedPaise),
      tcs: rupeesFromPaise(e.tcsPaise - e.tcsRefundedPaise),
      tds: rupeesFromPaise(e.tdsPaise - e.tdsRefundedPaise),
      share: rupeesFromPaise(share),
      state,
      gateway: share <= 0 ? null : gatewayStateOf(e.splitState, cleared),
      availableAt: e.clearsAt?.toISOString() ?? null,
    };
  });
  const { nextCursor } = pageOf(rows, PAGE, (r) => ({ at: r.key, id: r.e.orderId }));
  return { items, nextCursor };
}

/** The commission the platform keeps after refunds: what they left of the gross, less the share and the taxes. */
function commissionKept(e: typeof orderEarnings.$inferSelect): number {
  const taxesKept =
    e.gstPaise - e.gstRefundedPaise + (e.tcsPaise - e.tcsRefundedPaise) + (e.tdsPaise - e.tdsRefundedPaise);
  return e.grossPaise - e.refundedPaise - (e.sharePaise - e.editorRefundedPaise) - taxesKept;
}

/** Which cleared orders the editor's total paid out covers, walking cleared shares oldest first. */
async function paidOutCover(db: Db, editorId: string) {
  const { paidOut } = await editorBalances(db, editorId);
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

function gatewayStateOf(split: SplitState, cleared: boolean): EarningGatewayState {
  if (split === 'done') return cleared ? 'released' : 'held';
  if (split === 'missed') return 'from_cutroom';
  if (split === 'waiting' || split === 'failed') return split;
  return 'splitting';
}
