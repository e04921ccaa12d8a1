import { describe, expect, it } from 'vitest';
import { disputeStanding } from './webhook-dispute';
import { parseWebhook } from './webhook-format';

/** Cashfree's documented DISPUTE_CREATED sample (version 2025-01-01), with the status as given. */
const sample = (type: string, dispute: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      data: {
        dispute: {
          dispute_id: '433475258',
          dispute_type: 'DISPUTE',
          reason_code: '1402',
          reason_description: 'Duplicate Processing',
          dispute_amount: 3,
          created_at: '2023-06-15T21:49:48+05:30',
          updated_at: '2023-06-15T21:49:48+05:30',
          respond_by: '2023-06-18T23:59:59+05:30',
          dispute_status: 'DISPUTE_CREATED',
          cf_dispute_remarks: 'Dispute is created, please take action',
          dispute_action_on: 'MERCHANT',
          ...dispute,
        },
        order_details: {
          order_id: 'order_1944392DR1kMTFYdIf8bI2awAcC3i9FTa',
          order_amount: 3,
          order_currency: 'INR',
          cf_payment_id: 885473311,
          payment_amount: 3,
          payment_currency: 'INR',
        },
        customer_details: {
          customer_name: 'D',
          customer_phone: '8000000000',
          customer_email: 'd@example.com',
        },
      },
      event_time: '2023-06-15T21:50:04+05:30',
      type,
    }),
  );

describe('dispute webhooks', () => {
  it("reads Cashfree's documented body: the dispute, its order and payment, amount in paise", () => {
    expect(parseWebhook(sample('DISPUTE_CREATED'))).toEqual({
      ok: true,
      event: {
        kind: 'dispute',
        cfDisputeId: '433475258',
        orderId: 'order_1944392DR1kMTFYdIf8bI2awAcC3i9FTa',
        cfPaymentId: '885473311',
        disputeType: 'DISPUTE',
        status: 'DISPUTE_CREATED',
        outcome: 'open',
        rank: 1,
        amountPaise: 300,
        reasonCode: '1402',
        reasonDescription: 'Duplicate Processing',
        remarks: 'Dispute is created, please take action',
        respondBy: '2023-06-18T23:59:59+05:30',
        updatedAt: '2023-06-15T21:49:48+05:30',
      },
    });
  });

  it('takes the outcome from the status, not from the webhook type', () => {
    const closed = parseWebhook(
      sample('DISPUTE_UPDATED', { dispute_type: 'CHARGEBACK', dispute_status: 'CHARGEBACK_MERCHANT_LOST' }),
    );
    expect(closed).toMatchObject({ ok: true, event: { outcome: 'lost', disputeType: 'CHARGEBACK' } });
    const numeric = parseWebhook(sample('DISPUTE_CLOSED', { dispute_id: 433475257, reason_code: 13.6 }));
    expect(numeric).toMatchObject({ ok: true, event: { cfDisputeId: '433475257', reasonCode: '13.6' } });
  });

  it('orders statuses by stage, then open before closed; accepted counts as lost', () => {
    expect(disputeStanding('CHARGEBACK_DOCS_RECEIVED')).toEqual({ outcome: 'open', rank: 1 });
    expect(disputeStanding('CHARGEBACK_MERCHANT_WON')).toEqual({ outcome: 'won', rank: 2 });
    expect(disputeStanding('RETRIEVAL_MERCHANT_ACCEPTED')).toEqual({ outcome: 'lost', rank: 2 });
    expect(disputeStanding('PRE_ARBITRATION_CREATED')).toEqual({ outcome: 'open', rank: 11 });
    expect(disputeStanding('ARBITRATION_INSUFFICIENT_EVIDENCE')).toEqual({ outcome: 'open', rank: 21 });
    expect(disputeStanding('ARBITRATION_MERCHANT_LOST')).toEqual({ outcome: 'lost', rank: 22 });
    expect(disputeStanding('CHARGEBACK_SOMETHING_NEW')).toBeNull();
  });

  it('acknowledges an unknown status without applying it, and refuses a broken body', () => {
    expect(parseWebhook(sample('DISPUTE_UPDATED', { dispute_status: 'DISPUTE_ON_HOLD' }))).toEqual({
      ok: false,
      reason: 'unsupported',
    });
    expect(parseWebhook(sample('DISPUTE_CREATED', { dispute_amount: 'three' }))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
