import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gstinCheckCharacter, periodRange } from '@cutroom/contracts';
import { orderEarnings, orderTaxAssessments, orders, payoutLedger } from '../src/db/schema';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { activePayoutAccount, completedPaidOrder } from './payouts/fixtures';

/**
 * Issue 27's statements and exports, on a real server: three editors (the default exempt individual in
 * the platform's state, one with no profile at all, a registered firm in Maharashtra), orders paid and
 * completed, one refunded in part, one settled to the bank. Every expected figure is worked out here
 * from the rules as the issue states them, not by the server's code.
 */

// Two seconds of clearing, then a second until the simulated gateway settles, within a test.
const CLEARING = { PAYOUT_CLEARING_DAYS: String(2 / 86_400), SIMULATOR_SETTLEMENT_DELAY_SECONDS: '1' };
const FIRM = {
  legalName: '=HYPERLINK("x") Edits LLP',
  entityType: 'firm',
  stateCode: '27',
  pan: 'AAPFU0939F',
  gstin: '27AAPFU0939F1ZV',
} as const;

/** The CSV as the server writes it (RFC 4180, every field quoted, CRLF lines); a bare field would be lost. */
function parseCsv(text: string): string[][] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text
    .slice(0, -2)
    .split('\r\n')
    .map((line) => {
      const fields = [...line.matchAll(/"((?:[^"]|"")*)"(,|$)/g)].map((m) => m[1]!.replace(/""/g, '"'));
      expect(fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).toBe(line);
      return fields;
    });
}

/** The rules, independently: the 20 % fee includes 18 % GST; TDS 5 % without PAN, 0.1 % with; TCS 0.5 %. */
function expected(grossPaise: number, opts: { tdsPpm: number; tcsPpm: number }) {
  const fee = Math.round(grossPaise * 0.2);
  const commission = Math.round(fee / 1.18);
  const gst = fee - commission;
  const tcs = Math.round((grossPaise * opts.tcsPpm) / 1e6);
  const tds = Math.round((grossPaise * opts.tdsPpm) / 1e6);
  return { gross: grossPaise, commission, gst, tcs, tds, net: grossPaise - fee - tcs - tds };
}
type Money = ReturnType<typeof expected>;

/** A partial refund: each part gives back its proportion (rounded down); the commission takes the rest. */
function refundOf(order: Money, refundPaise: number): Money {
  const part = (x: number) => Math.floor((refundPaise * x) / order.gross);
  const net = part(order.net);
  const gst = part(order.gst);
  const tcs = part(order.tcs);
  const tds = part(order.tds);
  return { gross: refundPaise, commission: refundPaise - net - gst - tcs - tds, gst, tcs, tds, net };
}

const r = (paise: number) => (paise / 100).toFixed(2);
const istDay = (at: Date) => at.toLocaleDateString('en-CA', { timeZone: 'Asia/Kolkata' });
const istMonth = (at: Date) => istDay(at).slice(0, 7);

