import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simVendors } from '../src/modules/payments/gateway/simulator-tables';
import { eventually, postWebhook } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser } from './helpers/users';
import { completedPaidOrder } from './payouts/fixtures';
import { accountOf, simulatedVendors, splitStateOf, untilVendor, vendorIn } from './payouts/vendor-fixtures';

// Polling far away: whatever moves a vendor here is the vendor status webhook.
const ENV = { PAYOUT_VENDOR_POLL_SECONDS: '3600', SIMULATOR_SETTLEMENT_DELAY_SECONDS: '3600' };

describe('vendor KYC: statuses, their reasons, and the status webhook', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(ENV);
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  it('sends the PAN from the tax profile, reviews it, then the vendor is active', async () => {
    const editor = await createTestUser(server.db, 'editor', { taxProfile: { pan: 'ABCPE1234F' } });
    const account = await vendorIn(api, editor, 'active');
    expect(account).toMatchObject({ gatewayStatus: 'ACTIVE', vendorError: null });
    const [vendor] = await server.db
      .select()
      .from(simVendors)
      .where(eq(simVendors.vendorId, (await accountOf(server, editor)).vendorId));
    expect(vendor!.kyc).toEqual({ pan: 'ABCPE1234F', gstin: null, verified: true });
  });

  it('keeps a vendor without PAN in ACTION_REQUIRED, says why to the editor and the admin, and holds its splits until the webhook says ACTIVE', async () => {
    const creator = await createTestUser(server.db, 'creator');
    const editor = await createTestUser(server.db, 'editor', { taxProfile: { pan: null } });
    const admin = await createTestUser(server.db, 'admin');

    const mine = await vendorIn(api, editor, 'action_required');
    expect(mine.gatewayStatus).toBe('ACTION_REQUIRED');
    expect(mine.vendorError).toMatch(/PAN/);

    const page = await api.get(`/api/admin/payouts?q=${editor.username}`, { token: admin.token });
    expect(page.body.items[0]).toMatchObject({
      vendorState: 'action_required',
      gatewayStatus: 'ACTION_REQUIRED',
      vendorError: mine.vendorError,
    });
    const failures = await api.get('/api/admin/payouts/failures', { token: admin.token });
    expect(failures.body.items).toContainEqual(
      expect.objectContaining({ kind: 'vendor', id: editor.id, reason: mine.vendorError }),
    );

    const { orderId } = await completedPaidOrder(api, server, creator, editor, 999);
    await eventually(async () => (await splitStateOf(server, orderId)) === 'waiting');

    // Cashfree's onboarding team clears the vendor; its VENDOR_STATUS_UPDATE webhook arrives.
    const { vendorId } = await accountOf(server, editor);
    await simulatedVendors(server).setStatus(vendorId, 'ACTIVE');
    const active = await untilVendor(api, editor, 'active');
    expect(active).toMatchObject({ gatewayStatus: 'ACTIVE', vendorError: null });
    await eventually(async () => (await splitStateOf(server, orderId)) === 'done');
  });

  it('applies a webhook as the gateway now reads the vendor: a stale body never takes it back', async () => {
    const editor = await createTestUser(server.db, 'editor');
    await vendorIn(api, editor, 'active');
    const { vendorId } = await accountOf(server, editor);
    const stale = JSON.stringify({
      data: {
        merchant_vendor_id: vendorId,
        updated_status: 'ACTION_REQUIRED',
        past_status: 'IN_BENE_CREATION',
        document_status: { PAN: 'DUE_CURRENTLY' },
      },
      event_time: '2026-11-27T10:00:00+05:30',
      type: 'VENDOR_STATUS_UPDATE',
    });
    const res = await postWebhook(server.url, server.config.webhookSecret, stale);
    expect(res.status).toBe(200);
    expect((await accountOf(server, editor)).vendorState).toBe('active');

    const unknown = stale.replace(vendorId, 'ED_nobody');
    expect((await postWebhook(server.url, server.config.webhookSecret, unknown)).status).toBe(200);
    const malformed = JSON.stringify({ data: { updated_status: 'ACTIVE' }, type: 'VENDOR_STATUS_UPDATE' });
    expect((await postWebhook(server.url, server.config.webhookSecret, malformed)).status).toBeLessThan(500);
  });

  it('shows the gateway reason of a later ACTION_REQUIRED, and an admin Retry sends the vendor again', async () => {
    const editor = await createTestUser(server.db, 'editor');
    const admin = await createTestUser(server.db, 'admin');
    await vendorIn(api, editor, 'active');
    const { vendorId } = await accountOf(server, editor);
    await simulatedVendors(server).setStatus(vendorId, 'ACTION_REQUIRED', {
      remarks: 'PAN name does not match the bank account holder',
    });
    const needs = await untilVendor(api, editor, 'action_required');
    expect(needs.vendorError).toBe('PAN name does not match the bank account holder');

    const retried = await api.post(`/api/admin/payouts/failures/vendor/${editor.id}/retry`, undefined, {
      token: admin.token,
    });
    expect(retried.status).toBe(200);
    // The PAN is sent again and already verified: the vendor is active once more.
    await untilVendor(api, editor, 'active');
    const again = await api.post(`/api/admin/payouts/failures/vendor/${editor.id}/retry`, undefined, {
      token: admin.token,
    });
    expect(again.status).toBe(404);
  });
});
