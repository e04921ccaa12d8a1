import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TaxMonth, TaxSummary } from '@cutroom/contracts/tax/reports';

/** Data and a fake tax API for the tax feature's tests (tax-page.test.tsx, tax-exports.test.tsx). */

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** December 2025 to November 2026; every month's figures differ, November's are the largest. */
export const months: TaxMonth[] = Array.from({ length: 12 }, (_, i) => {
  const month = i === 0 ? '2025-12' : `2026-${String(i).padStart(2, '0')}`;
  const commission = 1000 * (i + 1);
  return {
    month,
    orders: i + 1,
    gross: commission * 5,
    commission,
    gstOnCommission: commission * 0.18,
    tcs: commission * 0.05,
    tds: commission * 0.005,
  };
});

export const summary: TaxSummary = {
  months,
  rates: [
    {
      kind: 'gst_on_commission',
      label: 'GST on commission',
      value: 18,
      unit: 'percent',
      effectiveFrom: '2017-07-01',
      section: 'IGST Act s.5',
      source: 'Notification 8/2017-Integrated Tax (Rate)',
    },
    {
      kind: 'tds_194o',
      label: 'TDS on e-commerce payments',
      value: 0.1,
      unit: 'percent',
      effectiveFrom: '2024-10-01',
      section: 'Income-tax Act s.194-O',
      source: 'https://incometaxindia.gov.in/finance-act-2024',
    },
    {
      kind: 'tds_194o_threshold',
      label: 'TDS threshold for individuals',
      value: 500000,
      unit: 'rupees',
      effectiveFrom: '2020-10-01',
      section: 'Income-tax Act s.194-O(2)',
      source: 'Finance Act 2020',
    },
  ],
};

/** A CSV as the server sends it, with its file name. */
export const csv = (filename: string) =>
  new Response('period,amount\n2026-10,170\n', {
    status: 200,
    headers: {
      'content-type': 'text/csv',
      'content-disposition': `attachment; filename="${filename}"`,
    },
  });

/**
 * Answers GET /api/admin/tax with `tax.summary()` and the exports with `tax.export(url)` for each test of
 * the describe it is called in; `tax.calls()` lists every address fetched, in order. Saving a file is
 * caught: `tax.saved` holds each saved file's name.
 */
export function mockTaxApi() {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  const tax = {
    summary: (): Response | Promise<Response> => json(200, summary),
    export: (url: URL): Response | Promise<Response> =>
      csv(`cutroom-${url.pathname.split('/').pop()}-${url.searchParams.get('period')}.csv`),
    saved: [] as string[],
    calls: () => (fetchSpy.mock.calls as [string, RequestInit | undefined][]).map(([url]) => url),
    exportCalls: () => tax.calls().filter((u) => u.includes('/exports/')),
  };
  const defaults = { summary: tax.summary, export: tax.export };
  beforeEach(() => {
    Object.assign(tax, defaults, { saved: [] });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:tax'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      tax.saved.push(this.download);
    });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/admin/tax') return tax.summary();
      if (url.pathname.startsWith('/api/admin/tax/exports/')) return tax.export(url);
      return json(404, { message: 'Not found' });
    });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });
  return tax;
}
