import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { taxRates } from '../../db/schema';
import type { TaxRateKind, TaxRateRow } from './assess';

/** Every rate and threshold row, oldest first (a few dozen rows at most: read whole, no cache to go stale). */
export async function loadTaxRates(db: Db): Promise<TaxRateRow[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.kind), asc(taxRates.effectiveFrom));
  return rows.map((r) => ({
    kind: r.kind as TaxRateKind,
    ratePpm: r.ratePpm,
    amountPaise: r.amountPaise,
    effectiveFrom: r.effectiveFrom,
    section: r.section,
    source: r.source,
  }));
}
