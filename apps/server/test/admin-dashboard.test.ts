import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@cutroom/contracts';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { dashboardRows, daysAgo, indianDay } from './admin-dashboard-fixtures';

/**
 * GET /api/admin/dashboard (issue 25, item 19): the admins' figures, computed by the server from the
 * rows themselves: orders by status, paid volume and commission per Indian day for 30 days, and what
 * waits for an admin. Admins only.
 */
describe('admin dashboard figures', { timeout: 120_000 }, () => {
  let server: TestServer;
  let api: ApiClient;
  let admin: TestUser;
  let creator: TestUser;
  let editor: TestUser;

  beforeAll(async () => {
    server = await startTestServer();
    api = apiClient(server.url);
    admin = await createTestUser(server.db, 'admin');
    creator = await createTestUser(server.db, 'creator');
    editor = await createTestUser(server.db, 'editor');
  });
  afterAll(() => server?.close());

  const figures = async (): Promise<AdminDashboard> => {
    const res = await api.get('/api/admin/dashboard', { token: admin.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('answers an empty marketplace with zeros and 30 days ending today', async () => {
    const empty = await figures();
    expect(empty.ordersByStatus.every((s) => s.count === 0)).toBe(true);
    expect(empty.ordersByStatus).toHaveLength(10);
    expect(empty.daily).toHaveLength(30);
    expect(empty.daily.at(-1)!.day).toBe(indianDay(new Date()));
    expect(empty.daily[0]!.day).toBe(indianDay(daysAgo(29)));
    expect(empty.totals).toEqual({ volume: 0, commission: 0 });
    expect(empty.attention).toEqual({
      openFlags: 0,
      openTickets: 0,
      payoutFailures: 0,
      lateOrders: 0,
      disputesToDecide: 0,
    });
  });

  it('counts what the rows say', async () => {
    const rows = dashboardRows(server.db, creator, editor);
    const now = Date.now();
    // Orders: the earnings below add three completed ones.
    await rows.order('in_progress', { dueAt: daysAgo(1, now) }); // late
    await rows.order('in_progress', { dueAt: daysAgo(-2, now) }); // not yet due
    await rows.order('cancelled');
    await rows.order('offered');
    // Money: ₹1,499 and ₹500.50 today, ₹1,000 two days ago, ₹9,999 forty days ago (outside the window).
    await rows.earning(149900, 29980, new Date(now));
    await rows.payment('SUCCESS', 50050, new Date(now));
    await rows.earning(100000, 20000, daysAgo(2, now), 'failed');
    await rows.earning(999900, 199980, daysAgo(40, now));
    await rows.payment('FAILED', 77700, null);
    await rows.payment('INITIATED', 88800, null);
    // Waiting for an admin.
    await rows.flag('open');
    await rows.flag('open');
    await rows.flag('dismissed');
    await rows.ticket('open');
    await rows.ticket('closed');
    await rows.failedVendor();
    await rows.settlement('FAILED');
    await rows.settlement('FAILED', true); // retried: no longer waiting
    await rows.settlement('SUCCESS');
    await rows.adjustment('failed');
    await rows.adjustment('done');
    await rows.dispute('with_admins');
    await rows.dispute('awaiting_response'); // the sides' turn: not an admin's yet
    await rows.dispute('withdrawn');

    const f = await figures();
    const count = (s: string) => f.ordersByStatus.find((r) => r.status === s)!.count;
    expect(count('completed')).toBe(3);
    expect(count('in_progress')).toBe(2);
    expect(count('cancelled')).toBe(1);
    expect(count('offered')).toBe(1);
    expect(count('delivered')).toBe(3); // the three disputed ones below

    const today = f.daily.find((d) => d.day === indianDay(new Date(now)))!;
    expect(today).toEqual({ day: indianDay(new Date(now)), volume: 1999.5, commission: 299.8 });
    const twoDaysAgo = f.daily.find((d) => d.day === indianDay(daysAgo(2, now)))!;
    expect(twoDaysAgo).toMatchObject({ volume: 1000, commission: 200 });
    expect(f.daily.filter((d) => d.volume > 0)).toHaveLength(2);
    expect(f.totals).toEqual({ volume: 2999.5, commission: 499.8 });
    expect(f.attention).toEqual({
      openFlags: 2,
      openTickets: 1,
      payoutFailures: 4,
      lateOrders: 1,
      disputesToDecide: 1,
    });
  });

  it('is for admins only', async () => {
    expect((await api.get('/api/admin/dashboard')).status).toBe(401);
    const creatorReply = await api.get('/api/admin/dashboard', { token: creator.token });
    expect(creatorReply.status).toBe(403);
    expect(creatorReply.body).toEqual({ message: expect.any(String) });
    expect((await api.get('/api/admin/dashboard', { token: editor.token })).status).toBe(403);
  });
});
