import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Payment } from '@cutroom/contracts/payments';
import { PaymentHistoryCards, PaymentHistoryTable } from './payment-history-layout';

const LONG = 'Extraordinarilylongeditornamewithoutspaces12345678';
const TITLE = 'Cinematicweddinghighlightsreelwithcolourgradingandsounddesign';

const refund = (refundId: string, amount: number) => ({
  refundId,
  amount,
  note: 'Refund initiated by admin',
  status: 'SUCCESS' as const,
  createdAt: '2026-11-24T04:06:00.000Z',
  processedAt: null,
});

const payments: Payment[] = [
  {
    _id: 'p1',
    orderId: 'order_partly',
    cfOrderId: null,
    cfPaymentId: null,
    amount: 149999,
    status: 'SUCCESS',
    planType: null,
    order: { _id: 'o1', reference: 'CR-10002', title: TITLE },
    editor: { _id: 'e1', username: LONG },
    creator: { username: 'creator-b5fa5a' },
    createdAt: '2026-11-24T04:05:00.000Z',
    refundedAmount: 13344.5,
    refunds: [refund('r1', 12345.5), refund('r2', 999)],
  },
  {
    _id: 'p2',
    orderId: 'order_open',
    cfOrderId: null,
    cfPaymentId: null,
    amount: 1499,
    status: 'INITIATED',
    planType: 'basic',
    order: null,
    editor: { _id: 'e2', username: 'ravi' },
    creator: { username: 'creator-b5fa5a' },
    createdAt: '2026-11-24T04:04:00.000Z',
    refundedAmount: 0,
    refunds: [],
  },
];

afterEach(cleanup);

const rowOf = (orderId: string) => document.querySelector(`[data-order-id="${orderId}"]`) as HTMLElement;

describe.each([
  ['table', () => render(<PaymentHistoryTable payments={payments} role="creator" />)],
  ['cards', () => render(<PaymentHistoryCards payments={payments} role="creator" />)],
])('Payment History %s', (_, show) => {
  it('shows amount, status, plan and every refund of each payment', () => {
    show();
    const partly = within(rowOf('order_partly'));
    expect(partly.getByTestId('payment-amount').textContent).toBe('₹1,49,999');
    expect(partly.getByTestId('payment-status').textContent).toBe('SUCCESS');
    expect(partly.getByTestId('payment-plan').textContent).toBe(TITLE);
    const refunds = partly.getByRole('list', { name: 'Refunds' });
    expect(
      within(refunds)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('SUCCESS'), '₹999SUCCESS']);
    const open = within(rowOf('order_open'));
    expect(open.getByTestId('payment-status').textContent).toBe('processing');
    expect(open.queryByRole('list', { name: 'Refunds' })).toBeNull();
  });

  it('lets a long name and a long title break anywhere', () => {
    show();
    const partly = within(rowOf('order_partly'));
    expect(partly.getByText(LONG).className).toContain('wrap-anywhere');
    expect(partly.getByTestId('payment-plan').className).toContain('wrap-anywhere');
  });
});

describe('Payment History table', () => {
  it('is a fixed layout as wide as the content column', () => {
    render(<PaymentHistoryTable payments={payments} role="creator" />);
    const table = screen.getByRole('table', { name: 'Payment History' });
    expect(table.className.split(/\s+/)).toEqual(expect.arrayContaining(['w-full', 'table-fixed']));
  });
});
