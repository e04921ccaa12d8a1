import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../src/db/schema';
import { createPricedEditor } from './fakes/payment-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { serverFleet } from './helpers/server';
import { createTestUser } from './helpers/users';

/**
 * Issue 25, item 16: the simulator keeps its gateway orders in memory. After the server was killed, a
 * checkout still open in our records was handed out again although the gateway no longer had it (its page
 * a 404), and the order stayed stuck until the payment lapsed an hour later.
 */
describe('an open checkout across a server restart', { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;

  const servers = serverFleet(() => ({ testDb, dataDir }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-payments-restart-'));
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('Pay Now after the restart opens a new checkout that works, and fails the forgotten one', async () => {
    const first = await servers.start();
    const creator = await createTestUser(first.db, 'creator');
    const editor = await createPricedEditor(first.db, { basic: 999 });
    const pay = (url: string) =>
      apiClient(url).post(
        `/api/payment/${editor.id}/basic`,
        { phone: '9876543210' },
        { token: creator.token },
      );

    const before = await pay(first.url);
    expect(before.status).toBe(201);
    // Pressed again on the same server: the same checkout, still open at the gateway.
    expect((await pay(first.url)).body.paymentSessionId).toBe(before.body.paymentSessionId);
    await servers.stop(first);

    const second = await servers.start();
    const after = await pay(second.url);
    expect(after.status).toBe(201);
    expect(after.body.paymentSessionId).not.toBe(before.body.paymentSessionId);
    expect(after.body.order._id).toBe(before.body.order._id);
    const page = await fetch(`${second.url}/simulator/checkout/${after.body.paymentSessionId}`);
    expect(page.status).toBe(200);
    const [forgotten] = await second.db
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.orderId, before.body.orderId));
    expect(forgotten!.status).toBe('FAILED');
  });
});
