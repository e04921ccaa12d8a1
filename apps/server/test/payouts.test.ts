import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, payoutAccounts, payoutSettlements } from '../src/db/schema';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { activePayoutAccount, BANK, completedPaidOrder, expectLedgerBalanced } from './payouts/fixtures';

// Two seconds of clearing, then a second until the simulated gateway's settlement cycle, within a test.
const CLEARING = { PAYOUT_CLEARING_DAYS: String(2 / 86_400), SIMULATOR_SETTLEMENT_DELAY_SECONDS: '1' };

describe('payouts: an editor is paid through Easy Split', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(CLEARING);
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('moves an order’s share from pending to available to paid out, with the commission fixed at payment', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    const summary = await activePayoutAccount(api, editor);
    expect(summary.payoutAccount).toMatchObject({
      method: 'bank',
      accountHolder: 'Ravi Kumar',
      masked: 'A/c •••• 9012 · HDFC0001234',
      heldUntil: null,
    });
    expect(JSON.stringify(summary)).not.toContain(BANK.accountNumber);

    const { orderId } = await completedPaidOrder(api, server, creator, editor, 1999);
    const clearing = await api.get('/api/earnings/orders', { token: editor.token });
    expect(clearing.body.items[0]).toMatchObject({
      orderId,
      gross: 1999,
      feePercent: 20,
      // The fee (₹399.80) includes 18 % GST: commission ₹338.81 + GST ₹60.99; an exempt editor keeps 80 %.
      commission: 338.81,
      gstOnCommission: 60.99,
      tcs: 0,
      tds: 0,
      share: 1599.2,
    });
    expect(['clearing', 'available', 'paid_out']).toContain(clearing.body.items[0].state);

    const paid = await eventually(async () => {
      const res = await api.get('/api/earnings', { token: editor.token });
      return res.body.balances.paidOut === 1599.2 ? res.body : null;
    }, 15_000);
    expect(paid.balances).toEqual({ available: 0, pending: 0, paidOut: 1599.2 });
    expect(paid.settlements[0]).toMatchObject({ amount: 1599.2, status: 'SUCCESS' });
    expect(paid.settlements[0].utr).toMatch(/^SIMUTR/);
    const rows = await api.get('/api/earnings/orders', { token: editor.token });
    expect(rows.body.items[0].state).toBe('paid_out');
    const totals = await expectLedgerBalanced(server);
    expect(totals.platform_commission).toBeGreaterThanOrEqual(33_881);
    expect(totals.gst_on_commission).toBeGreaterThanOrEqual(6_099);
  });

  it('keeps payout details sealed, shows them masked, and holds payouts for 24 hours after a change', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const bad = await api.put(
      '/api/earnings/payout-details',
      { ...BANK, ifsc: 'HDFC1234' },
      { token: editor.token },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('IFSC');
    await activePayoutAccount(api, editor, {
      method: 'upi',
      accountHolder: 'Ravi K',
      phone: '9876543210',
      vpa: 'ravi.k@okicici',
    });
    const [row] = await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id));
    expect(row!.detailsSealed).not.toContain('okicici');
    expect(Buffer.from(row!.detailsSealed, 'base64').toString('latin1')).not.toContain('okicici');
    expect(row!.masked).toBe('ra•••@okicici');

    const changed = await api.put('/api/earnings/payout-details', BANK, { token: editor.token });
    expect(changed.status).toBe(200);
    const held = new Date(changed.body.payoutAccount.heldUntil).getTime();
    expect(held).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    const notice = await eventually(async () => {
      const list = await server.db.select().from(notifications).where(eq(notifications.userId, editor.id));
      return list.find((n) => n.kind === 'payout_details_changed') ?? null;
    });
    expect(notice.body).toContain('A/c •••• 9012');
  });

  it('refuses hostile payout details with a readable 4xx and keeps nothing', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const put = (body: unknown) => api.put('/api/earnings/payout-details', body, { token: editor.token });
    for (const body of [
      { ...BANK, accountHolder: 'Ravi\u0000Kumar' },
      { ...BANK, accountNumber: '1234\u00005678901' },
      { ...BANK, accountHolder: '\u200b\u200b\u200b' },
      { ...BANK, accountHolder: '=HYPERLINK("x")' },
      { method: 'upi', accountHolder: 'Ravi', phone: '9876543210', vpa: 'ravi-@ok-icici' },
      { ...BANK, method: 'cheque' },
      { ...BANK, phone: '12345' },
    ]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    const huge = await put({ ...BANK, accountHolder: 'x'.repeat(3 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const [row] = await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id));
    expect(row).toBeUndefined();
    // Invisible padding is dropped, spaces in an account number and a lower-case IFSC are tidied.
    const tidy = await put({
      ...BANK,
      accountHolder: '\u200bRavi Kumar',
      accountNumber: '1234 5678 9012',
      ifsc: 'hdfc0001234',
    });
    expect(tidy.status).toBe(200);
    expect(tidy.body.payoutAccount).toMatchObject({
      accountHolder: 'Ravi Kumar',
      masked: 'A/c •••• 9012 · HDFC0001234',
    });
  });

  it('saves two first payout details sent at once: one account, the second a change', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const [a, b] = await Promise.all([
      api.put('/api/earnings/payout-details', BANK, { token: editor.token }),
      api.put(
        '/api/earnings/payout-details',
        { ...BANK, accountNumber: '998877665544' },
        { token: editor.token },
      ),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const rows = await server.db.select().from(payoutAccounts).where(eq(payoutAccounts.editorId, editor.id));
    expect(rows).toHaveLength(1);
    expect([a.body.payoutAccount.heldUntil, b.body.payoutAccount.heldUntil].filter(Boolean)).toHaveLength(1);
  });

  it('lets only editors see earnings and only admins see payouts', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const admin = await createTestUser(server.db, 'admin');
    expect((await api.get('/api/earnings', { token: creator.token })).status).toBe(403);
    expect((await api.get('/api/earnings')).status).toBe(401);
    // The first test's settlement, with whose it is and the bank's reference.
    const settlements = await api.get('/api/admin/payouts/settlements', { token: admin.token });
    expect(settlements.status).toBe(200);
    expect(settlements.body.items[0]).toMatchObject({ amount: 1599.2, status: 'SUCCESS' });
    expect(settlements.body.items[0].utr).toMatch(/^SIMUTR/);
    expect(settlements.body.items[0].editor.username).toBeTruthy();
    // A cursor the server did not make is refused, as on every cursor list (it was an empty page).
    const junk = await api.get('/api/admin/payouts/settlements?cursor=not-a-cursor', { token: admin.token });
    expect([junk.status, junk.body.message]).toEqual([400, 'Invalid cursor']);
    const editor = await createTestUser(server.db, 'editor');
    const junkEarnings = await api.get('/api/earnings/orders?cursor=not-a-cursor', { token: editor.token });
    expect([junkEarnings.status, junkEarnings.body.message]).toEqual([400, 'Invalid cursor']);
    const page = await api.get('/api/admin/payouts', { token: admin.token });
    expect(page.status).toBe(200);
    expect(page.body.items.length).toBeGreaterThan(0);
    const csv = await api.get('/api/admin/payouts/export?from=2020-01-01&to=2099-12-31', {
      token: admin.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    for (const bad of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-13-01&to=2026-12-01',
      'from=2026-11-02&to=2026-11-01',
    ]) {
      const res = await api.get(`/api/admin/payouts/export?${bad}`, { token: admin.token });
      expect(res.status, bad).toBe(400);
    }
  });

  it("pages every editor's settlements, 20 at a time, each once, ties in one millisecond included", async () => {
    const admin = await createTestUser(server.db, 'admin');
    const editor = await createTestUser(server.db, 'editor');
    // One statement: many rows share the statement's now(), to the millisecond the column keeps.
    const added = await server.db
      .insert(payoutSettlements)
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          editorId: editor.id,
          vendorId: `ED_${i}`,
          gatewaySettlementId: `PAGE_${editor.id}_${i}`,
          amountPaise: 100 + i,
          status: 'SUCCESS' as const,
        })),
      )
      .returning({ id: payoutSettlements.id });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
      const res: { status: number; body: { items: { id: string }[]; nextCursor: string | null } } =
        await api.get(`/api/admin/payouts/settlements${query}`, { token: admin.token });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((s) => s.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 50);
    const mine = new Set(added.map((r) => r.id));
    expect(seen.filter((id) => mine.has(id)).sort()).toEqual([...mine].sort());
    expect(new Set(seen).size).toBe(seen.length);
  });
});
