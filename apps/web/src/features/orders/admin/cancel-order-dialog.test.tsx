import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@cutroom/contracts/orders';
import { CancelOrderDialog } from './cancel-order-dialog';
import { anOrder } from '../../../testing/order-fixtures';

const order = anOrder({
  _id: '0b6b7c1e-8a47-4c3e-9a49-0d5b2b0c9f11',
  roomId: 'room-1',
  creator: { _id: 'c1', username: 'maya_makes' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  description: '',
  paid: true,
  paidAt: '2026-11-01T10:00:00.000Z',
  paymentOrderId: 'order_abc',
  refundedAmount: 999,
  dueAt: '2026-11-06T10:00:00.000Z',
  late: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  acceptedAt: '2026-11-01T09:30:00.000Z',
  actions: ['admin_cancel'],
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(o: Order = order) {
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CancelOrderDialog order={o} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

describe('admin cancel order dialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let answer: () => Response;
  beforeEach(() => {
    answer = () => json(200, { data: { ...order, status: 'cancelled' } });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => answer());
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const sent = () => {
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    return { url, body: JSON.parse(String(init.body)) };
  };
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));

  it('requires a note of at least 3 characters and sends nothing without it', async () => {
    show();
    expect(screen.getByRole('dialog', { name: 'Cancel order CR-10482' })).toBeTruthy();
    await submit();
    expect(await screen.findByText('Note must be at least 3 characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Note'), '  a ');
    await submit();
    expect(await screen.findByText('Note must be at least 3 characters')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('sends a full refund as null and no refund as 0, with the trimmed note', async () => {
    const onClose = show();
    await userEvent.type(screen.getByLabelText('Note'), ' Editor stopped answering ');
    await submit();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual({
      url: `/api/admin/orders/${order._id}/cancel`,
      body: { refundAmount: null, note: 'Editor stopped answering' },
    });

    fetchSpy.mockClear();
    await userEvent.click(screen.getByRole('radio', { name: /No refund/ }));
    await submit();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(sent().body).toEqual({ refundAmount: 0, note: 'Editor stopped answering' });
  });

  it('asks for a partial amount within what is left of the payment', async () => {
    show();
    await userEvent.click(screen.getByRole('radio', { name: /Partial refund/ }));
    await userEvent.type(screen.getByLabelText('Note'), 'Half the work was done');
    await submit();
    expect(await screen.findByText('Enter the amount to refund')).toBeTruthy();

    // ₹6,999 paid, ₹999 already refunded: ₹6,000 is the most.
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '6000.5');
    await submit();
    expect(await screen.findByText('The refund cannot be more than the ₹6,000 that was paid')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Refund amount (₹)'));
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '10.123');
    await submit();
    expect(await screen.findByText('Refund amount can have at most 2 decimals')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Refund amount (₹)'));
    await userEvent.type(screen.getByLabelText('Refund amount (₹)'), '3000');
    await submit();
    await vi.waitFor(() => expect(fetchSpy).toHaveBeenCalled());
    expect(sent().body).toEqual({ refundAmount: 3000, note: 'Half the work was done' });
  });

  it("shows the server's message when the cancel is refused", async () => {
    answer = () => json(409, { message: 'You cannot cancel an order that is completed' });
    const onClose = show();
    await userEvent.type(screen.getByLabelText('Note'), 'Duplicate order');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You cannot cancel an order that is completed',
    );
    expect(onClose).not.toHaveBeenCalled();
  });

  it('offers no refund choice for an unpaid order', async () => {
    show({ ...order, paid: false, paidAt: null, paymentOrderId: null, refundedAmount: 0, late: false });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByText('This order has not been paid: there is nothing to refund.')).toBeTruthy();
  });
});
