import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
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

/** The server's figures for the summary (GET /api/orders/{id}/money?refund=…). */
const money = (refund: number) => ({
  orderId: order._id,
  reference: 'CR-10482',
  amount: 6999,
  paid: true,
  feePercent: 20,
  commission: 1399.8,
  editorShare: 5599.2,
  refunded: 999,
  refundable: 6000,
  editorKeeps: 4799.99,
  platformKeeps: 1200.01,
  refund: {
    amount: refund,
    fromEditor: 111.11,
    fromPlatform: refund - 111.11,
    editorKeeps: 4688.88,
    platformKeeps: 1200.01 - (refund - 111.11),
  },
});

describe('admin cancel order dialog', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let answer: () => Response;
  beforeEach(() => {
    answer = () => json(200, { data: { ...order, status: 'cancelled' } });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://x');
      if (url.pathname.endsWith('/money')) {
        const r = url.searchParams.get('refund');
        return json(200, money(r === 'full' ? 6000 : Number(r)));
      }
      return answer();
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const posts = () =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][]).filter(
      ([, init]) => init?.method === 'POST',
    );
  const sent = () => {
    const [url, init] = posts()[0]!;
    return { url, body: JSON.parse(String(init!.body)) };
  };
  const submit = () => userEvent.click(screen.getByRole('button', { name: 'Review cancellation' }));
  /** The summary step: its figures, then its Cancel order. */
  const confirm = async () => {
    const review = await screen.findByRole('region', { name: 'Confirm the cancellation' });
    const lines = await within(review).findByTestId('money-summary');
    await userEvent.click(within(review).getByRole('button', { name: 'Cancel order' }));
    return lines.textContent ?? '';
  };

  it('chooses no refund for the admin: no choice is refused, not taken as a full refund', async () => {
    show();
    expect([...document.querySelectorAll<HTMLInputElement>('input[type=radio]')].some((r) => r.checked)).toBe(
      false,
    );
    await userEvent.type(screen.getByLabelText('Note'), 'Gone');
    await submit();
    expect(await screen.findByText('Choose what the creator gets back')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Confirm the cancellation' })).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('requires a note of at least 3 characters and sends nothing without it', async () => {
    show();
    expect(screen.getByRole('dialog', { name: 'Cancel order CR-10482' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /Full refund/ }));
    await submit();
    expect(await screen.findByText('Note must be at least 3 characters')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Note'), '  a ');
    await submit();
    expect(await screen.findByText('Note must be at least 3 characters')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows what goes back and what each side keeps, then sends a full refund as `full: true`', async () => {
    const onClose = show();
    await userEvent.click(screen.getByRole('radio', { name: /Full refund/ }));
    await userEvent.type(screen.getByLabelText('Note'), ' Editor stopped answering ');
    await submit();
    expect(posts()).toHaveLength(0);
    const lines = await confirm();
    // The server's figures, as they came (not re-derived here).
    expect(lines).toContain('Back to maya_makes₹6,000');
    expect(lines).toContain("From Riya Cuts's share−₹111.11");
    expect(lines).toContain('Riya Cuts keeps₹4,688.88');
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent()).toEqual({
      url: `/api/admin/orders/${order._id}/cancel`,
      body: { full: true, note: 'Editor stopped answering' },
    });
  });

  it('sends no refund as 0 after showing that nothing goes back', async () => {
    show();
    await userEvent.click(screen.getByRole('radio', { name: /No refund/ }));
    await userEvent.type(screen.getByLabelText('Note'), 'Editor stopped answering');
    await submit();
    expect(await confirm()).toContain('Back to maya_makes₹0');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
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
    expect(await confirm()).toContain('Back to maya_makes₹3,000');
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(sent().body).toEqual({ refundAmount: 3000, note: 'Half the work was done' });
  });

  it("shows the server's message when the cancel is refused", async () => {
    answer = () => json(409, { message: 'You cannot cancel an order that is completed' });
    const onClose = show();
    await userEvent.click(screen.getByRole('radio', { name: /No refund/ }));
    await userEvent.type(screen.getByLabelText('Note'), 'Duplicate order');
    await submit();
    await confirm();
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
