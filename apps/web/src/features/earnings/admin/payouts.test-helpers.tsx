import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type {
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminSettlement,
  PayoutFailure,
} from '@cutroom/contracts/payouts';
import PayoutsPage from './payouts-page';

/**
 * Data, a render and a fake payouts API for the admin payouts page's tests (payouts-page.test.tsx,
 * payouts-export.test.tsx).
 */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const riya: AdminPayoutRow = {
  editor: { id: 'e1', name: 'Riya Cuts', username: 'riya' },
  vendorId: 'v_e1',
  vendorState: 'blocked',
  vendorError: 'KYC documents pending',
  gatewayStatus: 'BLOCKED',
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
  gatewayStatus: null,
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

/** Riya's last settlement, as the settlements list shows it. */
export const paidSettlement: AdminSettlement = {
  ...riya.lastSettlement!,
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

/**
 * Answers the page's calls to the payouts API for each test of the describe it is called in (and cleans up
 * after each). A test may replace any handler (`payouts.list = ...`) before or while the page runs;
 * `calls(method)` lists the addresses fetched with that method, in order.
 */
export function mockPayoutsApi() {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  const payouts = {
    ...defaultHandlers(),
    /** The spy on `fetch`, for a test that reads a call's options. */
    get fetchSpy() {
      return fetchSpy;
    },
    calls: (method = 'GET') =>
      (fetchSpy.mock.calls as [string, RequestInit | undefined][])
        .filter(([, init]) => (init?.method ?? 'GET') === method)
        .map(([url]) => url),
  };
  beforeEach(() => {
    Object.assign(payouts, defaultHandlers());
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') return payouts.retry();
      if (url.pathname === '/api/admin/payouts') return payouts.list(url);
      if (url.pathname === '/api/admin/payouts/failures') return payouts.failures();
      if (url.pathname === '/api/admin/payouts/settlements') return payouts.settlements(url);
      if (url.pathname === '/api/admin/payouts/export') return payouts.csv();
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return payouts;
}

/** Two pages of editors and of settlements, one failure, a retry that starts, and October's CSV. */
function defaultHandlers(): {
  list: (url: URL) => Response;
  failures: () => Response;
  retry: () => Response | Promise<Response>;
  csv: () => Response;
  settlements: (url: URL) => Response;
} {
  return {
    settlements: (url) =>
      json(
        200,
        url.searchParams.get('cursor') === 's2'
          ? { items: [{ ...failedSettlement, id: 's3', amount: 700 }], nextCursor: null }
          : { items: [paidSettlement, failedSettlement], nextCursor: 's2' },
      ),
    list: (url) =>
      url.searchParams.get('cursor') === 'c2' ? json(200, page([arjun])) : json(200, page([riya], 'c2')),
    failures: () => json(200, { items: [failure] }),
    retry: () => json(200, { message: 'Retry started: the settlement is on its way' }),
    csv: () =>
      new Response('editor,amount\nRiya Cuts,12000\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="cutroom-payouts-2026-10-01-2026-10-31.csv"',
        },
      }),
  };
}
