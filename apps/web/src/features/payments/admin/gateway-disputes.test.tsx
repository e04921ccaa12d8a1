import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GatewayDispute } from '@cutroom/contracts';
import { paymentsApi } from '../api/payments-api';
import { GatewayDisputes } from './gateway-disputes';

const chargeback: GatewayDispute = {
  id: 'gd1',
  cfDisputeId: '433475258',
  type: 'CHARGEBACK',
  status: 'CHARGEBACK_UNDER_REVIEW',
  outcome: 'open',
  amount: 6999,
  reasonCode: '13.1',
  reason: 'Merchandise / Services Not Received',
  remarks: null,
  respondBy: '2026-12-01T18:29:59.000Z',
  createdAt: '2026-11-24T04:05:00.000Z',
  resolvedAt: null,
};

const show = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <GatewayDisputes orderId="o1" />
    </QueryClientProvider>,
  );

describe('GatewayDisputes', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows an open chargeback: type, amount, reason, status and the date to respond by', async () => {
    vi.spyOn(paymentsApi, 'gatewayDisputes').mockResolvedValue({ items: [chargeback] });
    show();
    expect(await screen.findByText('Gateway disputes')).toBeTruthy();
    expect(screen.getByText('chargeback')).toBeTruthy();
    expect(screen.getByText('Open: the share is held')).toBeTruthy();
    expect(screen.getByText(/Merchandise \/ Services Not Received/)).toBeTruthy();
    expect(screen.getByText(/chargeback under review/)).toBeTruthy();
    expect(screen.getByText('Respond by')).toBeTruthy();
  });

  it('shows nothing for an order the gateway never disputed', async () => {
    const call = vi.spyOn(paymentsApi, 'gatewayDisputes').mockResolvedValue({ items: [] });
    const { container } = show();
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
