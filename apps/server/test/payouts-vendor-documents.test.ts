import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './fakes/payment-fixtures';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';
import { BANK } from './payouts/fixtures';
import { accountOf, simulatedVendors, vendorIn } from './payouts/vendor-fixtures';

// Nothing moves a vendor by itself here: the review and the watch are far away.
const ENV = {
  PAYOUT_VENDOR_POLL_SECONDS: '3600',
  SIMULATOR_VENDOR_REVIEW_SECONDS: '3600',
  SIMULATOR_SETTLEMENT_DELAY_SECONDS: '3600',
};

describe('vendor KYC documents: the numbers sent through Upload Vendor Docs', () => {
  let server: TestServer;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(ENV);
    api = apiClient(server.url);
  });
  afterAll(() => server?.close());

  const documentsOf = async (editor: TestUser) =>
    simulatedVendors(server).documents((await accountOf(server, editor)).vendorId);

  /** Saves the payout details again and waits until the vendor job read the gateway after it. */
  async function syncAgain(editor: TestUser) {
    const before = (await accountOf(server, editor)).gatewayCheckedAt!.getTime();
    const saved = await api.put('/api/earnings/payout-details', BANK, { token: editor.token });
    expect(saved.status).toBe(200);
    await eventually(async () => {
      const at = (await accountOf(server, editor)).gatewayCheckedAt;
      return at && at.getTime() > before ? at : null;
    });
  }

  it('sends the PAN as a PAN_NUMBER document once, and again only after it changes', async () => {
    const editor = await createTestUser(server.db, 'editor', { taxProfile: { pan: 'ABCPE1234F' } });
    await vendorIn(api, editor, 'in_review');
    expect(await documentsOf(editor)).toEqual([{ docType: 'PAN_NUMBER', docValue: 'ABCPE1234F' }]);

    // The same numbers: the vendor is updated, the documents are not sent again.
    await syncAgain(editor);
    expect(await documentsOf(editor)).toHaveLength(1);

    const saved = await api.put(
      '/api/earnings/tax-profile',
      { legalName: 'Test Editor', entityType: 'individual', stateCode: '29', pan: 'ABCPE5678K' },
      { token: editor.token },
    );
    expect(saved.status).toBe(200);
    await syncAgain(editor);
    expect(await documentsOf(editor)).toEqual([
      { docType: 'PAN_NUMBER', docValue: 'ABCPE1234F' },
      { docType: 'PAN_NUMBER', docValue: 'ABCPE5678K' },
    ]);
    await syncAgain(editor);
    expect(await documentsOf(editor)).toHaveLength(2);
  });

  it('sends UIDAI_NUMBER for an editor who gave Aadhaar instead of a PAN', async () => {
    const editor = await createTestUser(server.db, 'editor', {
      taxProfile: { pan: null, aadhaar: '234123412346' },
    });
    await vendorIn(api, editor, 'action_required');
    expect(await documentsOf(editor)).toEqual([{ docType: 'UIDAI_NUMBER', docValue: '234123412346' }]);
  });

  it('makes a refused document the vendor’s reason, without its number', async () => {
    const editor = await createTestUser(server.db, 'editor', {
      taxProfile: { pan: 'ABCPE1234F', gstin: '29ABCPE1234F1Y5' },
    });
    const account = await vendorIn(api, editor, 'action_required');
    expect(account.vendorError).toBe('GSTIN_NUMBER: doc_value : invalid value');
    expect(account.vendorError).not.toContain('29ABCPE');
    expect(await documentsOf(editor)).toEqual([{ docType: 'PAN_NUMBER', docValue: 'ABCPE1234F' }]);
  });
});
