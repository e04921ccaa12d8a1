import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CashfreeGateway } from '../src/modules/payments/gateway/cashfree';
import { SPLIT_NEVER_POSSIBLE, type GatewayVendorInput } from '../src/modules/payments/gateway/split-types';
import {
  gatewayError,
  startFakeCashfree,
  type FakeCashfree,
  type FakeCashfreeOptions,
} from './fakes/cashfree';
import { CASHFREE_SPLIT_TIMING, DAY_MS, SPLIT_TOO_SOON } from './fakes/cashfree-split';

const MINUTE = 60_000;

const vendorInput = (vendorId: string): GatewayVendorInput => ({
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

/** "yyyy-MM-dd HH:mm:ss" in Asia/Kolkata, worked out by the platform's time zone data, not by our code. */
function kolkata(at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kolkata',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

const neverPossible = (message: string) => SPLIT_NEVER_POSSIBLE.some((re) => re.test(message));

async function setUp(options?: FakeCashfreeOptions) {
  const fake = await startFakeCashfree(undefined, undefined, options);
  const gateway = new CashfreeGateway({
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    mode: 'sandbox',
    baseUrl: fake.baseUrl,
  });
  let seq = 0;
  /** A Cashfree order of `amountPaise`, paid now (by the fake's clock) unless told otherwise. */
  const order = async (amountPaise: number, paid = true) => {
    const orderId = `order_timing_${++seq}`;
    await gateway.createOrder({
      orderId,
      amountPaise,
      customerId: 'c1',
      customerPhone: '9876543210',
      returnUrl: 'http://localhost:3000/payment-success?order_id={order_id}',
      expiresAt: new Date(Date.now() + 60 * MINUTE),
    });
    if (paid) fake.addPayment(orderId, 'SUCCESS');
    return orderId;
  };
  return { fake, gateway, order };
}

describe('Cashfree split after payment: the timing rules the fake checks as Cashfree documents them', () => {
  let fake: FakeCashfree;
  let gateway: CashfreeGateway;
  let order: (amountPaise: number, paid?: boolean) => Promise<string>;

  beforeAll(async () => {
    ({ fake, gateway, order } = await setUp());
    await gateway.createVendor(vendorInput('timing_v1'));
  });
  afterAll(() => fake?.close());

  it('refuses a split within 2 minutes of the payment, as a refusal a later retry fixes', async () => {
    const orderId = await order(100_000);
    const split = () => gateway.splitOrder({ orderId, vendorId: 'timing_v1', amountPaise: 80_000 });
    const tooSoon = await gatewayError(split());
    expect(tooSoon.statusCode).toBe(502);
    expect(tooSoon.gatewayStatus).toBe(400);
    expect(tooSoon.definitive).toBe(true);
    expect(tooSoon.message).toBe(`The payment gateway refused the request: ${SPLIT_TOO_SOON}`);
    expect(neverPossible(tooSoon.message)).toBe(false);

    // Still too soon a second before the 2 minutes are up; taken once they are.
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs - 1_000);
    expect((await gatewayError(split())).message).toContain(SPLIT_TOO_SOON);
    fake.advance(1_000);
    await split();
    expect(fake.split.vendors.get('timing_v1')!.unsettledPaise).toBe(80_000);
    expect(fake.violations).toEqual([]);
  });

  it('refuses a split after the order split delay (T+1) for good', async () => {
    const orderId = await order(100_000);
    fake.advance(DAY_MS + 1_000);
    const late = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'timing_v1', amountPaise: 80_000 }),
    );
    expect(late.definitive).toBe(true);
    expect(late.gatewayStatus).toBe(400);
    expect(late.message).toBe('The payment gateway refused the request: Settlement eligibility time passed');
    expect(neverPossible(late.message)).toBe(true);
    expect(fake.split.splits.has(orderId)).toBe(false);
    expect(fake.violations).toEqual([]);
  });

  it('refuses a split once the order has a refund, for good', async () => {
    const orderId = await order(100_000);
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    await gateway.createRefund({ orderId, refundId: 'refund_timing_1', amountPaise: 100, note: 'Partial' });
    const refunded = await gatewayError(
      gateway.splitOrder({ orderId, vendorId: 'timing_v1', amountPaise: 80_000 }),
    );
    expect(refunded.definitive).toBe(true);
    expect(refunded.message).toBe(
      'The payment gateway refused the request: Refund already exists, cannot create split',
    );
    expect(neverPossible(refunded.message)).toBe(true);
    expect(fake.violations).toEqual([]);
  });

  it('holds the share under deferred settlement and releases it with the documented PUT, in IST', async () => {
    const orderId = await order(150_000);
    const paidAt = Date.parse(fake.orders.get(orderId)!.payments[0]!.payment_time);
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    await gateway.createVendor(vendorInput('timing_v2'));
    await gateway.splitOrder({ orderId, vendorId: 'timing_v2', amountPaise: 120_000 });

    // Held until the payment time + the deferral (60 days): nothing a scheduled settlement may pay.
    const held = (await gateway.getOrderSplit(orderId))!.vendors[0]!;
    expect(Date.parse(held.eligibleAt!)).toBe(
      Math.floor((paidAt + CASHFREE_SPLIT_TIMING.deferMs!) / 1_000) * 1_000,
    );
    expect(fake.split.eligiblePaise('timing_v2')).toBe(0);
    expect(() => fake.split.startSettlement('timing_v2')).toThrow(/0 of them eligible/);

    const eligibleAt = new Date(Math.ceil((fake.now() + 5 * MINUTE) / 1_000) * 1_000);
    await gateway.releaseOrderShare({ orderId, vendorId: 'timing_v2', eligibleAt });
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('PUT');
    expect(sent.path).toBe(`/api/v2/easy-split/orders/${orderId}/settlement-eligibility/vendors/timing_v2`);
    expect(sent.headers['x-client-id']).toBe(fake.clientId);
    expect(sent.headers['x-client-secret']).toBe(fake.clientSecret);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({ settlementEligibilityDate: kolkata(eligibleAt) });
    expect(sent.body.settlementEligibilityDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Date.parse((await gateway.getOrderSplit(orderId))!.vendors[0]!.eligibleAt!)).toBe(
      eligibleAt.getTime(),
    );

    // Eligible from that time on, not before.
    expect(fake.split.eligiblePaise('timing_v2')).toBe(0);
    fake.advance(5 * MINUTE + 1_000);
    expect(fake.split.eligiblePaise('timing_v2')).toBe(120_000);

    // Once the schedule takes it: in progress, then settled; neither can be moved any more.
    const settlement = fake.split.startSettlement('timing_v2');
    const again = () =>
      gateway.releaseOrderShare({
        orderId,
        vendorId: 'timing_v2',
        eligibleAt: new Date(fake.now() + MINUTE),
      });
    const inProgress = await gatewayError(again());
    expect(inProgress.definitive).toBe(true);
    expect(inProgress.message).toBe(
      'The payment gateway refused the request: Settlement for the order is in progress.',
    );
    fake.split.finishSettlement(settlement.settlement_id, 'SUCCESS');
    expect((await gatewayError(again())).message).toBe(
      'The payment gateway refused the request: Order has already been settled.',
    );
    expect(fake.violations).toEqual([]);
  });

  it("maps each refusal of the eligibility API to a definitive GatewayError in Cashfree's words", async () => {
    await gateway.createVendor(vendorInput('timing_v3'));
    const orderId = await order(100_000);
    const paidAt = Date.parse(fake.orders.get(orderId)!.payments[0]!.payment_time);
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    await gateway.splitOrder({ orderId, vendorId: 'timing_v3', amountPaise: 50_000 });
    const unsplit = await order(100_000);
    const deferredUntil = new Date(paidAt + CASHFREE_SPLIT_TIMING.deferMs!);

    const cases: [Parameters<CashfreeGateway['releaseOrderShare']>[0], string][] = [
      [
        { orderId, vendorId: 'timing_v3', eligibleAt: new Date(fake.now() - MINUTE) },
        'Eligibility time specified is in the past. Specify a new time.',
      ],
      [
        { orderId, vendorId: 'timing_v3', eligibleAt: new Date(deferredUntil.getTime() + DAY_MS) },
        `Settlement eligibility cannot be beyond ${kolkata(deferredUntil)}. Provide an earlier date.`,
      ],
      [
        { orderId: 'order_nobody', vendorId: 'timing_v3', eligibleAt: new Date(fake.now() + MINUTE) },
        'Order ID does not exist.',
      ],
      [
        { orderId, vendorId: 'timing_nobody', eligibleAt: new Date(fake.now() + MINUTE) },
        'Vendor ID does not exist.',
      ],
      [
        { orderId: unsplit, vendorId: 'timing_v3', eligibleAt: new Date(fake.now() + MINUTE) },
        'Order ID does not exist.',
      ],
    ];
    for (const [input, words] of cases) {
      const err = await gatewayError(gateway.releaseOrderShare(input));
      expect(err.statusCode, words).toBe(502);
      expect(err.gatewayStatus).toBe(400);
      expect(err.definitive).toBe(true);
      expect(err.message).toBe(`The payment gateway refused the request: ${words}`);
    }
    // A date up to the deferral's end is taken.
    await gateway.releaseOrderShare({ orderId, vendorId: 'timing_v3', eligibleAt: deferredUntil });

    const wrong = new CashfreeGateway({
      clientId: fake.clientId,
      clientSecret: 'wrong',
      mode: 'sandbox',
      baseUrl: fake.baseUrl,
    });
    const denied = await gatewayError(
      wrong.releaseOrderShare({ orderId, vendorId: 'timing_v3', eligibleAt: new Date(fake.now() + MINUTE) }),
    );
    expect(denied.message).toBe('The payment gateway refused our credentials');
    expect(denied.gatewayStatus).toBe(401);

    // Cashfree's older APIs may answer a refusal as HTTP 200 with status ERROR and the code in subCode
    // ("Every API call returns a status field ... SUCCESS and ERROR"): still a refusal, never a release.
    fake.failNext(200, { status: 'ERROR', subCode: '400', message: 'Order has already been settled.' });
    const in200 = await gatewayError(
      gateway.releaseOrderShare({
        orderId,
        vendorId: 'timing_v3',
        eligibleAt: new Date(fake.now() + MINUTE),
      }),
    );
    expect(in200.definitive).toBe(true);
    expect(in200.gatewayStatus).toBe(400);
    expect(in200.message).toBe('The payment gateway refused the request: Order has already been settled.');
    expect(fake.violations).toEqual([]);
  });

  it('settles on demand only from ₹1,000 of vendor balance', async () => {
    await gateway.createVendor(vendorInput('timing_v4'));
    const orderId = await order(100_000);
    fake.advance(CASHFREE_SPLIT_TIMING.waitMs);
    await gateway.splitOrder({ orderId, vendorId: 'timing_v4', amountPaise: 99_999 });
    const below = await gatewayError(
      gateway.requestTransfer({ vendorId: 'timing_v4', amountPaise: 99_999, remark: 'Retry' }),
    );
    expect(below.definitive).toBe(true);
    expect(below.gatewayStatus).toBe(400);
    expect(below.message).toBe(
      'The payment gateway refused the request: Vendor balance should be greater than or equal to 1000',
    );

    await gateway.createAdjustment({
      vendorId: 'timing_v4',
      adjustmentId: 41,
      amountPaise: 1,
      type: 'CREDIT',
      remarks: 'Up to the minimum',
    });
    const more = await gatewayError(
      gateway.requestTransfer({ vendorId: 'timing_v4', amountPaise: 100_001, remark: 'Retry' }),
    );
    expect(more.message).toContain('VENDOR does not have sufficient funds for express settlement');
    const { settlementId } = await gateway.requestTransfer({
      vendorId: 'timing_v4',
      amountPaise: 100_000,
      remark: 'Retry',
    });
    expect(settlementId).toMatch(/^\d+$/);
    expect(fake.split.vendors.get('timing_v4')!.unsettledPaise).toBe(0);
    expect(fake.violations).toEqual([]);
  });
});

