import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, OrderListReply } from '@cutroom/contracts/orders';
import { OrdersList } from './orders-list';
import { anOrder } from '../../../testing/order-fixtures';

const base = anOrder({
  _id: 'o1',
  roomId: 'room-1',
  creator: { username: 'maya_makes' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  description: '',
  paid: true,
  paidAt: '2026-11-01T10:00:00.000Z',
  paymentOrderId: 'order_abc123',
  refundedAmount: 0,
  dueAt: '2026-11-06T10:00:00.000Z',
  late: true,
  createdAt: '2026-11-01T09:00:00.000Z',
  acceptedAt: '2026-11-01T09:30:00.000Z',
  actions: [],
});
const unpaid: Order = {
  ...base,
  _id: 'o2',
  reference: 'CR-10481',
  roomId: 'room-2',
  title: 'Reel pack',
  amount: 1499,
  status: 'awaiting_payment',
  paid: false,
  paidAt: null,
  paymentOrderId: null,
  dueAt: null,
  late: false,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(role: 'creator' | 'editor' = 'creator') {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <OrdersList role={role} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('orders list', () => {
  const calls: string[] = [];
  let answer: (url: URL) => Response;
  beforeEach(() => {
    calls.length = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      return answer(url);
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows each order with its counterpart, status, price, due date, payment and links', async () => {
    answer = () => json(200, { data: [base, unpaid] } satisfies OrderListReply);
    show('creator');
    expect(screen.getByText('Loading orders...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [, first, second] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(table).getByRole('columnheader', { name: 'Editor' })).toBeTruthy();
    expect(first.textContent).toContain('CR-10482');
    expect(first.textContent).toContain('Wedding teaser');
    expect(first.textContent).toContain('Riya Cuts');
    expect(first.textContent).toContain('In progress');
    expect(first.textContent).toContain('Late');
    expect(first.textContent).toContain('₹6,999');
    expect(first.textContent).toContain('Paid');
    expect(first.textContent).toContain('order_abc123');
    expect(within(first).getByRole('link', { name: 'Chat about CR-10482' }).getAttribute('href')).toBe(
      '/chat?roomId=room-1',
    );
    expect(
      within(first)
        .getByRole('link', { name: 'Payment of CR-10482 in Payment History' })
        .getAttribute('href'),
    ).toBe('/profile');

    expect(second.textContent).toContain('Awaiting payment');
    expect(second.textContent).toContain('Not paid');
    expect(within(second).queryByRole('link', { name: /Payment of/ })).toBeNull();

    // The narrow-screen cards carry the same orders.
    const cards = screen.getByRole('list', { name: 'Orders' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
    expect(calls).toEqual(['/api/orders']);
  });

  it('names the creator for editors', async () => {
    answer = () => json(200, { data: [base] });
    show('editor');
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Creator' })).toBeTruthy();
    expect(within(table).getByText('maya_makes')).toBeTruthy();
  });

  it('loads older orders with the cursor, and filters by tab', async () => {
    answer = (url) =>
      url.searchParams.get('before') === 'cur-1'
        ? json(200, { data: [unpaid] })
        : json(200, { data: [base], nextCursor: 'cur-1' });
    show();
    await screen.findByRole('table', { name: 'Orders' });
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Orders' })).getAllByRole('row')).toHaveLength(3),
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls).toEqual(['/api/orders', '/api/orders?before=cur-1']);

    answer = () => json(200, { data: [] });
    await userEvent.click(screen.getByRole('tab', { name: 'Open' }));
    expect(await screen.findByText('No open orders')).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Cancelled' }));
    expect(await screen.findByText('No cancelled orders')).toBeTruthy();
    expect(calls.slice(2)).toEqual(['/api/orders?status=open', '/api/orders?status=cancelled']);
  });

  it('shows the error with Try Again, then the empty state', async () => {
    let fail = true;
    answer = () => (fail ? json(500, { message: 'boom' }) : json(200, { data: [] }));
    show();
    expect(await screen.findByText('Failed to load orders.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No orders yet')).toBeTruthy();
  });
});
