import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { documentSeries } from '../../db/schema';

/**
 * The next number of a series in a financial year. The counter's row stays locked until the issuing
 * transaction ends, so two documents never share a number, and a transaction that rolls back takes its
 * increment with it: the series has no gaps.
 */
export async function nextInSeries(tx: Db, series: string, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(documentSeries)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentSeries.series, documentSeries.financialYear],
      set: { lastNumber: sql`${documentSeries.lastNumber} + 1` },
    })
    .returning({ n: documentSeries.lastNumber });
  return row!.n;
}

/** 'CR/INV/2026-27/000042': the marketplace, the series, the financial year, six digits. */
export const documentNumber = (series: string, financialYear: string, n: number) =>
  `CR/${series}/${financialYear}/${String(n).padStart(6, '0')}`;
