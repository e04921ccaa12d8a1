import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CashfreeGateway } from '../src/modules/payments/gateway/cashfree';
import { CashfreeEasySplit } from '../src/modules/payments/gateway/cashfree-split';
import type { GatewayVendorInput } from '../src/modules/payments/gateway/split-types';
import { gatewayError, startFakeCashfree, type FakeCashfree } from './fakes/cashfree';
import { CASHFREE_SPLIT_TIMING } from './fakes/cashfree-split';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bankVendor = (vendorId: string): GatewayVendorInput => ({
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
});

const upiVendor = (vendorId: string): GatewayVendorInput => ({
  vendorId,
  name: 'Ravi K. Menon',
  email: 'ravi@example.in',
  phone: '9123456780',
  destination: { kind: 'upi', accountHolder: 'Ravi K. Menon', vpa: 'ravi.menon-1@okaxis' },
});

describe('Cashfree Easy Split adapter against a fake that checks requests as Cashfree documents them', () => {
  let fake: FakeCashfree;
  let gateway: CashfreeGateway;
  let orderSeq = 0;

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
  beforeEach(() => {
    fake.split.newVendorStatus = 'ACTIVE';
  });

  const last = () => fake.requests.at(-1)!;
  /**
   * A Cashfree order of `amountPaise`, paid unless told otherwise, and Cashfree's wait after the payment
   * passed (its 2-minute rule itself is tested in payout-cashfree-timing.test.ts).
   */
  const paidOrder = async (amountPaise: number, paid = true) => {
    const orderId = `order_split_${++orderSeq}`;
    await gateway.createOrder({
      orderId,
      amountPaise,
      customerId: 'c1',
      customerPhone: '9876543210',
      returnUrl: 'http://localhost:3000/payment-success?order_id={order_id}',
      expiresAt: new Date(Date.now() + 60 * 60 * 1000),
    });
    if (paid) fake.addPayment(orderId, 'SUCCESS');
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    return orderId;
  };
  const balance = (vendorId: string) => fake.split.vendors.get(vendorId)!.unsettledPaise;

  it('creates a bank vendor with the documented path, headers and body, once however often retried', async () => {
    const vendor = await gateway.createVendor(bankVendor('editor_bank_1'));
    expect(vendor).toEqual({ vendorId: 'editor_bank_1', status: 'ACTIVE', remarks: null });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/pg/easy-split/vendors');
    expect(sent.headers['x-api-version']).toBe('2025-01-01');
    expect(sent.headers['x-client-id']).toBe(fake.clientId);
    expect(sent.headers['x-client-secret']).toBe(fake.clientSecret);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.headers['x-request-id']).toMatch(UUID);
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent.body).toEqual({
      vendor_id: 'editor_bank_1',
      status: 'ACTIVE',
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      phone: '9876543210',
      verify_account: true,
      dashboard_access: false,
      bank: { account_number: '026291800001191', account_holder: 'Asha Rao', ifsc: 'YESB0000262' },
      kyc_details: { account_type: 'INDIVIDUAL', business_type: 'Social Media and Entertainment' },
    });
    expect(sent.body).not.toHaveProperty('schedule_option');
    expect(sent.body).not.toHaveProperty('upi');

    // A retry after a lost reply carries the same key and gets the first answer, not a second vendor.
    expect(await gateway.createVendor(bankVendor('editor_bank_1'))).toMatchObject({ status: 'ACTIVE' });
    expect(last().headers['x-idempotency-key']).toBe(sent.headers['x-idempotency-key']);
    expect(fake.split.vendors.size).toBe(1);

    // Other details are another request: Cashfree already has the vendor.
    const again = await gatewayError(
      gateway.createVendor({ ...bankVendor('editor_bank_1'), name: 'Asha R' }),
    );
    expect(last().headers['x-idempotency-key']).not.toBe(sent.headers['x-idempotency-key']);
    expect(again.statusCode).toBe(409);
    expect(again.definitive).toBe(true);
    expect(again.message).toContain('vendor with same id already exists');
    expect(fake.violations).toEqual([]);
  });

  it('creates a UPI vendor, reads it back, and answers null for a vendor Cashfree does not know', async () => {
    fake.split.newVendorStatus = 'IN_BENE_CREATION';
    const created = await gateway.createVendor(upiVendor('editor_upi_1'));
    expect(created).toEqual({ vendorId: 'editor_upi_1', status: 'IN_BENE_CREATION', remarks: null });
    expect(last().body.upi).toEqual({ vpa: 'ravi.menon-1@okaxis', account_holder: 'Ravi K. Menon' });
    expect(last().body).not.toHaveProperty('bank');

    fake.split.setVendorStatus('editor_upi_1', 'BLOCKED', 'Invalid VPA');
    expect(await gateway.getVendor('editor_upi_1')).toEqual({
      vendorId: 'editor_upi_1',
      status: 'BLOCKED',
      remarks: 'Invalid VPA',
    });
    expect(last()).toMatchObject({ method: 'GET', path: '/pg/easy-split/vendors/editor_upi_1' });
    expect(last().headers['x-api-version']).toBe('2025-01-01');

    // Cashfree documents "vendor does not exist" as a 400; a 404 means the same.
    expect(await gateway.getVendor('editor_nobody')).toBeNull();
    fake.failNext(404, {
      message: 'vendor not found',
      code: 'vendor_not_found',
      type: 'invalid_request_error',
    });
    expect(await gateway.getVendor('editor_upi_1')).toBeNull();
    expect(fake.violations).toEqual([]);
  });

  it('updates a vendor with PATCH, keeping its settlement cycle, and re-verifies a new destination', async () => {
    await gateway.createVendor(bankVendor('editor_move_1'));
    fake.split.vendors.get('editor_move_1')!.schedule_option = 8;
    fake.split.newVendorStatus = 'IN_BENE_CREATION';
    const updated = await gateway.updateVendor({ ...upiVendor('editor_move_1'), email: 'new@example.com' });
    expect(updated).toMatchObject({ vendorId: 'editor_move_1', status: 'IN_BENE_CREATION' });
    const [read, patch] = fake.requests.slice(-2);
    expect(read).toMatchObject({ method: 'GET', path: '/pg/easy-split/vendors/editor_move_1' });
    expect(patch!.method).toBe('PATCH');
    expect(patch!.path).toBe('/pg/easy-split/vendors/editor_move_1');
    expect(patch!.headers['content-type']).toBe('application/json');
    expect(patch!.body).toEqual({
      status: 'ACTIVE',
      name: 'Ravi K. Menon',
      email: 'new@example.com',
      phone: '9123456780',
      verify_account: true,
      dashboard_access: false,
      upi: { vpa: 'ravi.menon-1@okaxis', account_holder: 'Ravi K. Menon' },
      kyc_details: { account_type: 'INDIVIDUAL', business_type: 'Social Media and Entertainment' },
      schedule_option: 8,
    });
    const stored = fake.split.vendors.get('editor_move_1')!;
    expect(stored).toMatchObject({ bank: null, email: 'new@example.com', schedule_option: 8 });

    const unknown = await gatewayError(gateway.updateVendor(bankVendor('editor_nobody')));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.message).toBe('The payment gateway does not know this vendor');
    expect(fake.violations).toEqual([]);
  });

  it('passes on what Cashfree refuses in vendor details, in its words', async () => {
    const cases: [GatewayVendorInput, string][] = [
      [{ ...bankVendor('editor_bad_1'), name: '@Devraj' }, 'Invalid Name'],
      [{ ...bankVendor('editor_bad_2'), phone: '12345' }, 'Enter valid phone number'],
      [{ ...bankVendor('editor_bad_3'), email: 'arun@@cashfree.com' }, 'should be valid email'],
      [
        { ...bankVendor('editor_bad_4'), destination: { ...bankDestination(), ifsc: 'HDFC019345' } },
        'invalid IFSC',
      ],
      [
        {
          ...upiVendor('editor_bad_5'),
          destination: { kind: 'upi', accountHolder: 'R M', vpa: '026291800001191' },
        },
        'invalid VPA',
      ],
      [{ ...bankVendor('editor-bad-6') }, 'vendor_id: should be alpha numeric'],
    ];
    for (const [input, words] of cases) {
      const err = await gatewayError(gateway.createVendor(input));
      expect(err.statusCode).toBe(502);
      expect(err.definitive).toBe(true);
      expect(err.message).toContain(words);
    }
    expect(fake.violations).toHaveLength(cases.length);
    fake.violations.length = 0;
  });

  it('splits a paid order by exact amount, once, and reads the split back in paise', async () => {
    await gateway.createVendor(bankVendor('editor_split_1'));
    const orderId = await paidOrder(149_950);
    await gateway.splitOrder({
      orderId,
      vendorId: 'editor_split_1',
      amountPaise: 120_050,
      tags: { cutroom_order: 'CR-10001' },
    });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe(`/pg/easy-split/orders/${orderId}/split`);
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent.body).toEqual({
      split: [{ vendor_id: 'editor_split_1', amount: 1200.5, tags: { cutroom_order: 'CR-10001' } }],
      disable_split: true,
    });
    expect(balance('editor_split_1')).toBe(120_050);

    const split = await gateway.getOrderSplit(orderId);
    expect(last()).toMatchObject({ method: 'GET', path: `/pg/easy-split/orders/${orderId}` });
    expect(split).toEqual({
      orderId,
      vendors: [
        {
          vendorId: 'editor_split_1',
          amountPaise: 120_050,
          settlementId: null,
          eligibleAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/),
        },
      ],
    });
    expect(Date.parse(split!.vendors[0]!.eligibleAt!)).toBeGreaterThan(Date.now());

    // The same split retried (a lost reply) is answered once; any other split is refused as a duplicate.
    await gateway.splitOrder({
      orderId,
      vendorId: 'editor_split_1',
      amountPaise: 120_050,
      tags: { cutroom_order: 'CR-10001' },
    });
    expect(balance('editor_split_1')).toBe(120_050);
    const twice = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'editor_split_1', amountPaise: 100 }),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.definitive).toBe(true);
    expect(twice.message).toContain('already holds a split for this order');
    expect(twice.message).toContain('Transaction already processed, not eligible for split');
    // Cashfree documents the same refusal as a 400 too.
    fake.failNext(400, {
      message: 'Transaction already processed, not eligible for split',
      code: 'api_request_failed',
      type: 'invalid_request_error',
    });
    const as400 = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'editor_split_1', amountPaise: 200 }),
    );
    expect(as400.statusCode).toBe(409);
    expect(as400.gatewayStatus).toBe(400);
    expect(fake.violations).toEqual([]);
  });

  it('passes on the refusals of a split: unpaid, unknown vendor, too much, unknown order', async () => {
    await gateway.createVendor(bankVendor('editor_split_2'));
    const unpaid = await paidOrder(50_000, false);
    const notPaid = await gatewayError(
      gateway.splitOrder({ orderId: unpaid, vendorId: 'editor_split_2', amountPaise: 100 }),
    );
    expect(notPaid.message).toBe('The payment gateway refused the request: Order not paid');
    expect(notPaid.definitive).toBe(true);

    const orderId = await paidOrder(50_000);
    const nobody = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'editor_nobody', amountPaise: 100 }),
    );
    expect(nobody.message).toContain('vendor does not exist');
    const tooMuch = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'editor_split_2', amountPaise: 50_001 }),
    );
    expect(tooMuch.message).toContain('Total split amount can not be greater than transaction amount');
    const noOrder = await gatewayError(
      gateway.splitOrder({ orderId: 'order_nobody', vendorId: 'editor_split_2', amountPaise: 100 }),
    );
    expect(noOrder.statusCode).toBe(404);
    expect(noOrder.message).toContain('Order not found');
    expect(balance('editor_split_2')).toBe(0);

    // Nothing split: no split to report, for a known order and for an unknown one.
    expect(await gateway.getOrderSplit(orderId)).toBeNull();
    expect(await gateway.getOrderSplit('order_nobody')).toBeNull();
    expect(fake.violations).toEqual([]);
  });

  it('refunds with refund_splits in rupees, taking the editor share back from the vendor balance', async () => {
    await gateway.createVendor(bankVendor('editor_refund_1'));
    const orderId = await paidOrder(200_000);
    await gateway.splitOrder({ orderId, vendorId: 'editor_refund_1', amountPaise: 160_000 });

    const refund = await gateway.createRefund({
      orderId,
      refundId: 'refund_split_1',
      amountPaise: 50_000,
      note: 'One reel dropped',
      splits: [{ vendorId: 'editor_refund_1', amountPaise: 40_050 }],
    });
    expect(refund).toMatchObject({ refundId: 'refund_split_1', amountPaise: 50_000, status: 'PENDING' });
    expect(last().body).toEqual({
      refund_amount: 500,
      refund_id: 'refund_split_1',
      refund_note: 'One reel dropped',
      refund_splits: [{ vendor_id: 'editor_refund_1', amount: 400.5 }],
    });
    expect(balance('editor_refund_1')).toBe(160_000 - 40_050);
    expect((await gateway.getVendorBalance('editor_refund_1')).vendorUnsettledPaise).toBe(119_950);

    // No shares: no refund_splits at all, as before Easy Split.
    await gateway.createRefund({
      orderId,
      refundId: 'refund_split_2',
      amountPaise: 100,
      note: 'Ours',
      splits: [],
    });
    expect(last().body).not.toHaveProperty('refund_splits');

    const unknown = await gatewayError(
      gateway.createRefund({
        orderId,
        refundId: 'refund_split_3',
        amountPaise: 100,
        note: 'Nobody',
        splits: [{ vendorId: 'editor_nobody', amountPaise: 100 }],
      }),
    );
    expect(unknown.message).toContain('vendor does not exist');
    expect(fake.violations).toEqual([]);
  });

  it('reads vendor balances in paise', async () => {
    await gateway.createVendor(bankVendor('editor_bal_1'));
    const orderId = await paidOrder(100_000);
    await gateway.splitOrder({ orderId, vendorId: 'editor_bal_1', amountPaise: 80_033 });
    const b = await gateway.getVendorBalance('editor_bal_1');
    expect(last()).toMatchObject({ method: 'GET', path: '/pg/easy-split/vendors/editor_bal_1/balances' });
    expect(b.vendorId).toBe('editor_bal_1');
    expect(b.vendorUnsettledPaise).toBe(80_033);
    expect(b.merchantUnsettledPaise).toBeGreaterThanOrEqual(19_967);

    // Amounts as strings ("810000.00") read the same.
    fake.failNext(200, {
      vendor_id: 'editor_bal_1',
      merchant_id: 1,
      vendor_unsettled: '800.33',
      merchant_unsettled: '0',
    });
    expect((await gateway.getVendorBalance('editor_bal_1')).vendorUnsettledPaise).toBe(80_033);
    fake.failNext(200, { vendor_id: 'editor_bal_1', vendor_unsettled: 'lots' });
    const unreadable = await gatewayError(gateway.getVendorBalance('editor_bal_1'));
    expect(unreadable.message).toBe('The payment gateway sent a reply we could not read');

    const unknown = await gatewayError(gateway.getVendorBalance('editor_nobody'));
    expect(unknown.message).toBe('The payment gateway refused the request: vendor does not exist');
    expect(fake.violations).toEqual([]);
  });

  it('creates adjustments with an integer id and rupees, and passes on an insufficient balance', async () => {
    await gateway.createVendor(bankVendor('editor_adj_1'));
    const orderId = await paidOrder(100_000);
    await gateway.splitOrder({ orderId, vendorId: 'editor_adj_1', amountPaise: 10_000 });

    await gateway.createAdjustment({
      vendorId: 'editor_adj_1',
      adjustmentId: 9_007_199_254,
      amountPaise: 1_234,
      type: 'CREDIT',
      remarks: 'Bonus for CR-10001',
    });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/pg/easy-split/vendors/editor_adj_1/adjustment');
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent.body).toEqual({
      vendor_id: 'editor_adj_1',
      adjustment_id: 9_007_199_254,
      amount: 12.34,
      type: 'CREDIT',
      remarks: 'Bonus for CR-10001',
    });
    expect(balance('editor_adj_1')).toBe(11_234);

    await gateway.createAdjustment({
      vendorId: 'editor_adj_1',
      adjustmentId: 2,
      amountPaise: 11_000,
      type: 'DEBIT',
      remarks: 'Refund after settlement',
    });
    expect(balance('editor_adj_1')).toBe(234);
    const short = await gatewayError(
      gateway.createAdjustment({
        vendorId: 'editor_adj_1',
        adjustmentId: 3,
        amountPaise: 235,
        type: 'DEBIT',
        remarks: 'x',
      }),
    );
    expect(short.statusCode).toBe(502);
    expect(short.definitive).toBe(true);
    expect(short.message).toBe(
      'The payment gateway refused the request: Vendor does not have sufficient balance',
    );
    expect(balance('editor_adj_1')).toBe(234);

    // A retry of an adjustment that went through is answered once.
    await gateway.createAdjustment({
      vendorId: 'editor_adj_1',
      adjustmentId: 2,
      amountPaise: 11_000,
      type: 'DEBIT',
      remarks: 'Refund after settlement',
    });
    expect(balance('editor_adj_1')).toBe(234);
    await expect(
      gateway.createAdjustment({
        vendorId: 'editor_adj_1',
        adjustmentId: 1.5,
        amountPaise: 1,
        type: 'CREDIT',
        remarks: 'x',
      }),
    ).rejects.toThrow(TypeError);
    expect(fake.violations).toEqual([]);
  });

  it('requests an on-demand transfer of the vendor balance after a failed settlement', async () => {
    await gateway.createVendor(bankVendor('editor_pay_1'));
    const orderId = await paidOrder(150_000);
    await gateway.splitOrder({ orderId, vendorId: 'editor_pay_1', amountPaise: 120_000 });
    // Deferred settlement holds the share until it is released and that time comes.
    expect(() => fake.split.settle('editor_pay_1')).toThrow(/0 of them eligible/);
    await gateway.releaseOrderShare({
      orderId,
      vendorId: 'editor_pay_1',
      eligibleAt: new Date(fake.now() + 60_000),
    });
    fake.advance(60_000);

    const failed = fake.split.settle('editor_pay_1', 'FAILED', 'Account closed');
    expect(failed).toMatchObject({
      type: 'VENDOR_SETTLEMENT_FAILED',
      data: {
        settlement: {
          status: 'FAILED',
          vendor_id: 'editor_pay_1',
          settlement_amount: 1200,
          reason: 'Account closed',
          utr: null,
          account_mode: 'BANK',
          settled_orders_count: 1,
        },
      },
    });
    expect(balance('editor_pay_1')).toBe(120_000);

    const { settlementId } = await gateway.requestTransfer({
      vendorId: 'editor_pay_1',
      amountPaise: 120_000,
      remark: 'Retry of settlement 1',
    });
    const sent = last();
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/pg/easy-split/vendors/editor_pay_1/transfer');
    expect(sent.headers['x-idempotency-key']).toMatch(UUID);
    expect(sent.body).toEqual({
      transfer_from: 'VENDOR',
      transfer_type: 'ON_DEMAND',
      transfer_amount: 1200,
      remark: 'Retry of settlement 1',
    });
    expect(settlementId).toMatch(/^\d+$/);
    expect(balance('editor_pay_1')).toBe(0);
    expect((await gateway.getOrderSplit(orderId))!.vendors[0]!.settlementId).toBe(settlementId);

    const done = fake.split.finishSettlement(Number(settlementId), 'SUCCESS');
    expect(done.type).toBe('VENDOR_SETTLEMENT_SUCCESS');
    expect(done.data.settlement).toMatchObject({ status: 'SUCCESS', amount_settled: 1200 });
    expect(done.data.settlement.utr).toMatch(/^\d+$/);
    expect(done.data.settlement.settled_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+05:30$/);
    expect(fake.split.vendors.get('editor_pay_1')!.settledPaise).toBe(120_000);

    // Cashfree settles on demand only from ₹1,000 of vendor balance.
    const empty = await gatewayError(
      gateway.requestTransfer({ vendorId: 'editor_pay_1', amountPaise: 1_000, remark: 'Again' }),
    );
    expect(empty.message).toContain('Vendor balance should be greater than or equal to 1000');
    expect(fake.violations).toEqual([]);
  });

  it('maps outages, rate limits and bad credentials on Easy Split calls', async () => {
    fake.failNext(500, { message: 'internal error', code: 'internal_error', type: 'api_error' });
    const down = await gatewayError(
      gateway.splitOrder({ orderId: 'order_x', vendorId: 'v1', amountPaise: 100 }),
    );
    expect(down.statusCode).toBe(502);
    expect(down.definitive).toBe(false);
    expect(down.message).toBe('The payment gateway is not answering. Please try again.');

    fake.failNext(503, { message: 'unavailable', code: 'api_error', type: 'api_error' });
    expect((await gatewayError(gateway.getVendor('v1'))).definitive).toBe(false);
    fake.failNext(502, '<html>bad gateway</html>');
    expect(
      (await gatewayError(gateway.requestTransfer({ vendorId: 'v1', amountPaise: 1000, remark: 'r' })))
        .definitive,
    ).toBe(false);
    fake.failNext(429, { message: 'too many requests', code: 'rate_limit', type: 'rate_limit_error' });
    expect((await gatewayError(gateway.getVendorBalance('v1'))).statusCode).toBe(503);

    const wrong = new CashfreeEasySplit({
      clientId: fake.clientId,
      clientSecret: 'wrong',
      mode: 'sandbox',
      baseUrl: fake.baseUrl,
    });
    const denied = await gatewayError(wrong.createVendor(bankVendor('editor_auth_1')));
    expect(denied.message).toBe('The payment gateway refused our credentials');
    expect(denied.gatewayStatus).toBe(401);

    const offline = new CashfreeEasySplit({
      clientId: 'x',
      clientSecret: 'y',
      mode: 'sandbox',
      baseUrl: 'http://127.0.0.1:1/pg',
    });
    expect((await gatewayError(offline.getOrderSplit('order_x'))).definitive).toBe(false);
  });
});