describe('tax reports: editors’ statements and TDS, the admins’ summary and exports', () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let exempt: TestUser;
  let noPan: TestUser;
  let firm: TestUser;
  const ids: Record<string, { orderId: string; gatewayOrderId: string; reference: string }> = {};
  // The money of each order, worked out from the rules.
  const A = expected(199_900, { tdsPpm: 0, tcsPpm: 0 });
  const B1 = expected(100_000, { tdsPpm: 50_000, tcsPpm: 0 });
  const B1refund = refundOf(B1, 20_000);
  const B2 = expected(50_000, { tdsPpm: 50_000, tcsPpm: 0 });
  const C = expected(250_000, { tdsPpm: 1_000, tcsPpm: 5_000 });
  const now = new Date();
  const month = istMonth(now);
  let lastQuarter = '';

  const csv = async (path: string, who: TestUser) => {
    const res = await api.get(path, { token: who.token });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    return { rows: parseCsv(res.body as string), disposition: res.headers.get('content-disposition') };
  };
  const assessedAt = async (name: string) =>
    (
      await server.db
        .select()
        .from(orderTaxAssessments)
        .where(eq(orderTaxAssessments.orderId, ids[name]!.orderId))
    )[0]!;

  beforeAll(async () => {
    server = await startTestServer(CLEARING);
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    creator = await createTestUser(server.db, 'creator');
    exempt = await createTestUser(server.db, 'editor');
    noPan = await createTestUser(server.db, 'editor', { taxProfile: null });
    firm = await createTestUser(server.db, 'editor', { taxProfile: FIRM });
    await activePayoutAccount(api, exempt);

    const order = async (name: string, editor: TestUser, rupees: number) => {
      const o = await completedPaidOrder(api, server, creator, editor, rupees);
      const [row] = await server.db.select({ n: orders.number }).from(orders).where(eq(orders.id, o.orderId));
      ids[name] = { ...o, reference: `CR-${row!.n}` };
    };
    await order('A', exempt, 1999);
    await order('B1', noPan, 1000);
    await order('B2', noPan, 500);
    await order('C', firm, 2500);

    const refund = await api.post(
      `/api/payment/refund/${ids.B1!.gatewayOrderId}`,
      { refundAmount: 200, refundNote: 'Part of the edit was not needed' },
      { token: admin.token },
    );
    expect(refund.status).toBe(201);
    await eventually(async () => {
      const [e] = await server.db
        .select()
        .from(orderEarnings)
        .where(eq(orderEarnings.orderId, ids.B1!.orderId));
      return e!.refundedPaise === 20_000;
    });
    // The exempt editor's share reaches the bank (the simulated gateway settles it).
    await eventually(async () => {
      const res = await api.get('/api/earnings', { token: exempt.token });
      return res.body.balances.paidOut === A.net / 100;
    }, 20_000);

    // B2 was credited in the previous quarter: its assessment is moved there (the ledger stays today).
    const thisQuarterStart = periodRange(quarterOfNow(now))!.from;
    const earlier = new Date(thisQuarterStart.getTime() - 80 * 86_400_000);
    lastQuarter = quarterOfNow(earlier);
    await server.db
      .update(orderTaxAssessments)
      .set({ assessedAt: earlier })
      .where(eq(orderTaxAssessments.orderId, ids.B2!.orderId));
  }, 120_000);
  afterAll(() => server?.close());

  it('gives an editor their month: one row per event, gross = commission + taxes + net, with totals', async () => {
    const { rows, disposition } = await csv(`/api/earnings/statements/${month}`, noPan);
    expect(disposition).toBe(`attachment; filename="cutroom-statement-${month}.csv"`);
    expect(rows[0]).toEqual([
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
    ]);
    const events = await server.db
      .select({ key: payoutLedger.eventKey, at: sql<string>`min(${payoutLedger.createdAt})::text` })
      .from(payoutLedger)
      .where(eq(payoutLedger.editorId, noPan.id))
      .groupBy(payoutLedger.eventKey);
    const dayOf = (prefix: string) => istDay(new Date(events.find((e) => e.key.startsWith(prefix))!.at));
    const money = (m: Money, sign = 1) =>
      [m.gross, m.commission, m.gst, m.tcs, m.tds, m.net, 0].map((p) => r(sign * p));
    expect(rows.slice(1)).toEqual([
      [dayOf('payment:'), ids.B1!.reference, 'Payment', ...money(B1), ''],
      [dayOf('payment:'), ids.B2!.reference, 'Payment', ...money(B2), ''],
      [dayOf('refund:'), ids.B1!.reference, 'Refund', ...money(B1refund, -1), ''],
      [
        'Total',
        '',
        '',
        ...['gross', 'commission', 'gst', 'tcs', 'tds', 'net'].map((k) =>
          r(B1[k as keyof Money] + B2[k as keyof Money] - B1refund[k as keyof Money]),
        ),
        '0.00',
        '',
      ],
    ]);
    const text = JSON.stringify(rows);
    for (const other of [ids.A!, ids.C!]) expect(text).not.toContain(other.reference);
  });

  it('shows the settlement to the bank on the statement, and nobody else’s orders', async () => {
    const { rows } = await csv(`/api/earnings/statements/${month}`, exempt);
    const body = rows.slice(1, -1);
    expect(body[0]).toEqual([
      expect.any(String),
      ids.A!.reference,
      'Payment',
      r(A.gross),
      r(A.commission),
      r(A.gst),
      '0.00',
      '0.00',
      r(A.net),
      '0.00',
      '',
    ]);
    const payout = body.find((row) => row[2] === 'Payout to bank')!;
    expect(payout.slice(3, 10)).toEqual(['0.00', '0.00', '0.00', '0.00', '0.00', '0.00', r(A.net)]);
    expect(payout[10]).toMatch(/^SIMUTR/);
    expect(body).toHaveLength(2);
    expect(rows.at(-1)).toEqual([
      'Total',
      '',
      '',
      r(A.gross),
      r(A.commission),
      r(A.gst),
      '0.00',
      '0.00',
      r(A.net),
      r(A.net),
      '',
    ]);
    const empty = await csv('/api/earnings/statements/2024-01', exempt);
    expect(empty.rows.slice(1)).toEqual([
      ['Total', '', '', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', ''],
    ]);
  });

  it('gives an editor the TDS of an ended quarter, and 409 for the current one', async () => {
    const current = await api.get(`/api/earnings/tds/${quarterOfNow(now)}`, { token: noPan.token });
    expect(current.status).toBe(409);
    expect(current.body).toEqual({ message: 'This quarter has not ended yet' });
    const future = await api.get('/api/earnings/tds/2030-31-Q1', { token: noPan.token });
    expect(future.status).toBe(409);

    const { rows, disposition } = await csv(`/api/earnings/tds/${lastQuarter}`, noPan);
    expect(disposition).toBe(`attachment; filename="cutroom-tds-${lastQuarter}.csv"`);
    const b2 = await assessedAt('B2');
    expect(rows).toEqual([
      ['Date of credit', 'Order', 'Gross amount', 'Refunded', 'TDS rate (%)', 'TDS deducted', 'Section'],
      [istDay(b2.assessedAt), ids.B2!.reference, r(B2.gross), '0.00', '5', r(B2.tds), b2.tdsSection],
      ['Total', '', r(B2.gross), '0.00', '', r(B2.tds), ''],
    ]);
    expect(b2.tdsSection).toMatch(/206AA|194-O/);
    const other = await csv(`/api/earnings/tds/${lastQuarter}`, exempt);
    expect(other.rows.slice(1)).toEqual([['Total', '', '0.00', '0.00', '', '0.00', '']]);
  });

  it('sums the last 12 IST months net of refunds, oldest first, with every rate', async () => {
    const res = await api.get('/api/admin/tax', { token: admin.token });
    expect(res.status).toBe(200);
    const months = res.body.months as { month: string }[];
    expect(months).toHaveLength(12);
    expect(months.at(-1)!.month).toBe(month);
    expect(months.map((m) => m.month)).toEqual([...months.map((m) => m.month)].sort());
    const b1Kept = (k: keyof Money) => B1[k] - B1refund[k];
    const sum = (k: keyof Money) => (A[k] + b1Kept(k) + C[k]) / 100;
    expect(months.at(-1)).toEqual({
      month,
      orders: 3,
      gross: sum('gross'),
      commission: sum('commission'),
      gstOnCommission: sum('gst'),
      tcs: sum('tcs'),
      tds: sum('tds'),
    });
    const b2Month = istMonth((await assessedAt('B2')).assessedAt);
    expect(months.find((m) => m.month === b2Month)).toEqual({
      month: b2Month,
      orders: 1,
      gross: B2.gross / 100,
      commission: B2.commission / 100,
      gstOnCommission: B2.gst / 100,
      tcs: 0,
      tds: B2.tds / 100,
    });
    for (const m of months.filter((x) => x.month !== month && x.month !== b2Month)) {
      expect(m).toEqual({
        month: m.month,
        orders: 0,
        gross: 0,
        commission: 0,
        gstOnCommission: 0,
        tcs: 0,
        tds: 0,
      });
    }
    expect(res.body.rates).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'gst_on_commission',
          label: 'GST on the commission',
          value: 18,
          unit: 'percent',
          effectiveFrom: '2017-07-01',
        }),
        expect.objectContaining({
          kind: 'tcs_registered',
          label: 'TCS (registered editors)',
          value: 0.5,
          unit: 'percent',
          effectiveFrom: '2024-07-10',
        }),
        expect.objectContaining({ kind: 'tds_ecommerce', label: 'TDS', value: 0.1, unit: 'percent' }),
        expect.objectContaining({
          kind: 'tds_ecommerce_no_pan',
          label: 'TDS without PAN or Aadhaar',
          value: 5,
        }),
        expect.objectContaining({ kind: 'tds_exemption_limit', value: 500_000, unit: 'rupees' }),
      ]),
    );
  });

  it('exports the month’s TCS with the whole GSTIN, one row per registered supplier', async () => {
    const { rows, disposition } = await csv(`/api/admin/tax/exports/tcs?period=${month}`, admin);
    expect(disposition).toBe(`attachment; filename="cutroom-tcs-${month}.csv"`);
    expect(rows).toEqual([
      [
        'GSTIN of supplier',
        'Legal name of supplier',
        'Gross value of supplies',
        'Value of supplies returned',
        'Net value of supplies',
        'IGST',
        'CGST',
        'SGST',
      ],
      // TCS's place of supply is the supplier's own state: CGST + SGST halves.
      [
        FIRM.gstin,
        `'${FIRM.legalName}`,
        r(C.gross),
        '0.00',
        r(C.gross),
        '0.00',
        r(Math.floor(C.tcs / 2)),
        r(C.tcs - Math.floor(C.tcs / 2)),
      ],
    ]);
  });

  it('exports the quarter’s TDS per credit, exempt ones included, with the whole PAN and the reason', async () => {
    const quarter = quarterOfNow(now);
    const { rows } = await csv(`/api/admin/tax/exports/tds?period=${quarter}`, admin);
    const [a, b1, c] = [await assessedAt('A'), await assessedAt('B1'), await assessedAt('C')];
    expect(rows[0]).toEqual([
      'Deductee PAN',
      'Deductee name',
      'Section',
      'Date of credit',
      'Amount credited',
      'TDS rate (%)',
      'TDS deducted',
      'Reason',
    ]);
    expect(rows.slice(1)).toEqual([
      [
        'ABCPE1234F',
        'Test Editor',
        a.tdsSection,
        istDay(a.assessedAt),
        r(A.gross),
        '0',
        '0.00',
        'exempt below limit',
      ],
      [
        '',
        noPan.username,
        b1.tdsSection,
        istDay(b1.assessedAt),
        r(B1.gross - 20_000),
        '5',
        r(B1.tds - B1refund.tds),
        'C',
      ],
      [FIRM.pan, `'${FIRM.legalName}`, c.tdsSection, istDay(c.assessedAt), r(C.gross), '0.1', r(C.tds), ''],
    ]);
    const last = await csv(`/api/admin/tax/exports/tds?period=${lastQuarter}`, admin);
    expect(last.rows.slice(1).map((row) => row[1])).toEqual([noPan.username]);
  });

  it('exports the month’s commission invoices and credit notes, credit notes negative', async () => {
    const { rows } = await csv(`/api/admin/tax/exports/gst?period=${month}`, admin);
    expect(rows[0]).toEqual([
      'Number',
      'Date',
      'Kind',
      'Recipient name',
      'Recipient GSTIN',
      'Place of supply',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ]);
    const half = (p: number) => Math.floor(p / 2);
    const intra = (m: Pick<Money, 'commission' | 'gst'>, sign = 1) =>
      [m.commission, half(m.gst), m.gst - half(m.gst), 0, m.commission + m.gst].map((p) => r(sign * p));
    const body = rows.slice(1).map((row) => row.slice(2));
    const karnataka = 'Karnataka (29)';
    expect(body).toEqual([
      ['Tax invoice for commission', 'Test Editor', '', karnataka, ...intra(A)],
      ['Tax invoice for commission', noPan.username, '', karnataka, ...intra(B1)],
      ['Tax invoice for commission', noPan.username, '', karnataka, ...intra(B2)],
      [
        'Tax invoice for commission',
        `'${FIRM.legalName}`,
        FIRM.gstin,
        'Maharashtra (27)',
        r(C.commission),
        '0.00',
        '0.00',
        r(C.gst),
        r(C.commission + C.gst),
      ],
      ['Credit note for commission', noPan.username, '', karnataka, ...intra(B1refund, -1)],
    ]);
    for (const row of rows.slice(1)) {
      expect(row[0]).toMatch(/\/(INV|CCN)\//);
      expect(row[1]).toBe(istDay(now));
    }
  });

  it('exports the month’s ledger tied to the gateway, line by line and in total', async () => {
    const { rows } = await csv(`/api/admin/tax/exports/ledger?period=${month}`, admin);
    expect(rows[0]).toEqual([
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
    ]);
    const money = (m: Money, sign = 1) =>
      [m.gross, m.commission, m.gst, m.tcs, m.tds, m.net].map((p) => r(sign * p));
    const find = (name: string, event: string) =>
      rows.find((row) => row[1] === ids[name]!.reference && row[3] === event)!;
    expect(find('A', 'Payment').slice(1, 11)).toEqual([
      ids.A!.reference,
      ids.A!.gatewayOrderId,
      'Payment',
      '',
      ...money(A),
    ]);
    expect(find('A', 'Payment')[12]).toMatch(/^SIMUTR/);
    expect(find('A', 'Payment')[11]).not.toBe('');
    expect(find('B1', 'Payment').slice(2, 13)).toEqual([
      ids.B1!.gatewayOrderId,
      'Payment',
      '',
      ...money(B1),
      '',
      '',
    ]);
    expect(find('B2', 'Payment').slice(5, 11)).toEqual(money(B2));
    expect(find('C', 'Payment').slice(5, 11)).toEqual(money(C));
    const refund = find('B1', 'Refund');
    expect(refund.slice(5, 11)).toEqual(money(B1refund, -1));
    expect(refund[4]).not.toBe('');
    expect(rows).toHaveLength(1 + 5 + 1);
    const all = [A, B1, B2, C];
    const total = (k: keyof Money) => all.reduce((s, m) => s + m[k], 0) - B1refund[k];
    const totals = rows.at(-1)!;
    expect(totals).toEqual([
      'Total',
      '',
      '',
      '',
      '',
      ...(['gross', 'commission', 'gst', 'tcs', 'tds', 'net'] as const).map((k) => r(total(k))),
      '',
      '',
    ]);
    // The customer's money = commission + GST + TCS + TDS + editor net, in every row and in total.
    for (const row of rows.slice(1)) {
      const [customer, ...parts] = row.slice(5, 11).map((x) => Math.round(Number(x) * 100));
      expect(parts.reduce((s, p) => s + p, 0)).toBe(customer);
    }
  });

  it('refuses bad periods with the period’s message', async () => {
    for (const bad of ['2026-13', '2026-00', '26-11', '2026-1', '２０２６-11', 'x'.repeat(90)]) {
      const res = await api.get(`/api/earnings/statements/${bad}`, { token: exempt.token });
      expect([bad, res.status, res.body?.message]).toEqual([bad, 400, 'Choose a month, like 2026-11']);
    }
    for (const bad of ['2026-28-Q1', '2026-27-Q5', '2026-27', '2025-27-Q1']) {
      const res = await api.get(`/api/earnings/tds/${bad}`, { token: exempt.token });
      expect([bad, res.status, res.body?.message]).toEqual([bad, 400, 'Choose a quarter, like 2026-27-Q3']);
    }
    for (const [kind, bad, message] of [
      ['tcs', '2026-27-Q1', 'Choose a month, like 2026-11'],
      ['gst', '2026-13', 'Choose a month, like 2026-11'],
      ['ledger', 'x'.repeat(5000), 'Choose a month, like 2026-11'],
      ['tds', '2026-11', 'Choose a quarter, like 2026-27-Q3'],
      ['tds', '2026-28-Q1', 'Choose a quarter, like 2026-27-Q3'],
    ] as const) {
      const res = await api.get(`/api/admin/tax/exports/${kind}?period=${bad}`, { token: admin.token });
      expect([kind, bad.slice(0, 20), res.status, res.body?.message]).toEqual([
        kind,
        bad.slice(0, 20),
        400,
        message,
      ]);
    }
    // Longer than a route parameter may be (Fastify's maxParamLength, 100): no route matches it, so
    // it is the JSON 404 of an unknown /api path; the database is never asked.
    const huge = await api.get(`/api/earnings/statements/${'9'.repeat(5000)}`, { token: exempt.token });
    expect([huge.status, typeof huge.body?.message]).toEqual([404, 'string']);
    // NUL is refused before any route sees it (plugins/text-bodies.ts), with its own message.
    for (const path of [
      '/api/earnings/statements/2026-11%00',
      '/api/earnings/tds/2026-27-Q1%00',
      '/api/admin/tax/exports/ledger?period=2026-11%00',
    ]) {
      const res = await api.get(path, { token: path.includes('admin') ? admin.token : exempt.token });
      expect([path, res.status, typeof res.body?.message]).toEqual([path, 400, 'string']);
    }
    const noPeriod = await api.get('/api/admin/tax/exports/tcs', { token: admin.token });
    expect(noPeriod.status).toBe(400);
    const kind = await api.get(`/api/admin/tax/exports/vat?period=${month}`, { token: admin.token });
    expect([400, 404]).toContain(kind.status);
    expect(typeof kind.body.message).toBe('string');
  });

  it('keeps each route to its role: 401 signed out, 403 for the wrong role', async () => {
    const adminPaths = [
      '/api/admin/tax',
      `/api/admin/tax/exports/tcs?period=${month}`,
      `/api/admin/tax/exports/tds?period=${lastQuarter}`,
    ];
    const editorPaths = [`/api/earnings/statements/${month}`, `/api/earnings/tds/${lastQuarter}`];
    for (const path of [...adminPaths, ...editorPaths]) expect((await api.get(path)).status, path).toBe(401);
    for (const path of adminPaths) {
      for (const who of [creator, exempt])
        expect((await api.get(path, { token: who.token })).status, path).toBe(403);
    }
    for (const path of editorPaths) {
      for (const who of [creator, admin])
        expect((await api.get(path, { token: who.token })).status, path).toBe(403);
    }
  });

  it('counts a refund in the TCS of the month it happens: supplies returned, and the TCS they gave back', async () => {
    const gstin = `29AAPFU0939F1Z${gstinCheckCharacter('29AAPFU0939F1Z')}`;
    const seller = await createTestUser(server.db, 'editor', {
      taxProfile: { ...FIRM, legalName: 'Refunded Reels LLP', stateCode: '29', gstin },
    });
    const D = expected(300_000, { tdsPpm: 1_000, tcsPpm: 5_000 });
    const Drefund = refundOf(D, 60_000);
    const o = await completedPaidOrder(api, server, creator, seller, 3000);
    // Paid last month: its payment's lines are moved there (the ledger refuses updates, so its guard is
    // lifted for this one statement), and the refund comes this month.
    const lastMonth = new Date(periodRange(month)!.from.getTime() - 86_400_000);
    await server.db.transaction(async (tx) => {
      await tx.execute(sql`alter table payout_ledger disable trigger payout_ledger_no_update`);
      await tx
        .update(payoutLedger)
        .set({ createdAt: lastMonth })
        .where(and(eq(payoutLedger.orderId, o.orderId), eq(payoutLedger.kind, 'payment')));
      await tx.execute(sql`alter table payout_ledger enable trigger payout_ledger_no_update`);
    });
    const res = await api.post(
      `/api/payment/refund/${o.gatewayOrderId}`,
      { refundAmount: 600, refundNote: 'One clip was dropped' },
      { token: admin.token },
    );
    expect(res.status).toBe(201);
    await eventually(async () => {
      const [e] = await server.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, o.orderId));
      return e!.refundedPaise === 60_000;
    });
    // Last month: the supply and its TCS. This month: only the return, and the TCS it gave back.
    const before = await csv(`/api/admin/tax/exports/tcs?period=${istMonth(lastMonth)}`, admin);
    expect(before.rows.find((row) => row[0] === gstin)).toEqual([
      gstin,
      'Refunded Reels LLP',
      r(D.gross),
      '0.00',
      r(D.gross),
      '0.00',
      r(Math.floor(D.tcs / 2)),
      r(D.tcs - Math.floor(D.tcs / 2)),
    ]);
    const { rows } = await csv(`/api/admin/tax/exports/tcs?period=${month}`, admin);
    const back = -Drefund.tcs;
    expect(rows.find((row) => row[0] === gstin)).toEqual([
      gstin,
      'Refunded Reels LLP',
      '0.00',
      r(60_000),
      r(-60_000),
      '0.00',
      r(Math.floor(back / 2)),
      r(back - Math.floor(back / 2)),
    ]);
    // The first supplier's row is as it was: its month had no return.
    expect(rows.find((row) => row[0] === FIRM.gstin)?.[3]).toBe('0.00');
  });
});

/** '2026-27-Q3' for an instant, worked out here in IST (April starts the financial year). */
function quarterOfNow(at: Date): string {
  const [y, m] = istDay(at).split('-').map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}-Q${Math.floor(((m + 8) % 12) / 3) + 1}`;
}
