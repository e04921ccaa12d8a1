import { and, eq, sql } from 'drizzle-orm';
import { jobs } from '../src/db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simVendors } from '../src/modules/payments/gateway/simulator-tables';
import { eventually, postWebhook } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { completedPaidOrder } from './payouts/fixtures';
import { accountOf, simulatedVendors, splitStateOf, untilVendor, vendorIn } from './payouts/vendor-fixtures';

// The simulated review never ends by itself here, and the watch re-reads vendors every half second or so.
const ENV = {
  PAYOUT_VENDOR_POLL_SECONDS: '0.5',
  SIMULATOR_VENDOR_REVIEW_SECONDS: '3600',
  SIMULATOR_SETTLEMENT_DELAY_SECONDS: '3600',
};

describe('vendor KYC: the watch, when the status webhook is lost', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(ENV);
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('shows a vendor in review, and resumes its waiting split when polling finds it active', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor');
    const review = await vendorIn(api, editor, 'in_review');
    expect(review).toMatchObject({ gatewayStatus: 'IN_BENE_CREATION', vendorError: null });

    const { orderId } = await completedPaidOrder(api, server, creator, editor, 999);
    await eventually(async () => (await splitStateOf(server, orderId)) === 'waiting');

    // The gateway activates the vendor and its webhook never arrives.
    const { vendorId } = await accountOf(server, editor);
    await simulatedVendors(server).setStatus(vendorId, 'ACTIVE', { webhook: false });
    await untilVendor(api, editor, 'active', 15_000);
    await eventually(async () => (await splitStateOf(server, orderId)) === 'done', 15_000);
  });

  it('sends a PAN saved later in the tax profile, and the vendor goes from ACTION_REQUIRED to review', async () => {
    const editor = await createTestUser(server.db, 'editor', { taxProfile: { pan: null } });
    await vendorIn(api, editor, 'action_required');
    const saved = await api.put(
      '/api/earnings/tax-profile',
      { legalName: 'Test Editor', entityType: 'individual', stateCode: '29', pan: 'ABCPE1234F' },
      { token: editor.token },
    );
    expect(saved.status).toBe(200);
    const review = await untilVendor(api, editor, 'in_review', 15_000);
    expect(review).toMatchObject({ gatewayStatus: 'IN_BENE_CREATION', vendorError: null });
    const { vendorId } = await accountOf(server, editor);
    const [vendor] = await server.db.select().from(simVendors).where(eq(simVendors.vendorId, vendorId));
    expect(vendor!.kyc).toMatchObject({ pan: 'ABCPE1234F', verified: false });
  });

  it('keeps one watch per vendor however often it is woken', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await vendorIn(api, editor, 'in_review');
    const { vendorId } = await accountOf(server, editor);
    // Status webhooks repeated and arriving together: each wakes the watch, one chain stays.
    const body = JSON.stringify({
      data: { merchant_vendor_id: vendorId, updated_status: 'IN_BENE_CREATION', past_status: 'ACTIVE' },
      event_time: '2026-11-27T10:00:00+05:30',
      type: 'VENDOR_STATUS_UPDATE',
    });
    const answers = await Promise.all(
      [1, 2, 3].map(() => postWebhook(server.url, server.config.webhookSecret, body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const queued = await server.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, 'payout.vendor-watch'),
          eq(jobs.status, 'queued'),
          sql`${jobs.payload}->>'editorId' = ${editor.id}`,
        ),
      );
    expect(queued.length).toBeLessThanOrEqual(1);
  });
});
