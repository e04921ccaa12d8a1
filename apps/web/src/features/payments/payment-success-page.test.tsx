import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paymentsApi } from './api';
import PaymentSuccessPage from './payment-success-page';

vi.mock('../auth/session', () => ({
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
