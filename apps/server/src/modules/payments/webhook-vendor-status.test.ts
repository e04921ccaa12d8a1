import { describe, expect, it } from 'vitest';
import { parseWebhook } from './webhook-format';

const body = (data: object) =>
  Buffer.from(
    JSON.stringify({ data, event_time: '2023-06-08T15:10:37+05:30', type: 'VENDOR_STATUS_UPDATE' }),
  );

describe('VENDOR_STATUS_UPDATE webhook', () => {
  it("reads Cashfree's documented body: the vendor, its new and past status, the documents not verified", () => {
    const parsed = parseWebhook(
      body({
        merchant_id: 152707,
        merchant_vendor_id: 'status002',
        email: 'john.doe@cashfree.com',
        updated_status: 'ACTION_REQUIRED',
        past_status: 'IN_BENE_CREATION',
        account_number: null,
        ifsc: null,
        updated_by: 'AUTOMATED',
        document_status: { PAN: 'VERIFIED', GSTIN: 'DUE_CURRENTLY' },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      event: {
        kind: 'vendor_status',
        orderId: null,
        vendorId: 'status002',
        status: 'ACTION_REQUIRED',
        pastStatus: 'IN_BENE_CREATION',
        reason: 'GSTIN: DUE_CURRENTLY',
      },
    });
  });

  it('has no reason when every document is verified or none is listed, and refuses a body without a vendor', () => {
    const ok = parseWebhook(
      body({ merchant_vendor_id: 'v1', updated_status: 'ACTIVE', document_status: { PAN: 'VERIFIED' } }),
    );
    expect(ok.ok && ok.event.kind === 'vendor_status' && ok.event.reason).toBe(null);
    const bare = parseWebhook(body({ merchant_vendor_id: 'v1', updated_status: 'ACTIVE' }));
    expect(bare.ok && bare.event.kind === 'vendor_status' && bare.event.pastStatus).toBe(null);
    expect(parseWebhook(body({ updated_status: 'ACTIVE' }))).toEqual({ ok: false, reason: 'malformed' });
  });
});
