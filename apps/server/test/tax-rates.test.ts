import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxRates } from '../src/db/schema';
import { TAX_RATE_HISTORY } from '../src/modules/tax/rate-history';
import { loadTaxRates } from '../src/modules/tax/rates';
import { startTestServer, type TestServer } from './helpers/server';

/** The rates a migration seeds are exactly the reviewed history the rules' tests use. */
describe('tax rates', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('seeds the table with the rate history, row for row', async () => {
    const byKey = (r: { kind: string; effectiveFrom: string }) => `${r.kind} ${r.effectiveFrom}`;
    const stored = await loadTaxRates(server.db);
    expect([...stored].sort((a, b) => byKey(a).localeCompare(byKey(b)))).toEqual(
      [...TAX_RATE_HISTORY].sort((a, b) => byKey(a).localeCompare(byKey(b))),
    );
  });

  it('refuses a row that is neither a rate nor a threshold, and a second row of a kind on one date', async () => {
    await expect(
      server.db.insert(taxRates).values({
        kind: 'tds_ecommerce',
        ratePpm: 1000,
        amountPaise: 100,
        effectiveFrom: '2030-01-01',
        section: 's',
        source: 's',
      }),
    ).rejects.toThrow();
    const [first] = await server.db.select().from(taxRates).orderBy(asc(taxRates.id)).limit(1);
    await expect(server.db.insert(taxRates).values({ ...first!, id: undefined })).rejects.toThrow();
  });
});
