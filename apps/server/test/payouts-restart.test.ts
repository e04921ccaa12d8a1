import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEarnings } from '../src/db/schema';
import { simSettlements } from '../src/modules/payments/gateway/simulator-tables';
import { eventually } from './fakes/payment-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { serverFleet } from './helpers/server';
import { createTestUser } from './helpers/users';
import { activePayoutAccount, completedPaidOrder } from './payouts/fixtures';

/**
 * Settlements are money: the simulated gateway's books and its settlement run live in the database, so a
 * server stopped after the split and started again still settles the editor's share, once.
 */
describe('payouts across a server restart', { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;
  const env = { PAYOUT_CLEARING_DAYS: String(3 / 86_400), SIMULATOR_SETTLEMENT_DELAY_SECONDS: '1' };

  const servers = serverFleet(() => ({ testDb, dataDir, env }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-payouts-restart-'));
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('settles a share split before the restart, after it', async () => {
    const first = await servers.start();
    const api = apiClient(first.url);
    const creator = await createTestUser(first.db, 'creator');
    const editor = await createTestUser(first.db, 'editor');
    await activePayoutAccount(api, editor);
    const { orderId } = await completedPaidOrder(api, first, creator, editor, 1999);
    await eventually(async () => {
      const [e] = await first.db.select().from(orderEarnings).where(eq(orderEarnings.orderId, orderId));
      return e?.splitState === 'done';
    });
    await servers.stop(first);

    const second = await servers.start();
    const again = apiClient(second.url);
    const paid = await eventually(async () => {
      const res = await again.get('/api/earnings', { token: editor.token });
      return res.body.balances?.paidOut === 1599.2 ? res.body : null;
    }, 20_000);
    expect(paid.balances).toEqual({ available: 0, pending: 0, paidOut: 1599.2 });
    expect(await second.db.select().from(simSettlements)).toHaveLength(1);
  });
});