describe("the fake's timing options and its checks of the eligibility request", () => {
  it('takes shorter waits and windows, so tests need not wait', async () => {
    const { fake, gateway, order } = await setUp({ splitWaitMs: 0, splitWindowMs: 10 * MINUTE });
    try {
      await gateway.createVendor(vendorInput('opt_v1'));
      const now = await order(10_000);
      await gateway.splitOrder({ orderId: now, vendorId: 'opt_v1', amountPaise: 5_000 });
      const late = await order(10_000);
      fake.advance(10 * MINUTE + 1_000);
      const err = await gatewayError(
        gateway.splitOrder({ orderId: late, vendorId: 'opt_v1', amountPaise: 5_000 }),
      );
      expect(err.message).toContain('Settlement eligibility time passed');
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('answers "Deferred settlement not enabled" without Defer Settlement, and settles from T+1', async () => {
    const { fake, gateway, order } = await setUp({ splitWaitMs: 0, deferDays: null });
    try {
      await gateway.createVendor(vendorInput('opt_v2'));
      const orderId = await order(10_000);
      await gateway.splitOrder({ orderId, vendorId: 'opt_v2', amountPaise: 5_000 });
      const err = await gatewayError(
        gateway.releaseOrderShare({ orderId, vendorId: 'opt_v2', eligibleAt: new Date(fake.now() + MINUTE) }),
      );
      expect(err.definitive).toBe(true);
      expect(err.message).toBe(
        'The payment gateway refused the request: Deferred settlement not enabled for merchant.',
      );
      expect(fake.split.eligiblePaise('opt_v2')).toBe(0);
      fake.advance(DAY_MS + 1_000);
      expect(fake.split.settle('opt_v2').data.settlement.settlement_amount).toBe(50);
      expect(fake.violations).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('records as violations the requests its documentation does not allow', async () => {
    const { fake, gateway, order } = await setUp({ splitWaitMs: 0 });
    try {
      await gateway.createVendor(vendorInput('opt_v3'));
      const orderId = await order(10_000);
      await gateway.splitOrder({ orderId, vendorId: 'opt_v3', amountPaise: 5_000 });
      const origin = fake.baseUrl.replace(/\/pg$/, '');
      const path = `/api/v2/easy-split/orders/${orderId}/settlement-eligibility/vendors/opt_v3`;
      const auth = { 'x-client-id': fake.clientId, 'x-client-secret': fake.clientSecret };
      const json = { ...auth, 'content-type': 'application/json' };
      const future = new Date(fake.now() + 10 * MINUTE);
      const ist = kolkata(future);
      const put = async (headers: Record<string, string>, body: unknown, method = 'PUT', at = path) => {
        const res = await fetch(`${origin}${at}`, {
          method,
          headers,
          body: typeof body === 'string' ? body : JSON.stringify(body),
        });
        return { status: res.status, body: (await res.json()) as { status: string; message: string } };
      };

      const refusals: [Record<string, string>, unknown, string, string?, string?][] = [
        [{ 'content-type': 'application/json' }, { settlementEligibilityDate: ist }, 'headers missing'],
        [auth, { settlementEligibilityDate: ist }, 'content-type'],
        [json, {}, 'settlementEligibilityDate : is missing'],
        [json, { settlement_eligibility_date: ist }, 'settlement_eligibility_date : not a field'],
        [json, { settlementEligibilityDate: ist.replace(' ', 'T') }, 'yyyy-MM-dd HH:mm:ss'],
        [json, { settlementEligibilityDate: `${ist}+05:30` }, 'yyyy-MM-dd HH:mm:ss'],
        [json, { settlementEligibilityDate: ist.slice(0, 10) }, 'yyyy-MM-dd HH:mm:ss'],
        [json, { settlementEligibilityDate: '2099-02-30 10:00:00' }, 'yyyy-MM-dd HH:mm:ss'],
        [json, { settlementEligibilityDate: future.getTime() }, 'yyyy-MM-dd HH:mm:ss'],
        [json, { settlementEligibilityDate: ist }, 'unknown endpoint', 'POST'],
        [
          json,
          { settlementEligibilityDate: ist },
          'unknown endpoint',
          'PUT',
          `/api/v2/easy-split/orders/${orderId}`,
        ],
      ];
      for (const [headers, body, words, method, at] of refusals) {
        const res = await put(headers, body, method, at);
        expect(res.status, words).toBeGreaterThanOrEqual(400);
        expect(res.body.status).toBe('ERROR');
        expect(fake.violations.at(-1)).toContain(words);
      }
      expect(fake.violations).toHaveLength(refusals.length);
      // Nothing moved.
      expect(fake.split.splits.get(orderId)!.shares[0]!.eligibleAt.getTime()).toBeGreaterThan(
        fake.now() + 59 * DAY_MS,
      );

      const ok = await put(json, { settlementEligibilityDate: ist });
      expect(ok).toEqual({
        status: 200,
        body: { status: 'OK', message: 'Updated vendor settlement eligibility date.' },
      });
      expect(fake.split.splits.get(orderId)!.shares[0]!.eligibleAt.getTime()).toBe(
        Math.floor(future.getTime() / 1_000) * 1_000,
      );
      expect(fake.violations).toHaveLength(refusals.length);
    } finally {
      await fake.close();
    }
  });
});
