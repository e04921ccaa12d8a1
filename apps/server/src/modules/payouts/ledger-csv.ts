import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { orderReference, rupeesFromPaise } from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { orders, payoutLedger, payoutSettlements, users } from '../../db/schema';

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
        csvField(number === null ? '' : orderReference(number)),
        csvField(l.kind),
        csvField(l.account),
        csvField(rupeesFromPaise(l.amountPaise).toFixed(2)),
        csvText(utr ?? ''),
      ].join(',')}\r\n`;
    }
    afterId = rows.at(-1)!.l.id;
  }
}
