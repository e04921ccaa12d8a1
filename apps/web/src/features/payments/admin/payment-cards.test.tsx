import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Payment } from '@cutroom/contracts/payments';
import { PaymentCards, PaymentsTable } from './payments-layout';

const LONG = 'Extraordinarilylongeditornamewithoutspaces12345678';

const payment = (over: Partial<Payment>): Payment => ({
  _id: over.orderId ?? 'p1',
  orderId: 'order_1',
  cfOrderId: null,
  cfPaymentId: null,
  amount: 1499,
  status: 'SUCCESS',
  planType: 'basic',
  order: { _id: 'o1', reference: 'CR-10001', title: 'Basic tier' },
  editor: { _id: 'e1', username: LONG },
  creator: { username: 'creator-b5fa5a' },
  createdAt: '2026-11-24T04:05:00.000Z',
  refundedAmount: 0,
  refunds: [],
  ...over,
});

const payments = [
  payment({ orderId: 'order_paid' }),
  payment({ orderId: 'order_refunded', refundedAmount: 1499 }),
  payment({ orderId: 'order_failed', status: 'FAILED' }),
];

afterEach(cleanup);

describe('All Payments cards', () => {
  it('gives each paid payment its Refund (or Refunds) button, and the others none', () => {
    const onRefund = vi.fn();
    render(
      <MemoryRouter>
        <PaymentCards payments={payments} onRefund={onRefund} />
      </MemoryRouter>,
    );
    const cards = within(screen.getByRole('list', { name: 'All payments' })).getAllByRole('listitem');
    expect(cards.map((c) => c.dataset.orderId)).toEqual(['order_paid', 'order_refunded', 'order_failed']);
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Refund' }));
    expect(onRefund).toHaveBeenCalledWith(payments[0]);
    expect(within(cards[1]!).getByRole('button', { name: 'Refunds' })).toBeTruthy();
    expect(within(cards[1]!).getByText('Refunded ₹1,499')).toBeTruthy();
    expect(within(cards[2]!).queryByRole('button')).toBeNull();
  });

  it('lets a long name break anywhere instead of widening the card', () => {
    render(
      <MemoryRouter>
        <PaymentCards payments={payments} onRefund={() => {}} />
      </MemoryRouter>,
    );
    const name = screen.getAllByText(LONG)[0]!;
    expect(name.className).toContain('wrap-anywhere');
    expect(name.closest('li')!.className).toContain('min-w-0');
  });
});

describe('All Payments table', () => {
  it('is a fixed layout as wide as its box, each row with its Refund button', () => {
    render(
      <MemoryRouter>
        <PaymentsTable payments={payments} onRefund={() => {}} />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'All payments' });
    expect(table.className.split(/\s+/)).toEqual(expect.arrayContaining(['w-full', 'table-fixed']));
    const row = table.querySelector('tr[data-order-id="order_paid"]') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Refund' })).toBeTruthy();
    expect(within(row).getByText(LONG).className).toContain('wrap-anywhere');
  });
});
