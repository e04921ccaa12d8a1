import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type {
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminSettlement,
  PayoutFailure,
} from '@cutroom/contracts/payouts';
import PayoutsPage from './payouts-page';

/** Data and a render for the admin payouts page's tests (payouts-page.test.tsx, payouts-export.test.tsx). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const riya: AdminPayoutRow = {
  editor: { id: 'e1', name: 'Riya Cuts', username: 'riya' },
  vendorId: 'v_e1',
  vendorState: 'blocked',
  vendorError: 'KYC documents pending',
  method: 'bank',
  masked: 'A/c •••• 6789 · HDFC0001234',
  heldUntil: new Date(Date.now() + 3600_000).toISOString(),
  balances: { available: -500, pending: 8000, paidOut: 12000 },
  lastSettlement: {
    id: 's1',
    amount: 12000,
    status: 'SUCCESS',
    utr: 'UTR998877',
    reason: null,
    initiatedAt: '2026-11-10T10:00:00.000Z',
    settledAt: '2026-11-11T10:00:00.000Z',
  },
  failures: 2,
};
export const arjun: AdminPayoutRow = {
  editor: { id: 'e2', name: 'Arjun Edits', username: null },
  vendorId: null,
  vendorState: 'not_created',
  vendorError: null,
  method: null,
  masked: null,
  heldUntil: null,
  balances: { available: 0, pending: 1500, paidOut: 0 },
  lastSettlement: null,
  failures: 0,
};
export const page = (items: AdminPayoutRow[], nextCursor: string | null = null): AdminPayoutsPage => ({
  items,
  nextCursor,
  totals: { pending: 9500, available: -500, paidOut: 12000, commission: 5400 },
});
export const failure: PayoutFailure = {
  kind: 'settlement',
  id: '7d0c7a52-3c1e-4a55-9b55-3f0b6a1f0c11',
  editor: { id: 'e1', name: 'Riya Cuts', username: 'riya' },
  orderReference: null,
  amount: 2500,
  reason: 'Beneficiary bank is offline',
  at: '2026-11-20T10:00:00.000Z',
};

export const paidSettlement: AdminSettlement = {
  id: 's1',
  amount: 12000,
  status: 'SUCCESS',
  utr: 'UTR998877',
  reason: null,
  initiatedAt: '2026-11-10T10:00:00.000Z',
  settledAt: '2026-11-11T10:00:00.000Z',
  editor: { id: 'e1', name: 'Riya Cuts', username: 'riya' },
  vendorId: 'ED_e1',
};
export const failedSettlement: AdminSettlement = {
  ...paidSettlement,
  id: 's2',
  amount: 2500,
  status: 'FAILED',
  utr: null,
  reason: 'Beneficiary bank is offline',
  settledAt: null,
};

export function show() {
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}
    >
      <MemoryRouter initialEntries={['/admin/dashboard/payouts']}>
        <PayoutsPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
