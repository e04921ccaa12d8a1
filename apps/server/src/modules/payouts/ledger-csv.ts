import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, payoutLedger, payoutSettlements, users } from '../../db/schema';
import { csvField, csvText } from '../../lib/csv';

const CSV_HEADER = ['Date (UTC)', 'Editor', 'Order', 'Entry', 'Account', 'Amount (INR)', 'Settlement UTR'];

/**
 * The ledger lines of a period (days in UTC, both included) as CSV lines, oldest first, for accounting.
 * The first page is read before this returns, so a period the database cannot read fails the request
 * with an ordinary error instead of a file cut off after its header.
 */
export async function ledgerCsv(db: Db, from: string, to: string): Promise<AsyncIterable<string>> {
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000);
  const page = (afterId: number) =>
    db
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
  const first = await page(0);
  return (async function* () {
    yield `${CSV_HEADER.map(csvField).join(',')}\r\n`;
    for (let rows = first; rows.length > 0; rows = await page(rows.at(-1)!.l.id)) {
      for (const { l, username, number, utr } of rows) {
        yield `${[
          csvField(l.createdAt.toISOString()),
          csvText(username),
          csvField(number === null ? '' : orderReference(number)),
          csvField(l.kind),
          csvField(l.account),
          csvField(rupeesFromPaise(l.amountPaise).toFixed(2)),
          csvText(utr ?? ''),
        ].join(',')}\r\n`;
      }
    }
  })();
}
