import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderMoney } from '@cutroom/contracts';
import type { Payment } from '@cutroom/contracts/payments';
import { paymentsApi } from '../api/payments-api';
import { RefundDialog } from './refund-dialog';

const payment: Payment = {
  _id: 'p1',
  orderId: 'order_abc',
  cfOrderId: null,
  cfPaymentId: null,
  amount: 6999,
  status: 'SUCCESS',
  planType: null,
  order: { _id: 'o1', reference: 'CR-10482', title: 'Wedding teaser' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  creator: { username: 'maya_makes' },
  createdAt: '2026-11-24T04:05:00.000Z',
  refundedAmount: 0,
  refunds: [],
};

const money = (amount: number, fromEditor: number): OrderMoney => ({
  orderId: 'o1',
  reference: 'CR-10482',
  amount: 6999,
  paid: true,
  feePercent: 20,
  commission: 1399.8,
  editorShare: 5599.2,
  refunded: 0,
  refundable: 6999,
  editorKeeps: 5599.2,
  platformKeeps: 1399.8,
  refund: {
    amount,
    fromEditor,
    fromPlatform: 500,
    editorKeeps: 3599.2,
    platformKeeps: 899.8,
  },
});

function show() {
  vi.spyOn(paymentsApi, 'refunds').mockResolvedValue({
    orderId: 'order_abc',
    amount: 6999,
    refundedAmount: 0,
    remainingAmount: 6999,
    refunds: [],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RefundDialog payment={payment} onClose={() => {}} />
    </QueryClientProvider>,
  );
}

describe('the refund dialog asks what goes back and shows it before refunding', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses to guess: with nothing chosen it says so and refunds nothing', async () => {
    const refund = vi.spyOn(paymentsApi, 'refund');
    show();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).checked)).toEqual([false, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a full refund or a partial refund');
    expect(refund).not.toHaveBeenCalled();
  });

  it("a partial refund shows the server's figures, and only Confirm refunds", async () => {
    const read = vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money(2500, 2000));
    const refund = vi.spyOn(paymentsApi, 'refund').mockResolvedValue({
      message: 'Refund created successfully!',
      refund: {
        refundId: 'r1',
        amount: 2500,
        note: 'Goodwill',
        status: 'PENDING',
        createdAt: '2026-11-24T05:00:00.000Z',
        processedAt: null,
      },
      refunds: {
        orderId: 'order_abc',
        amount: 6999,
        refundedAmount: 2500,
        remainingAmount: 4499,
        refunds: [],
      },
    });
    show();
    await userEvent.click(screen.getByRole('radio', { name: /Partial refund/ }));
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '2500');
    await userEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    const review = await screen.findByRole('region', { name: 'Confirm the refund' });
    const lines = (await within(review).findByTestId('money-summary')).textContent;
    expect(read).toHaveBeenCalledWith('o1', 2500);
    expect(lines).toContain('Back to maya_makes₹2,500');
    expect(lines).toContain("From Riya Cuts's share−₹2,000");
    expect(lines).toContain('From the platform commission−₹500');
    expect(lines).toContain('Riya Cuts keeps₹3,599.20');
    expect(lines).toContain('The platform keeps₹899.80');
    expect(refund).not.toHaveBeenCalled();

    await userEvent.click(within(review).getByRole('button', { name: 'Confirm refund' }));
    await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    expect(refund).toHaveBeenCalledWith('order_abc', {
      refundAmount: 2500,
      refundNote: 'Refund initiated by admin',
    });
  });

  it('a full refund is sent as `full: true`, never as an empty amount', async () => {
    vi.spyOn(paymentsApi, 'orderMoney').mockResolvedValue(money(6999, 5599.2));
    const refund = vi.spyOn(paymentsApi, 'refund').mockRejectedValue(new Error('stop here'));
    show();
    await userEvent.click(screen.getByRole('radio', { name: /Full refund/ }));
    expect(screen.queryByLabelText('Refund amount (₹)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Review refund' }));
    const review = await screen.findByRole('region', { name: 'Confirm the refund' });
    await within(review).findByTestId('money-summary');
    await userEvent.click(within(review).getByRole('button', { name: 'Confirm refund' }));
    await vi.waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
    expect(refund.mock.calls[0]![1]).toEqual({ full: true, refundNote: 'Refund initiated by admin' });
  });
});
