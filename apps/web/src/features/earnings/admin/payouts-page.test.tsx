import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AdminPayoutRow,
  AdminPayoutsPage,
  AdminSettlement,
  PayoutFailure,
} from '@cutroom/contracts/payouts';
import { fileNameOf, payoutsExportPath } from '../api/export-payouts';
import { thisMonthSoFar } from './export-panel';
import PayoutsPage from './payouts-page';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const riya: AdminPayoutRow = {
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
const arjun: AdminPayoutRow = {
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
const page = (items: AdminPayoutRow[], nextCursor: string | null = null): AdminPayoutsPage => ({
  items,
  nextCursor,
  totals: { pending: 9500, available: -500, paidOut: 12000, commission: 5400 },
});
const failure: PayoutFailure = {
  kind: 'settlement',
  id: '7d0c7a52-3c1e-4a55-9b55-3f0b6a1f0c11',
  editor: { id: 'e1', name: 'Riya Cuts', username: 'riya' },
  orderReference: null,
  amount: 2500,
  reason: 'Beneficiary bank is offline',
  at: '2026-11-20T10:00:00.000Z',
};

const paidSettlement: AdminSettlement = {
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
const failedSettlement: AdminSettlement = {
  ...paidSettlement,
  id: 's2',
  amount: 2500,
  status: 'FAILED',
  utr: null,
  reason: 'Beneficiary bank is offline',
  settledAt: null,
};

function show() {
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

describe('admin payouts page', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  let list: (url: URL) => Response;
  let failures: () => Response;
  let retry: () => Response | Promise<Response>;
  let csv: () => Response;
  let settlements: (url: URL) => Response;
  beforeEach(() => {
    settlements = (url) =>
      json(
        200,
        url.searchParams.get('cursor') === 's2'
          ? { items: [{ ...failedSettlement, id: 's3', amount: 700 }], nextCursor: null }
          : { items: [paidSettlement, failedSettlement], nextCursor: 's2' },
      );
    list = (url) =>
      url.searchParams.get('cursor') === 'c2' ? json(200, page([arjun])) : json(200, page([riya], 'c2'));
    failures = () => json(200, { items: [failure] });
    retry = () => json(200, { message: 'Retry started: the settlement is on its way' });
    csv = () =>
      new Response('editor,amount\nRiya Cuts,12000\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="cutroom-payouts-2026-10-01-2026-10-31.csv"',
        },
      });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'POST') return retry();
      if (url.pathname === '/api/admin/payouts') return list(url);
      if (url.pathname === '/api/admin/payouts/failures') return failures();
      if (url.pathname === '/api/admin/payouts/settlements') return settlements(url);
      if (url.pathname === '/api/admin/payouts/export') return csv();
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  const calls = (method = 'GET') =>
    (fetchSpy.mock.calls as [string, RequestInit | undefined][])
      .filter(([, init]) => (init?.method ?? 'GET') === method)
      .map(([url]) => url);

  it("shows the totals and each editor's account, balances, last settlement and failures", async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Payouts' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: "Editors' payouts" });
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals.textContent).toContain('Pending₹9,500');
    expect(totals.textContent).toContain('Available−₹500');
    expect(totals.textContent).toContain('Commission₹5,400');

    const [, row] = within(table).getAllByRole('row') as [HTMLElement, HTMLElement];
    for (const text of [
      'Riya Cuts',
      '@riya',
      'Blocked: KYC documents pending',
      'A/c •••• 6789 · HDFC0001234',
      'Held until',
      '−₹500',
      '₹8,000',
      'Paid out',
      'UTR998877',
    ]) {
      expect(row.textContent).toContain(text);
    }
    expect(within(row).getByRole('link', { name: 'Edit editor Riya Cuts' }).getAttribute('href')).toBe(
      '/admin/dashboard/edit-editor/e1',
    );
    expect(
      within(row)
        .getByRole('link', { name: /^2 failed payout steps of Riya Cuts/ })
        .getAttribute('href'),
    ).toBe('#payout-failures');
    // The same editors as cards below xl, where the table would not fit the admin content box.
    const cards = screen.getByRole('list', { name: "Editors' payouts" });
    expect(cards.parentElement!.className).toBe('xl:hidden');
    expect(table.closest('.hidden')!.className).toContain('xl:block');
    expect(within(cards).getAllByRole('listitem')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await vi.waitFor(() => expect(within(cards).getAllByRole('listitem')).toHaveLength(2));
    const second = within(cards).getAllByRole('listitem')[1]!;
    expect(second.textContent).toContain('No username');
    expect(second.textContent).toContain('No payout details');
    expect(second.textContent).toContain('Not set up yet');
    expect(calls()).toContain('/api/admin/payouts?cursor=c2');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('searches editors by name or username', async () => {
    list = (url) => json(200, page(url.searchParams.get('q') ? [] : [riya]));
    show();
    await screen.findByRole('table', { name: "Editors' payouts" });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Editor name or username' }), ' nobody ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No editor matches “nobody”')).toBeTruthy();
    expect(calls()).toContain('/api/admin/payouts?q=nobody');
  });

  it("retries a failure at its own address, disabled while it runs, with the server's message", async () => {
    const success = vi.spyOn(toast, 'success');
    let release!: () => void;
    retry = () =>
      new Promise((resolve) => {
        release = () => {
          failures = () => json(200, { items: [] });
          resolve(json(200, { message: 'Retry started: the settlement is on its way' }));
        };
      });
    show();
    const item = (await screen.findAllByTestId('payout-failure'))[0]!;
    expect(item.textContent).toContain('Riya Cuts (@riya)');
    expect(item.textContent).toContain('The gateway said: Beneficiary bank is offline');
    expect(item.textContent).toContain('₹2,500');
    const button = within(item).getByRole('button', { name: 'Retry the settlement of Riya Cuts' });
    await userEvent.click(button);
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    expect(button.textContent).toBe('Retrying...');
    expect(calls('POST')).toEqual([
      '/api/admin/payouts/failures/settlement/7d0c7a52-3c1e-4a55-9b55-3f0b6a1f0c11/retry',
    ]);
    const failureGets = calls().filter((u) => u === '/api/admin/payouts/failures').length;
    release();
    await vi.waitFor(() =>
      expect(success).toHaveBeenCalledWith('Retry started: the settlement is on its way'),
    );
    expect(await screen.findByText('Nothing is waiting for a retry.')).toBeTruthy();
    expect(calls().filter((u) => u === '/api/admin/payouts/failures').length).toBeGreaterThan(failureGets);
  });

  it("shows a refused retry's message", async () => {
    const error = vi.spyOn(toast, 'error');
    retry = () => json(409, { message: 'The editor has no active payout account' });
    show();
    const item = (await screen.findAllByTestId('payout-failure'))[0]!;
    await userEvent.click(within(item).getByRole('button', { name: /^Retry/ }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The editor has no active payout account'));
  });

  it('downloads the CSV of the chosen period with the session, and refuses a period that ends first', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((b: Blob) => {
        created.push(b);
        return 'blob:payouts';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    show();
    const form = screen.getByRole('form', { name: 'Export payouts' });
    const from = within(form).getByLabelText('From') as HTMLInputElement;
    const to = within(form).getByLabelText('To') as HTMLInputElement;
    expect({ from: from.value, to: to.value }).toEqual(thisMonthSoFar());

    fireEvent.change(from, { target: { value: '2026-10-31' } });
    fireEvent.change(to, { target: { value: '2026-10-01' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The period must end on or after its start',
    );
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(calls().filter((u) => u.includes('/export'))).toHaveLength(0);

    fireEvent.change(from, { target: { value: '2026-10-01' } });
    fireEvent.change(to, { target: { value: '2026-10-31' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls().filter((u) => u.includes('/export'))).toEqual([
      '/api/admin/payouts/export?from=2026-10-01&to=2026-10-31',
    ]);
    const exportCall = (fetchSpy.mock.calls as [string, RequestInit][]).find(([u]) => u.includes('/export'))!;
    expect(exportCall[1].credentials).toBe('include');
    expect(clicked[0]!.download).toBe('cutroom-payouts-2026-10-01-2026-10-31.csv');
    expect(clicked[0]!.getAttribute('href')).toBe('blob:payouts');
    expect(await created[0]!.text()).toContain('Riya Cuts,12000');
  });

  it('builds the export address and reads the file name', () => {
    expect(payoutsExportPath('2026-11-01', '2026-11-30')).toBe(
      '/admin/payouts/export?from=2026-11-01&to=2026-11-30',
    );
    expect(fileNameOf(`attachment; filename*=UTF-8''payouts%20nov.csv`)).toBe('payouts nov.csv');
    expect(fileNameOf('attachment; filename=payouts.csv')).toBe('payouts.csv');
    expect(fileNameOf(null)).toBeNull();
    expect(thisMonthSoFar(new Date(2026, 1, 14, 23, 30))).toEqual({ from: '2026-02-01', to: '2026-02-14' });
  });

  it('lists every settlement with its editor, vendor, UTR or failure reason, and pages with Show more', async () => {
    show();
    const list = await screen.findByRole('list', { name: 'Settlements' });
    const [paid, failed] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    for (const text of ['riya', '₹12,000', 'Paid out', 'ED_e1', 'UTR998877'])
      expect(paid.textContent).toContain(text);
    for (const text of ['₹2,500', 'Failed', 'Beneficiary bank is offline.'])
      expect(failed.textContent).toContain(text);
    const section = list.closest('section')!;
    await userEvent.click(within(section).getByRole('button', { name: 'Show more settlements' }));
    expect(await within(list).findByText('₹700')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Show more settlements' })).toBeNull();
  });
});
