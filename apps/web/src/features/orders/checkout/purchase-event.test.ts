import { beforeEach, describe, expect, it } from 'vitest';
import type { Payment } from '@cutroom/contracts';
import { reportPurchaseOnce } from './purchase-event';

const payment = (orderId: string, status: Payment['status'] = 'SUCCESS'): Payment => ({
  _id: `id-${orderId}`,
  orderId,
  cfOrderId: '123',
  cfPaymentId: '456',
  amount: 1499,
  status,
  planType: 'basic',
  order: { _id: `o-${orderId}`, reference: 'CR-10001', title: 'Basic tier' },
  editor: { _id: 'e1', username: 'Asha Edits' },
  creator: { username: 'creator-1' },
  createdAt: new Date().toISOString(),
  refundedAmount: 0,
  refunds: [],
});

describe('purchase analytics event', () => {
  beforeEach(() => {
    localStorage.clear();
    window.dataLayer = [];
  });

  it('fires once per successful order, also across reloads', () => {
    expect(reportPurchaseOnce(payment('order_1'))).toBe(true);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({
        event: 'purchase',
        ecommerce: expect.objectContaining({ transaction_id: 'order_1', value: 1499, currency: 'INR' }),
      }),
    ]);
    expect(reportPurchaseOnce(payment('order_1'))).toBe(false);
    // A reload: a fresh page, but the same browser storage.
    window.dataLayer = [];
    expect(reportPurchaseOnce(payment('order_1'))).toBe(false);
    expect(window.dataLayer).toEqual([]);
    expect(reportPurchaseOnce(payment('order_2'))).toBe(true);
    expect(window.dataLayer).toHaveLength(1);
  });

  it('never fires for payments that did not succeed', () => {
    expect(reportPurchaseOnce(payment('order_3', 'INITIATED'))).toBe(false);
    expect(reportPurchaseOnce(payment('order_4', 'FAILED'))).toBe(false);
    expect(window.dataLayer).toEqual([]);
    expect(reportPurchaseOnce(payment('order_3'))).toBe(true);
  });

  it('names a custom offer by its order when there is no plan', () => {
    const custom: Payment = {
      ...payment('order_5'),
      planType: null,
      order: { _id: 'o5', reference: 'CR-10482', title: 'Wedding teaser' },
    };
    expect(reportPurchaseOnce(custom)).toBe(true);
    expect(window.dataLayer).toEqual([
      expect.objectContaining({
        ecommerce: expect.objectContaining({
          items: [expect.objectContaining({ item_id: 'CR-10482', item_name: 'Wedding teaser' })],
        }),
      }),
    ]);
  });
});
