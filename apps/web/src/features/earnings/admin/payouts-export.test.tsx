import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameOf, payoutsExportPath } from '../api/export-payouts';
import { thisMonthSoFar } from './export-panel';
import {
  arjun,
  failedSettlement,
  failure,
  json,
  page,
  paidSettlement,
  riya,
  show,
} from './payouts-page.test-helpers';

vi.mock('../../../lib/auth/session', () => ({
  useSession: () => ({ user: { _id: 'a1', role: 'admin', username: 'root' }, loading: false }),
}));

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
});
