import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaxDocumentsPage } from '@cutroom/contracts';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { aTaxDocument, json } from '../../../testing/earnings-fixtures';
import { NO_TAX_DOCUMENTS, TaxDocuments } from './tax-documents';

const file = (type: string, name: string) =>
  new Response('file', {
    status: 200,
    headers: { 'content-type': type, 'content-disposition': `attachment; filename="${name}"` },
  });

describe('tax documents', () => {
  let pages: (cursor: string | null) => TaxDocumentsPage;
  let files: (path: string) => Response;
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  const clicked: HTMLAnchorElement[] = [];
  beforeEach(() => {
    clicked.length = 0;
    // Only Date is faked: the quarters are counted from 20 Nov 2026 (Q3 of 2026-27) in India.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:00:00+05:30'));
    pages = () => ({ items: [aTaxDocument()], nextCursor: null });
    files = (path) => file('application/octet-stream', path.split('/').pop()!);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:tax'), revokeObjectURL: vi.fn() });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/earnings/documents') return json(200, pages(url.searchParams.get('cursor')));
      return files(url.pathname);
    });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const calls = () => (fetchSpy.mock.calls as [string, RequestInit | undefined][]).map(([u]) => u);

  it('lists invoices and credit notes page by page and downloads a PDF with the session', async () => {
    pages = (cursor) =>
      cursor === 'c2'
        ? {
            items: [
              aTaxDocument({
                id: 'd-0',
                kind: 'commission_credit_note',
                kindLabel: 'Credit note for commission',
                number: 'CR/CCN/2026-27/000003',
                orderReference: 'CR-10400',
                total: -236,
                refersTo: 'CR/INV/2026-27/000040',
              }),
            ],
            nextCursor: null,
          }
        : { items: [aTaxDocument()], nextCursor: 'c2' };
    files = () => file('application/pdf', 'CR-INV-2026-27-000042.pdf');
    renderWithProviders(<TaxDocuments />);
    const list = await screen.findByRole('list', { name: 'Invoices and credit notes' });
    const [first] = within(list).getAllByRole('listitem');
    for (const text of [
      'Tax invoice for commission',
      'CR/INV/2026-27/000042',
      'CR-10482',
      '12 Nov 2026',
      '₹1,180',
    ]) {
      expect(first!.textContent).toContain(text);
    }

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(calls()).toContain('/api/earnings/documents?cursor=c2');
    expect(within(list).getAllByRole('listitem')[1]!.textContent).toContain('reduces CR/INV/2026-27/000040');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await userEvent.click(
      within(first!).getByRole('button', {
        name: 'Download PDF of tax invoice for commission CR/INV/2026-27/000042',
      }),
    );
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    const pdf = (fetchSpy.mock.calls as [string, RequestInit][]).find(([u]) => u.endsWith('/pdf'))!;
    expect(pdf[0]).toBe('/api/documents/d-1/pdf');
    expect(pdf[1].credentials).toBe('include');
    expect(clicked[0]!.download).toBe('CR-INV-2026-27-000042.pdf');
  });

  it('says when there are no invoices yet', async () => {
    pages = () => ({ items: [], nextCursor: null });
    renderWithProviders(<TaxDocuments />);
    expect(await screen.findByText(NO_TAX_DOCUMENTS)).toBeTruthy();
  });

  it("downloads the month's statement, this month by default", async () => {
    renderWithProviders(<TaxDocuments />);
    const form = screen.getByRole('form', { name: 'Monthly statement' });
    const month = within(form).getByLabelText('Month') as HTMLInputElement;
    expect(month.value).toBe('2026-11');
    fireEvent.change(month, { target: { value: '2026-09' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(clicked).toHaveLength(1));
    expect(calls()).toContain('/api/earnings/statements/2026-09');
    expect(clicked[0]!.download).toBe('2026-09');
  });

  it('offers the last eight ended quarters for the TDS figures and shows the server refusal', async () => {
    files = () => json(409, { message: 'This quarter has not ended yet' });
    renderWithProviders(<TaxDocuments />);
    const form = screen.getByRole('form', { name: 'TDS figures' });
    const select = within(form).getByLabelText('Quarter') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['2026-27-Q2', 'Jul–Sep 2026 (Q2 2026-27)'],
      ['2026-27-Q1', 'Apr–Jun 2026 (Q1 2026-27)'],
      ['2025-26-Q4', 'Jan–Mar 2026 (Q4 2025-26)'],
      ['2025-26-Q3', 'Oct–Dec 2025 (Q3 2025-26)'],
      ['2025-26-Q2', 'Jul–Sep 2025 (Q2 2025-26)'],
      ['2025-26-Q1', 'Apr–Jun 2025 (Q1 2025-26)'],
      ['2024-25-Q4', 'Jan–Mar 2025 (Q4 2024-25)'],
      ['2024-25-Q3', 'Oct–Dec 2024 (Q3 2024-25)'],
    ]);
    await userEvent.selectOptions(select, '2025-26-Q4');
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('This quarter has not ended yet');
    expect(calls()).toContain('/api/earnings/tds/2025-26-Q4');
    expect(clicked).toHaveLength(0);
  });
});
