import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeGateway } from '../src/modules/payments/gateway/cashfree';
import type { GatewayVendorInput } from '../src/modules/payments/gateway/split-types';
import { gatewayError, startFakeCashfree, type FakeCashfree } from './fakes/cashfree';

const vendor = (vendorId: string, kyc: GatewayVendorInput['kyc']): GatewayVendorInput => ({
  vendorId,
  name: 'Asha Rao',
  email: 'asha.rao@example.com',
  phone: '9876543210',
  destination: {
    kind: 'bank',
    accountHolder: 'Asha Rao',
    accountNumber: '026291800001191',
    ifsc: 'YESB0000262',
  },
  kyc,
});

describe('Cashfree Easy Split adapter: vendor KYC as Cashfree documents it', () => {
  let fake: FakeCashfree;
  let gateway: CashfreeGateway;

  beforeAll(async () => {
    fake = await startFakeCashfree();
    gateway = new CashfreeGateway({
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
      mode: 'sandbox',
      baseUrl: fake.baseUrl,
    });
  });
  afterAll(() => fake?.close());

  const last = () => fake.requests.at(-1)!;

  it('creates a vendor with kyc_details.pan, and gst for a registered editor', async () => {
    fake.split.newVendorStatus = 'ACTIVE';
    await gateway.createVendor(vendor('editor_kyc_1', { pan: 'ABCPE1234F', gstin: null }));
    expect(last().body.kyc_details).toEqual({
      account_type: 'INDIVIDUAL',
      business_type: 'Social Media and Entertainment',
      pan: 'ABCPE1234F',
    });
    await gateway.createVendor(vendor('editor_kyc_2', { pan: 'ABCPE1234F', gstin: '29ABCPE1234F1Z5' }));
    expect(last().body.kyc_details).toMatchObject({ pan: 'ABCPE1234F', gst: '29ABCPE1234F1Z5' });
    expect(fake.split.vendors.get('editor_kyc_2')!.kyc_details).toMatchObject({ gst: '29ABCPE1234F1Z5' });
    // Nothing is sent for numbers the editor has not given.
    await gateway.createVendor(vendor('editor_kyc_3', { pan: null, gstin: null }));
    expect(last().body.kyc_details).not.toHaveProperty('pan');
    expect(last().body.kyc_details).not.toHaveProperty('gst');
    expect(fake.violations).toEqual([]);
  });

  it('sends a PAN given later on the PATCH, and passes on a malformed one in Cashfree’s words', async () => {
    await gateway.createVendor(vendor('editor_kyc_4', { pan: null, gstin: null }));
    await gateway.updateVendor(vendor('editor_kyc_4', { pan: 'ABCPE1234F', gstin: null }));
    const patch = last();
    expect(patch.method).toBe('PATCH');
    expect(patch.path).toBe('/pg/easy-split/vendors/editor_kyc_4');
    expect(patch.body.kyc_details).toMatchObject({ pan: 'ABCPE1234F' });
    expect(fake.split.vendors.get('editor_kyc_4')!.kyc_details).toMatchObject({ pan: 'ABCPE1234F' });

    const bad = await gatewayError(
      gateway.createVendor(vendor('editor_kyc_5', { pan: 'ABC123', gstin: null })),
    );
    expect(bad.message).toContain('kyc_details.pan');
    expect(bad.definitive).toBe(true);
    fake.violations.length = 0;
  });

  it("reads ACTION_REQUIRED with Cashfree's remarks, else the documents it has not verified", async () => {
    await gateway.createVendor(vendor('editor_kyc_6', { pan: 'ABCPE1234F', gstin: null }));
    fake.split.setVendorStatus('editor_kyc_6', 'ACTION_REQUIRED', 'PAN name mismatch with bank account');
    expect(await gateway.getVendor('editor_kyc_6')).toEqual({
      vendorId: 'editor_kyc_6',
      status: 'ACTION_REQUIRED',
      remarks: 'PAN name mismatch with bank account',
    });
    fake.split.setVendorStatus('editor_kyc_6', 'ACTION_REQUIRED', null);
    fake.split.vendors.get('editor_kyc_6')!.related_docs = [
      { doc_type: 'PAN', doc_value: 'ABCPE1234F', status: 'REJECTED', remarks: 'Unreadable' },
      { doc_type: 'GSTIN', doc_value: null, status: 'VERIFIED', remarks: null },
    ];
    expect((await gateway.getVendor('editor_kyc_6'))!.remarks).toBe('PAN: REJECTED (Unreadable)');
  });
  it('uploads KYC numbers as Upload Vendor Docs documents: multipart/form-data with doc_type and doc_value, no file', async () => {
    fake.violations.length = 0;
    await gateway.createVendor(vendor('editor_kyc_7', { pan: 'ABCPE1234F', gstin: null }));
    const doc = await gateway.uploadVendorDocument({
      vendorId: 'editor_kyc_7',
      docType: 'PAN_NUMBER',
      docValue: 'ABCPE1234F',
    });
    expect(doc).toEqual({
      vendorId: 'editor_kyc_7',
      docType: 'PAN_NUMBER',
      status: 'IN_REVIEW',
      remarks: null,
    });
    const post = last();
    expect(post.method).toBe('POST');
    expect(post.path).toBe('/pg/easy-split/vendor-docs/editor_kyc_7');
    expect(post.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(post.headers['x-idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(post.headers).toMatchObject({
      'x-api-version': '2025-01-01',
      'x-client-id': fake.clientId,
      'x-client-secret': fake.clientSecret,
    });
    expect(post.body).toMatch(/name="doc_type"\r\n\r\nPAN_NUMBER\r\n/);
    expect(post.body).toMatch(/name="doc_value"\r\n\r\nABCPE1234F\r\n/);
    expect(post.body).not.toContain('name="file"');
    expect(fake.vendorDocs.uploads.at(-1)).toEqual({
      vendorId: 'editor_kyc_7',
      fields: { doc_type: 'PAN_NUMBER', doc_value: 'ABCPE1234F' },
    });

    await gateway.uploadVendorDocument({
      vendorId: 'editor_kyc_7',
      docType: 'GSTIN_NUMBER',
      docValue: '29ABCPE1234F1Z5',
    });
    await gateway.uploadVendorDocument({
      vendorId: 'editor_kyc_7',
      docType: 'UIDAI_NUMBER',
      docValue: '234567890124',
    });
    // Get Vendor All Documents Status answers what was uploaded.
    const res = await fetch(`${fake.baseUrl}/easy-split/vendor-docs/editor_kyc_7`, {
      headers: {
        'x-api-version': '2025-01-01',
        'x-client-id': fake.clientId,
        'x-client-secret': fake.clientSecret,
      },
    });
    const body = (await res.json()) as { documents: { doc_type: string; status: string }[] };
    expect(body.documents.map((d) => [d.doc_type, d.status])).toEqual([
      ['PAN_NUMBER', 'IN_REVIEW'],
      ['GSTIN_NUMBER', 'IN_REVIEW'],
      ['UIDAI_NUMBER', 'IN_REVIEW'],
    ]);
    expect(fake.violations).toEqual([]);
  });

  it('passes on a refused upload as a definitive GatewayError in Cashfree’s words', async () => {
    await gateway.createVendor(vendor('editor_kyc_8', { pan: null, gstin: null }));
    const bad = await gatewayError(
      gateway.uploadVendorDocument({ vendorId: 'editor_kyc_8', docType: 'PAN_NUMBER', docValue: 'ABC123' }),
    );
    expect(bad.definitive).toBe(true);
    expect(bad.message).toContain('doc_value : invalid value');
    const aadhaar = await gatewayError(
      gateway.uploadVendorDocument({ vendorId: 'editor_kyc_8', docType: 'UIDAI_NUMBER', docValue: '1234' }),
    );
    expect(aadhaar.definitive).toBe(true);
    const unknown = await gatewayError(
      gateway.uploadVendorDocument({
        vendorId: 'editor_kyc_none',
        docType: 'PAN_NUMBER',
        docValue: 'ABCPE1234F',
      }),
    );
    expect(unknown).toMatchObject({ definitive: true, gatewayStatus: 404 });
    expect(fake.vendorDocs.docs.get('editor_kyc_8')).toBeUndefined();
    fake.violations.length = 0;
  });
});
