import { orderReference } from '@cutroom/contracts';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, payoutLedger, payoutSettlements } from '../../../db/schema';
import { csvField, csvText, pagedCsv } from '../../../lib/csv';
import { istDayCell, ledgerAccountColumns, paiseOf, rangeOf, rupeesCell } from './format';

const HEADER = [
  'Date',
  'Order',
  'Event',
  'Gross',
  'Commission',
  'GST on commission',
  'TCS',
  'TDS',
  'Net to editor',
  'Paid out to bank',
  'Settlement UTR',
];

const EVENT_LABELS: Record<string, string> = {
  payment: 'Payment',
  refund: 'Refund',
  adjustment: 'Refund recovered from later earnings',
  settlement: 'Payout to bank',
  settlement_reversal: 'Payout reversed',
};

const PAGE = 500;

/**
 * An editor's month (IST) from their own ledger lines, one row per event: each event's lines sum to
 * zero, so gross (what the customer paid, or got back) = commission + GST + TCS + TDS + net, row by row.
 * Events that only move money between pending and available (clearing) change nothing the editor is
 * owed and are left out.
 */
export async function statementCsv(db: Db, editorId: string, month: string): Promise<AsyncIterable<string>> {
  const { from, to } = rangeOf('month', month);
  const at = sql`min(${payoutLedger.createdAt})`;
  const page = (after: { at: Date; key: string } | null) =>
    db
      .select({
        key: payoutLedger.eventKey,
        kind: payoutLedger.kind,
        at: at.mapWith(payoutLedger.createdAt),
        number: orders.number,
        utr: payoutSettlements.utr,
        ...ledgerAccountColumns(),
      })
      .from(payoutLedger)
      .leftJoin(orders, eq(orders.id, payoutLedger.orderId))
      .leftJoin(payoutSettlements, eq(payoutSettlements.id, payoutLedger.settlementId))
      .where(
        and(
          eq(payoutLedger.editorId, editorId),
          gte(payoutLedger.createdAt, from),
          lt(payoutLedger.createdAt, to),
        ),
      )
      .groupBy(payoutLedger.eventKey, payoutLedger.kind, orders.number, payoutSettlements.utr)
      .having(
        and(
          sql`bool_or(${payoutLedger.account} not in ('editor_pending', 'editor_available'))`,
          after
            ? sql`(${at}, ${payoutLedger.eventKey}) > (${after.at.toISOString()}::timestamptz, ${after.key})`
            : undefined,
        ),
      )
      .orderBy(asc(at), asc(payoutLedger.eventKey))
      .limit(PAGE);

  const totals = { gross: 0, commission: 0, gst: 0, tcs: 0, tds: 0, net: 0, paidOut: 0 };
  return pagedCsv({
    header: HEADER,
    first: await page(null),
    next: (last) => page(last),
    line: (r) => {
      const row = {
        gross: -paiseOf(r.customer),
        commission: paiseOf(r.commission),
        gst: paiseOf(r.gst),
        tcs: paiseOf(r.tcs),
        tds: paiseOf(r.tds),
        net: paiseOf(r.pending) + paiseOf(r.available) + paiseOf(r.paidOut),
        paidOut: paiseOf(r.paidOut),
      };
      for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += row[k];
      return [
        istDayCell(r.at),
        csvField(r.number === null ? '' : orderReference(r.number)),
        csvField(EVENT_LABELS[r.kind] ?? r.kind),
        ...money(row),
        csvText(r.utr ?? ''),
      ];
    },
    closing: () => [[csvField('Total'), csvField(''), csvField(''), ...money(totals), csvField('')]],
  });
}

const money = (m: {
  gross: number;
  commission: number;
  gst: number;
  tcs: number;
  tds: number;
  net: number;
  paidOut: number;
}) => [m.gross, m.commission, m.gst, m.tcs, m.tds, m.net, m.paidOut].map(rupeesCell);
