import { sql } from 'drizzle-orm';
import {
  DASHBOARD_DAYS,
  ORDER_STATUSES,
  paise,
  rupeesFromPaise,
  type Paise,
  type AdminDashboard,
  type OrderStatus,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import {
  disputes,
  moderationFlags,
  orderEarnings,
  orders,
  payments,
  payoutAccounts,
  payoutAdjustments,
  payoutSettlements,
  supportTickets,
} from '../../db/schema';

/** The marketplace's calendar: a day of the chart is a day in India. */
const ZONE = 'Asia/Kolkata';

/** The rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Orders per status: one GROUP BY, answered from orders_status_created_idx. */
async function ordersByStatus(db: Db): Promise<AdminDashboard['ordersByStatus']> {
  const rows = await db
    .select({ status: orders.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(orders)
    .groupBy(orders.status);
  const counts = new Map<OrderStatus, number>(rows.map((r) => [r.status, r.count]));
  return ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
}

/**
 * What waits for an admin, in one statement of counts, each over a partial or leading index: open flags
 * and tickets (their queues' status indexes), late orders (orders_in_progress_due_idx), disputes with
 * admins (disputes_status_created_idx), and payout
 * failures as the payouts page lists them (vendors, splits, settlements not retried, adjustments).
 */
async function attention(db: Db): Promise<AdminDashboard['attention']> {
  const result = await db.execute(sql`
    select
      (select count(*) from ${moderationFlags} where ${moderationFlags.status} = 'open') as "openFlags",
      (select count(*) from ${supportTickets} where ${supportTickets.status} = 'open') as "openTickets",
      (select count(*) from ${orders}
        where ${orders.status} = 'in_progress' and ${orders.dueAt} < now()) as "lateOrders",
      (select count(*) from ${disputes} where ${disputes.status} = 'with_admins') as "disputesToDecide",
      (select count(*) from ${payoutAccounts} where ${payoutAccounts.vendorState} = 'failed')
      + (select count(*) from ${orderEarnings} where ${orderEarnings.splitState} = 'failed')
      + (select count(*) from ${payoutSettlements}
          where ${payoutSettlements.status} = 'FAILED' and ${payoutSettlements.retriedAt} is null)
      + (select count(*) from ${payoutAdjustments} where ${payoutAdjustments.state} = 'failed')
        as "payoutFailures"`);
  const [row] = rowsOf<Record<keyof AdminDashboard['attention'], string | number>>(result);
  return {
    openFlags: Number(row!.openFlags),
    openTickets: Number(row!.openTickets),
    payoutFailures: Number(row!.payoutFailures),
    lateOrders: Number(row!.lateOrders),
    disputesToDecide: Number(row!.disputesToDecide),
  };
}

/**
 * Paid volume and commission per Indian day for the last DASHBOARD_DAYS days, summed in SQL in paise over
 * payments_success_paid_idx and order_earnings_paid_idx (only the window's rows are read), with every
 * day present (0 when nothing was paid).
 */
type PaiseDay = { day: string; volume: Paise; commission: Paise };

async function daily(db: Db): Promise<PaiseDay[]> {
  const p = payments;
  const e = orderEarnings;
  const result = await db.execute(sql`
    with bounds as (
      select (now() at time zone ${ZONE})::date - ${DASHBOARD_DAYS - 1}::int as first_day,
             (now() at time zone ${ZONE})::date as last_day
    ), since as (
      select (first_day::timestamp at time zone ${ZONE}) as at from bounds
    ), paid as (
      select (${p.paidAt} at time zone ${ZONE})::date as day, sum(${p.amountPaise})::bigint as volume
      from ${p} where ${p.status} = 'SUCCESS' and ${p.paidAt} >= (select at from since)
      group by 1
    ), booked as (
      select (${e.paidAt} at time zone ${ZONE})::date as day, sum(${e.commissionPaise})::bigint as commission
      from ${e} where ${e.paidAt} >= (select at from since)
      group by 1
    )
    select to_char(d.day, 'YYYY-MM-DD') as day,
           coalesce(paid.volume, 0) as volume,
           coalesce(booked.commission, 0) as commission
    from bounds, generate_series(bounds.first_day, bounds.last_day, interval '1 day') as g(at)
    cross join lateral (select g.at::date as day) d
    left join paid on paid.day = d.day
    left join booked on booked.day = d.day
    order by d.day`);
  // bigint sums arrive as strings.
  return rowsOf<{ day: string; volume: string | number; commission: string | number }>(result).map((r) => ({
    day: r.day,
    volume: paise(Number(r.volume)),
    commission: paise(Number(r.commission)),
  }));
}

/** The admin dashboard's figures: three statements, whatever the size of the marketplace. */
export async function dashboardFigures(db: Db): Promise<AdminDashboard> {
  const [byStatus, days, waiting] = await Promise.all([ordersByStatus(db), daily(db), attention(db)]);
  const sum = (key: 'volume' | 'commission') => rupeesFromPaise(days.reduce((t, d) => t + d[key], 0));
  return {
    ordersByStatus: byStatus,
    daily: days.map((d) => ({
      day: d.day,
      volume: rupeesFromPaise(d.volume),
      commission: rupeesFromPaise(d.commission),
    })),
    totals: { volume: sum('volume'), commission: sum('commission') },
    attention: waiting,
    generatedAt: new Date().toISOString(),
  };
}
