import { orderReference } from '@cutroom/contracts';
import { and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orderEarnings, orders, payments, payoutLedger } from '../../../db/schema';
import { csvField, csvText, pagedCsv } from '../../../lib/csv';
import { istDayCell, ledgerAccountColumns, paiseOf, rupeesCell } from './format';

const HEADER = [
  'Date',
  'Order',
  'Gateway order id',
  'Event',
  'Refund id',
  'From (+) or to (-) the customer',
  'Commission',
  'GST on commission',
  'TCS',
  'TDS',
  'Editor net',
  'Settlement id',
  'Settlement UTR',
];

const PAGE = 500;

/**
 * A refund whose editor part the available balance could not cover is booked as two events (the refund
 * and `refund-adjustment:<id>`, same transaction): folded back into one row, the customer amount is the
 * refund the gateway made.
 */
const eventOf = sql<string>`case when ${payoutLedger.eventKey} like 'refund-adjustment:%' then 'refund:' || substr(${payoutLedger.eventKey}, 19) else ${payoutLedger.eventKey} end`;

/**
 * The settlement that paid the order's share: settlements and cleared shares of the editor each walked
 * oldest first (as the earnings page does), the first settlement whose running total reaches the
 * share's running total. Null while unpaid.
 */
const settledBy = sql<{ id: string; utr: string | null } | null>`(
  select json_build_object('id', s.gateway_settlement_id, 'utr', s.utr) from (
    select ps.gateway_settlement_id, ps.utr,
      sum(ps.amount_paise) over (order by coalesce(ps.settled_at, ps.created_at), ps.id) as upto
    from payout_settlements ps
    where ps.editor_id = ${payoutLedger.editorId} and ps.status = 'SUCCESS'
  ) s
  where s.upto >= (
    select c.upto from (
      select oe.order_id,
        sum(oe.share_paise - oe.editor_refunded_paise) over (order by oe.cleared_at, oe.order_id) as upto
      from order_earnings oe
      where oe.editor_id = ${payoutLedger.editorId} and oe.cleared_at is not null
    ) c
    where c.order_id = ${payoutLedger.orderId}
  )
  order by s.upto
  limit 1
)`;

/**
 * The month's payments and refunds (IST) as the gateway saw them, one row each: what the customer paid
 * or got back = commission + GST + TCS + TDS + editor net (each event's lines sum to zero), and a totals
 * row that ties the same way.
 */
export async function ledgerExportCsv(db: Db, range: { from: Date; to: Date }) {
  const at = sql`min(${payoutLedger.createdAt})`;
  const page = (after: { at: Date; event: string } | null) =>
    db
      .select({
        event: eventOf,
        kind: sql<string>`max(case when ${payoutLedger.kind} = 'adjustment' then '' else ${payoutLedger.kind} end)`,
        at: at.mapWith(payoutLedger.createdAt),
        number: orders.number,
        gatewayOrderId: payments.orderId,
        settlement: settledBy,
        ...ledgerAccountColumns(),
      })
      .from(payoutLedger)
      .leftJoin(orders, eq(orders.id, payoutLedger.orderId))
      .leftJoin(orderEarnings, eq(orderEarnings.orderId, payoutLedger.orderId))
      .leftJoin(payments, eq(payments.id, orderEarnings.paymentId))
      .where(
        and(
          or(
            sql`${payoutLedger.kind} in ('payment', 'refund')`,
            sql`${payoutLedger.eventKey} like 'refund-adjustment:%'`,
          ),
          gte(payoutLedger.createdAt, range.from),
          lt(payoutLedger.createdAt, range.to),
        ),
      )
      .groupBy(eventOf, payoutLedger.editorId, payoutLedger.orderId, orders.number, payments.orderId)
      .having(
        after
          ? sql`(${at}, ${eventOf}) > (${after.at.toISOString()}::timestamptz, ${after.event})`
          : undefined,
      )
      .orderBy(asc(at), asc(eventOf))
      .limit(PAGE);

  const totals = { customer: 0, commission: 0, gst: 0, tcs: 0, tds: 0, net: 0 };
  const money = (m: typeof totals) => [m.customer, m.commission, m.gst, m.tcs, m.tds, m.net].map(rupeesCell);
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (r) => {
      const row = {
        customer: -paiseOf(r.customer),
        commission: paiseOf(r.commission),
        gst: paiseOf(r.gst),
        tcs: paiseOf(r.tcs),
        tds: paiseOf(r.tds),
        net: paiseOf(r.pending) + paiseOf(r.available),
      };
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
      const refund = r.kind === 'refund';
      return [
        istDayCell(r.at),
        csvField(r.number === null ? '' : orderReference(r.number)),
        csvText(r.gatewayOrderId ?? ''),
        csvField(refund ? 'Refund' : 'Payment'),
        csvText(refund ? r.event.slice('refund:'.length) : ''),
        ...money(row),
        csvText(r.settlement?.id ?? ''),
        csvText(r.settlement?.utr ?? ''),
      ];
    },
    closing: () => [
      [
        csvField('Total'),
        ...Array.from({ length: 4 }, () => csvField('')),
        ...money(totals),
        csvField(''),
        csvField(''),
      ],
    ],
  });
}
