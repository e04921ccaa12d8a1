import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '@cutroom/contracts/orders';
import type { Payment } from '@cutroom/contracts/payments';
import { ordersApi } from '../api/orders-api';
import { paymentsApi } from '../../payments';
import { rememberCheckoutOrigin } from './checkout';
import PaymentSuccessPage from './payment-success-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { id: 'u1', role: 'creator', username: 'asha' }, loading: false }),
}));

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/payment-success?order_id=order_1']}>
        <PaymentSuccessPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('payment result page', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says "Test payments" while the simulator is the gateway, and not with Cashfree', async () => {
    vi.spyOn(paymentsApi, 'status').mockRejectedValue(new Error('not found'));
    vi.spyOn(paymentsApi, 'gateway').mockResolvedValue({ provider: 'simulator', mode: 'sandbox' });
    show();
    expect((await screen.findByTestId('test-payments-banner')).textContent).toContain('Test payments');
    cleanup();
    vi.spyOn(paymentsApi, 'gateway').mockResolvedValue({ provider: 'cashfree', mode: 'production' });
    show();
    await waitFor(() => expect(paymentsApi.gateway).toHaveBeenCalledTimes(2));
    await screen.findByRole('status');
    expect(screen.queryByTestId('test-payments-banner')).toBeNull();
  });
});

const payment = (status: Payment['status']): Payment => ({
  _id: 'p1',
  orderId: 'order_1',
  cfOrderId: null,
  cfPaymentId: null,
  amount: 1499,
  status,
  planType: 'basic',
  order: { _id: 'o1', reference: 'CR-10482', title: 'Basic' },
  editor: { _id: 'e1', username: 'Riya Cuts' },
  creator: { username: 'asha' },
  createdAt: '2026-11-24T10:00:00.000Z',
  refundedAmount: 0,
  refunds: [],
});

describe('payment result page, after a checkout that did not go through', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(paymentsApi, 'gateway').mockResolvedValue({ provider: 'simulator', mode: 'sandbox' });
    vi.spyOn(ordersApi, 'get').mockResolvedValue({
      data: { _id: 'o1', roomId: 'room-1' } as Order,
      events: [],
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  const backLinks = () =>
    screen.queryAllByRole('link').map((a) => `${a.textContent} → ${a.getAttribute('href')}`);

  it("started in the chat: SPEC's title, and the way back to that chat", async () => {
    rememberCheckoutOrigin({ kind: 'portfolio', editorId: 'e1' }, Date.now() - 60_000);
    rememberCheckoutOrigin({ kind: 'chat', roomId: 'room-1' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({ payment: payment('FAILED'), outcome: 'failed' });
    show();
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The payment did not go through and nothing was charged. You can pay again from your chat with Riya Cuts.',
      ),
    );
    expect(backLinks()).toEqual([
      'Back to the chat → /chat?roomId=room-1',
      'Go to Chat → /chat',
      'Browse Portfolios → /portfolio',
    ]);
    expect(ordersApi.get).toHaveBeenCalledWith('o1');
  });

  it("started on the editor's portfolio: the way back to it, without asking for the order", async () => {
    rememberCheckoutOrigin({ kind: 'portfolio', editorId: 'e1' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({ payment: payment('FAILED'), outcome: 'failed' });
    show();
    expect(await screen.findByText(/You can try again from Riya Cuts’s portfolio\./)).toBeTruthy();
    expect(backLinks()[0]).toBe('Back to Riya Cuts’s portfolio → /portfolio/e1');
    expect(ordersApi.get).not.toHaveBeenCalled();
  });

  it('started somewhere this browser does not know (another chat): the general wording', async () => {
    rememberCheckoutOrigin({ kind: 'chat', roomId: 'another-room' });
    rememberCheckoutOrigin({ kind: 'portfolio', editorId: 'another-editor' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({ payment: payment('FAILED'), outcome: 'failed' });
    show();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The payment did not go through and nothing was charged. You can try again from the editor’s portfolio.',
      ),
    );
    expect(backLinks()).toEqual(['Go to Chat → /chat', 'Browse Portfolios → /portfolio']);
  });

  it('a checkout the payer cancelled says so, not "failed", with the way back', async () => {
    rememberCheckoutOrigin({ kind: 'chat', roomId: 'room-1' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({
      payment: payment('FAILED'),
      outcome: 'cancelled',
    } as Awaited<ReturnType<typeof paymentsApi.status>>);
    show();
    expect(await screen.findByRole('heading', { name: 'Payment Cancelled' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'You cancelled the payment; nothing was charged. You can pay again from your chat with Riya Cuts.',
      ),
    );
    expect(screen.queryByText(/did not go through/)).toBeNull();
    expect(backLinks()).toEqual([
      'Back to the chat → /chat?roomId=room-1',
      'Go to Chat → /chat',
      'Browse Portfolios → /portfolio',
    ]);
  });

  it('a declined payment is "Payment Failed"; a lapsed checkout says it expired', async () => {
    rememberCheckoutOrigin({ kind: 'portfolio', editorId: 'e1' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({
      payment: payment('FAILED'),
      outcome: 'failed',
    } as Awaited<ReturnType<typeof paymentsApi.status>>);
    show();
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'The payment did not go through and nothing was charged. You can try again from Riya Cuts’s portfolio.',
    );
    expect(backLinks()[0]).toBe('Back to Riya Cuts’s portfolio → /portfolio/e1');
    cleanup();

    vi.spyOn(paymentsApi, 'status').mockResolvedValue({
      payment: payment('FAILED'),
      outcome: 'expired',
    } as Awaited<ReturnType<typeof paymentsApi.status>>);
    show();
    expect(await screen.findByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'The checkout expired before a payment was made; nothing was charged. You can try again from Riya Cuts’s portfolio.',
    );
  });

  it("a successful payment keeps SPEC's two links and no way back", async () => {
    rememberCheckoutOrigin({ kind: 'chat', roomId: 'room-1' });
    vi.spyOn(paymentsApi, 'status').mockResolvedValue({ payment: payment('SUCCESS'), outcome: 'paid' });
    show();
    expect(await screen.findByRole('heading', { name: 'Payment Successful!' })).toBeTruthy();
    expect(backLinks()).toEqual(['Go to Chat → /chat', 'Browse Portfolios → /portfolio']);
    expect(ordersApi.get).not.toHaveBeenCalled();
  });
});
