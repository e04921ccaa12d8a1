import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financialYearOf, type Order } from '@cutroom/contracts';
import type { Db } from '../src/db/client';
import { documentSeries, taxDocuments } from '../src/db/schema';
import { documentNumber, nextInSeries } from '../src/modules/invoices/numbering';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { acceptOffer, deliver, openRoom, payOrder, sendOffer } from './orders/fixtures';

/**
 * Invoice numbers (issue 27) are gapless and unique per series and financial year under concurrency, on
 * the database in use (PGlite by default, PostgreSQL with TEST_DATABASE_URL): many payments and
 * completions at once take 1..N with no duplicate and no hole, and a transaction that rolls back after
 * taking a number gives it back.
 */
describe('invoice numbering: gapless and unique per series, under concurrency', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;
  const fy = () => financialYearOf(new Date());

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    roomId = await openRoom(api, creator, editor);
  });
  afterAll(() => server?.close());

  const sequencesOf = async (series: string) =>
    (
      await server.db
        .select({ sequence: taxDocuments.sequence, number: taxDocuments.number })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.series, series), eq(taxDocuments.financialYear, fy())))
    ).sort((a, b) => a.sequence - b.sequence);
  const lastNumberOf = async (series: string) =>
    (
      await server.db
        .select({ n: documentSeries.lastNumber })
        .from(documentSeries)
        .where(and(eq(documentSeries.series, series), eq(documentSeries.financialYear, fy())))
    )[0]?.n ?? 0;
  const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  /** Asserts the series holds exactly 1..n, each number once and spelled from its sequence. */
  const expectGapless = async (series: string, n: number) => {
    const rows = await sequencesOf(series);
    expect(rows.map((r) => r.sequence)).toEqual(oneToN(n));
    expect(new Set(rows.map((r) => r.number)).size).toBe(n);
    for (const r of rows)
      expect(r.number).toBe(`CR/${series}/${fy()}/${String(r.sequence).padStart(6, '0')}`);
    expect(await lastNumberOf(series)).toBe(n);
  };

  const ORDERS = 12;
  let paid: Order[] = [];

  it(
    `numbers the receipts of ${ORDERS} orders paid at once 1..${ORDERS}, no duplicate, no gap`,
    { timeout: 120_000 },
    async () => {
      const offers: Order[] = [];
      for (let i = 0; i < ORDERS; i++) {
        const offer = await sendOffer(api, editor, roomId, {
          amount: 999 + i,
          revisions: 1,
          deliveryDays: 3,
        });
        await acceptOffer(api, creator, offer._id, true);
        offers.push(offer);
      }
      paid = await Promise.all(offers.map((o) => payOrder(api, server, creator, o._id)));
      await eventually(async () => ((await sequencesOf('RCPT')).length === ORDERS ? true : null));
      await expectGapless('RCPT', ORDERS);
      // Each order has exactly one receipt, for its own amount.
      for (const [i, o] of offers.entries()) {
        const res = await api.get(`/api/orders/${o._id}/documents`, { token: creator.token });
        expect(res.body.items.map((d: { kind: string }) => d.kind)).toEqual(['receipt']);
        expect(res.body.items[0].total).toBe(999 + i);
      }
    },
  );

  it(
    'numbers the commission invoices of orders completed at once 1..N in their own series',
    { timeout: 120_000 },
    async () => {
      const toComplete = paid.slice(0, 6);
      const deliveries = [];
      for (const o of toComplete) deliveries.push(await deliver(api, editor, roomId, o._id));
      const approvals = await Promise.all(
        deliveries.map((d) =>
          api.post(`/api/deliveries/${d._id}/approve`, undefined, { token: creator.token }),
        ),
      );
      expect(approvals.map((a) => a.status)).toEqual(toComplete.map(() => 200));
      await eventually(async () => ((await sequencesOf('INV')).length === toComplete.length ? true : null));
      await expectGapless('INV', toComplete.length);
      // The receipts' series is untouched by the invoices'.
      await expectGapless('RCPT', ORDERS);
    },
  );

  it('a transaction that rolls back after taking a number leaves no gap: the next payment takes it', async () => {
    const before = await lastNumberOf('RCPT');
    const failure = new Error('rolled back after taking a number');
    await expect(
      server.db.transaction(async (tx) => {
        const n = await nextInSeries(tx as unknown as Db, 'RCPT', fy());
        expect(n).toBe(before + 1);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await lastNumberOf('RCPT')).toBe(before);

    const offer = await sendOffer(api, editor, roomId, { amount: 1499, revisions: 1, deliveryDays: 3 });
    await acceptOffer(api, creator, offer._id, true);
    await payOrder(api, server, creator, offer._id);
    const receipt = await eventually(async () => {
      const res = await api.get(`/api/orders/${offer._id}/documents`, { token: creator.token });
      return res.body.items[0] ?? null;
    });
    expect(receipt.number).toBe(documentNumber('RCPT', fy(), before + 1));
    await expectGapless('RCPT', before + 1);
  });

  it('many transactions at once, a third of them rolling back: the committed numbers are exactly 1..K', async () => {
    const series = 'NUMTEST';
    const year = '2030-31';
    const attempts = 30;
    const outcomes = await Promise.allSettled(
      Array.from({ length: attempts }, (_, i) =>
        server.db.transaction(async (tx) => {
          const n = await nextInSeries(tx as unknown as Db, series, year);
          // Hold the number a moment, so others queue behind it.
          await new Promise((r) => setTimeout(r, 5));
          if (i % 3 === 0) throw new Error(`roll back #${i}`);
          return n;
        }),
      ),
    );
    const committed = outcomes
      .filter((o): o is PromiseFulfilledResult<number> => o.status === 'fulfilled')
      .map((o) => o.value)
      .sort((a, b) => a - b);
    const rejected = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    // Only the deliberate rollbacks fail: no deadlock, no unique violation.
    for (const r of rejected) expect(String(r.reason)).toMatch(/roll back #\d+/);
    expect(rejected).toHaveLength(attempts / 3);
    expect(committed).toEqual(oneToN(attempts - attempts / 3));
    const [row] = await server.db
      .select({ n: documentSeries.lastNumber })
      .from(documentSeries)
      .where(and(eq(documentSeries.series, series), eq(documentSeries.financialYear, year)));
    expect(row!.n).toBe(attempts - attempts / 3);
    // Another financial year of the same series starts again at 1.
    expect(await server.db.transaction((tx) => nextInSeries(tx as unknown as Db, series, '2031-32'))).toBe(1);
  });
});