describe('the Easy Split fake refuses what Cashfree documents refusing', () => {
  let fake: FakeCashfree;

  beforeAll(async () => {
    fake = await startFakeCashfree();
  });
  afterAll(() => fake?.close());

  const raw = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${fake.baseUrl}${path}`, {
      method,
      headers: {
        'x-api-version': '2025-01-01',
        'x-client-id': fake.clientId,
        'x-client-secret': fake.clientSecret,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'POST' ? { 'x-idempotency-key': randomUUID() } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { message: string; code: string; type: string },
    };
  };
  const vendorBody = {
    vendor_id: 'fake_v1',
    status: 'ACTIVE',
    name: 'Asha Rao',
    email: 'asha@example.com',
    phone: '9876543210',
    bank: [{ account_number: '026291800001191', account_holder: 'Asha Rao', ifsc: 'YESB0000262' }],
    kyc_details: [{ account_type: 'INDIVIDUAL' }],
  };

  it('takes bank and kyc_details as the schema types them too (arrays of one)', async () => {
    const res = await raw('POST', '/easy-split/vendors', vendorBody);
    expect(res.status).toBe(200);
    expect(fake.violations).toEqual([]);
  });

  it('refuses malformed vendors, splits, adjustments, transfers and refund splits', async () => {
    const order = await raw('POST', '/orders', {
      order_id: 'order_fake_1',
      order_amount: 100,
      order_currency: 'INR',
      customer_details: { customer_id: 'c1', customer_phone: '9876543210' },
    });
    expect(order.status).toBe(200);
    fake.addPayment('order_fake_1', 'SUCCESS');

    const refusals: [string, string, unknown, string][] = [
      [
        'POST',
        '/easy-split/vendors',
        { ...vendorBody, vendor_id: 'fake_v2', kyc_details: undefined },
        'kyc_details',
      ],
      [
        'POST',
        '/easy-split/vendors',
        { ...vendorBody, vendor_id: 'fake_v2', upi: { vpa: 'a@b', account_holder: 'A' } },
        'either',
      ],
      ['POST', '/easy-split/vendors', { ...vendorBody, vendor_id: 'fake_v2', status: 'NEW' }, 'status'],
      ['PATCH', '/easy-split/vendors/fake_v1', { ...vendorBody, vendor_id: undefined }, 'schedule_option'],
      [
        'POST',
        '/easy-split/orders/order_fake_1/split',
        { split: [{ vendor_id: 'fake_v1', amount: 10, percentage: 10 }] },
        'Both Amount and percentage',
      ],
      [
        'POST',
        '/easy-split/orders/order_fake_1/split',
        { split: [{ vendorId: 'fake_v1', amount: 10 }] },
        'vendor_id',
      ],
      [
        'POST',
        '/easy-split/orders/order_fake_1/split',
        { split: [{ vendor_id: 'fake_v1', amount: 10.001 }] },
        'two decimals',
      ],
      [
        'POST',
        '/easy-split/orders/order_fake_1/split',
        { split: [{ vendor_id: 'fake_v1', amount: 10, tags: { n: 1 } }] },
        'tags',
      ],
      [
        'POST',
        '/easy-split/vendors/fake_v1/adjustment',
        { vendor_id: 'fake_v1', adjustment_id: '12', amount: 1, type: 'CREDIT' },
        'adjustment_id',
      ],
      [
        'POST',
        '/easy-split/vendors/fake_v1/adjustment',
        { vendor_id: 'fake_v1', adjustment_id: 12, amount: 0, type: 'CREDIT' },
        'Amount should be greater than zero',
      ],
      [
        'POST',
        '/easy-split/vendors/fake_v1/adjustment',
        { vendor_id: 'fake_v1', adjustment_id: 12, amount: 1, type: 'REFUND' },
        'type',
      ],
      [
        'POST',
        '/easy-split/vendors/fake_v1/transfer',
        { transfer_from: 'VENDOR', transfer_type: 'ON_DEMAND', transfer_amount: 9.99 },
        'greater than or equal to 10',
      ],
      [
        'POST',
        '/orders/order_fake_1/refunds',
        {
          refund_amount: 10,
          refund_id: 'r_fake_1',
          refund_note: 'abc',
          refund_splits: [{ vendor_id: 'fake_v1', amount: 11 }],
        },
        'greater than refund amount',
      ],
      [
        'POST',
        '/orders/order_fake_1/refunds',
        { refund_amount: 10, refund_id: 'r_fake_2', refund_note: 'abc', refund_splits: [{ amount: 1 }] },
        'vendor_id',
      ],
    ];
    for (const [method, path, body, words] of refusals) {
      const res = await raw(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.type).toBe('invalid_request_error');
      expect(res.body.message).toContain(words);
    }
    expect(fake.violations).toHaveLength(refusals.length);
    expect(fake.split.vendors.size).toBe(1);
    expect(fake.split.splits.size).toBe(0);
  });

  it('splits by percentage of the order and refuses a second split once disabled', async () => {
    fake.violations.length = 0;
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    const first = await raw('POST', '/easy-split/orders/order_fake_1/split', {
      split: [{ vendor_id: 'fake_v1', percentage: 25 }],
      disable_split: false,
    });
    expect(first.status).toBe(200);
    const second = await raw('POST', '/easy-split/orders/order_fake_1/split', {
      split: [{ vendor_id: 'fake_v1', amount: 10 }],
      disable_split: true,
    });
    expect(second.status).toBe(200);
    const third = await raw('POST', '/easy-split/orders/order_fake_1/split', {
      split: [{ vendor_id: 'fake_v1', amount: 1 }],
    });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe('Transaction already processed, not eligible for split');
    expect(fake.split.vendors.get('fake_v1')!.unsettledPaise).toBe(3_500);

    // Held by deferred settlement until the deferral (60 days from the payment) ends.
    expect(fake.split.eligiblePaise('fake_v1')).toBe(0);
    fake.advance(CASHFREE_SPLIT_TIMING.deferMs!);
    const settled = fake.split.settle('fake_v1');
    expect(settled.data.settlement).toMatchObject({
      status: 'SUCCESS',
      settlement_amount: 35,
      settled_orders_count: 1,
    });
    expect(fake.split.vendors.get('fake_v1')).toMatchObject({ unsettledPaise: 0, settledPaise: 3_500 });
    const reversed = fake.split.finishSettlement(settled.data.settlement.settlement_id, 'REVERSED');
    expect(reversed.type).toBe('VENDOR_SETTLEMENT_REVERSED');
    expect(fake.split.vendors.get('fake_v1')).toMatchObject({ unsettledPaise: 3_500, settledPaise: 0 });

    const reused = await raw(
      'POST',
      '/easy-split/vendors/fake_v1/adjustment',
      { vendor_id: 'fake_v1', adjustment_id: 7, amount: 1, type: 'CREDIT' },
      { 'x-idempotency-key': '11111111-1111-4111-a111-111111111111' },
    );
    expect(reused.status).toBe(200);
    const mismatch = await raw(
      'POST',
      '/easy-split/vendors/fake_v1/adjustment',
      { vendor_id: 'fake_v1', adjustment_id: 8, amount: 1, type: 'CREDIT' },
      { 'x-idempotency-key': '11111111-1111-4111-a111-111111111111' },
    );
    expect(mismatch.status).toBe(400);
    expect(fake.violations).toEqual(['x-idempotency-key : was used before for a different request']);
  });
});

function bankDestination() {
  return {
    kind: 'bank' as const,
    accountHolder: 'Asha Rao',
    accountNumber: '026291800001191',
    ifsc: 'YESB0000262',
  };
}
