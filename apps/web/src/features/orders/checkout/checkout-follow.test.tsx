import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@cutroom/contracts/orders';
import { RealtimeContext, type AppSocket } from '../../../lib/realtime';
import { anOrder } from '../../../testing/order-fixtures';
import { ordersApi } from '../api/orders-api';
import { CheckoutFollow, useCheckoutSettled } from './checkout-follow';

const unpaid = anOrder({
  _id: 'o1',
  reference: 'CR-10482',
  roomId: 'room-1',
  amount: 4999,
  status: 'awaiting_payment',
  statusLabel: 'Awaiting payment',
  paid: false,
  refundedAmount: 0,
  actions: ['pay', 'cancel'],
});
const paid: Order = { ...unpaid, status: 'in_progress', statusLabel: 'In progress', paid: true, actions: [] };

/** A socket that only carries what the test emits. */
function fakeSocket() {
  const handlers = new Map<string, Set<(e: unknown) => void>>();
  const socket = {
    on: (name: string, fn: (e: unknown) => void) => {
      (handlers.get(name) ?? handlers.set(name, new Set()).get(name)!).add(fn);
      return socket;
    },
    off: (name: string, fn: (e: unknown) => void) => {
      handlers.get(name)?.delete(fn);
      return socket;
    },
  };
  const emit = (name: string, e: unknown) => handlers.get(name)?.forEach((fn) => fn(e));
  return { socket: socket as unknown as AppSocket, emit };
}

/** What Pay Now does with it: hidden once the order it opened a checkout for is paid. */
function PayNowArea({ orderId }: { orderId: string }) {
  const settled = useCheckoutSettled(orderId);
  return (
    <>
      {!settled && <button type="button">Pay Now</button>}
      <CheckoutFollow orderId={orderId} />
    </>
  );
}

function show(socket: AppSocket | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket, state: socket ? 'connected' : 'offline', connections: 1 }}>
        <MemoryRouter>
          <PayNowArea orderId="o1" />
        </MemoryRouter>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
  );
}

describe('the tab that opened a checkout follows its order', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('hides Pay Now as soon as the server says the order changed and it is paid', async () => {
    const get = vi.spyOn(ordersApi, 'get').mockResolvedValue({ data: unpaid, events: [] });
    const { socket, emit } = fakeSocket();
    show(socket);
    expect((await screen.findByTestId('checkout-follow')).textContent).toContain(
      'Checkout for order CR-10482 is open in another tab',
    );
    expect(screen.getByRole('button', { name: 'Pay Now' })).toBeTruthy();

    get.mockResolvedValue({ data: paid, events: [] });
    // Another order's change is not this one's.
    act(() => emit('orderUpdated', { roomId: 'room-2', orderId: 'o2', status: 'in_progress' }));
    act(() => emit('orderUpdated', { roomId: 'room-1', orderId: 'o1', status: 'in_progress' }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull());
    const status = screen.getByTestId('checkout-follow');
    expect(status.textContent).toContain('Paid ₹4,999 · order CR-10482 is in progress.');
    expect(screen.getByRole('link', { name: 'Open the chat' }).getAttribute('href')).toBe(
      '/chat?roomId=room-1',
    );
  });

  it('without a socket, coming back to the tab fetches the order again', async () => {
    const get = vi.spyOn(ordersApi, 'get').mockResolvedValue({ data: unpaid, events: [] });
    show(null);
    await screen.findByRole('button', { name: 'Pay Now' });
    get.mockResolvedValue({ data: paid, events: [] });
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Pay Now' })).toBeNull());
    focusManager.setFocused(undefined);
  });
});
