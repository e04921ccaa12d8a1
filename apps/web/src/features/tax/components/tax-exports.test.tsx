import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TAX_EXPORT_KINDS, TAX_EXPORT_LABELS, TAX_REPORT_MESSAGES } from '@cutroom/contracts/tax/reports';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { taxExportPath } from '../api/export-tax';
import { TaxExports } from './tax-exports';
import { json, mockTaxApi } from './tax.test-helpers';

// 15 November 2026 in India: October is the previous month, and Q3 (Oct–Dec) has not ended.
const NOW = new Date('2026-11-15T10:00:00Z');

const row = (kind: string) => screen.getByTestId(`tax-export-${kind}`);
const periodOf = (kind: string) => within(row(kind)).getByLabelText(/^(Month|Quarter) for /);
const downloadIn = (kind: string) =>
  within(row(kind)).getByRole('button', { name: /Download CSV|Downloading/ });

describe('the tax exports', () => {
  const tax = mockTaxApi();

  it('lists every export with its label and a period picker, the previous month by default', () => {
    renderWithProviders(<TaxExports now={NOW} />);
    for (const kind of TAX_EXPORT_KINDS) {
      expect(within(row(kind)).getByText(TAX_EXPORT_LABELS[kind])).toBeTruthy();
    }
    for (const kind of ['tcs', 'gst', 'ledger']) {
      const input = periodOf(kind) as HTMLInputElement;
      expect(input.type).toBe('month');
      expect(input.value).toBe('2026-10');
    }
    expect((periodOf('tds') as HTMLSelectElement).value).toBe('2026-27-Q2');
  });

  it('offers TDS for the 8 ended quarters only, each named by its months', () => {
    renderWithProviders(<TaxExports now={NOW} />);
    const options = within(periodOf('tds')).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((o) => [o.value, o.textContent])).toEqual([
      ['2026-27-Q2', 'Jul–Sep 2026 (Q2 2026-27)'],
      ['2026-27-Q1', 'Apr–Jun 2026 (Q1 2026-27)'],
      ['2025-26-Q4', 'Jan–Mar 2026 (Q4 2025-26)'],
      ['2025-26-Q3', 'Oct–Dec 2025 (Q3 2025-26)'],
      ['2025-26-Q2', 'Jul–Sep 2025 (Q2 2025-26)'],
      ['2025-26-Q1', 'Apr–Jun 2025 (Q1 2025-26)'],
      ['2024-25-Q4', 'Jan–Mar 2025 (Q4 2024-25)'],
      ['2024-25-Q3', 'Oct–Dec 2024 (Q3 2024-25)'],
    ]);
    // The quarter under way (2026-27-Q3) would be refused by the server: it is not offered.
    expect(options.some((o) => o.value === '2026-27-Q3')).toBe(false);
  });

  it('downloads each export for its chosen period from its exact address', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TaxExports now={NOW} />);
    fireEvent.change(periodOf('tcs'), { target: { value: '2026-09' } });
    fireEvent.change(periodOf('gst'), { target: { value: '2026-08' } });
    await user.selectOptions(periodOf('tds'), '2025-26-Q4');
    for (const kind of TAX_EXPORT_KINDS) {
      await user.click(downloadIn(kind));
      await within(row(kind)).findByRole('button', { name: 'Download CSV' });
    }
    await vi.waitFor(() => expect(tax.saved).toHaveLength(4));
    expect(tax.exportCalls()).toEqual([
      '/api/admin/tax/exports/tcs?period=2026-09',
      '/api/admin/tax/exports/tds?period=2025-26-Q4',
      '/api/admin/tax/exports/gst?period=2026-08',
      '/api/admin/tax/exports/ledger?period=2026-10',
    ]);
    expect(tax.saved).toEqual([
      'cutroom-tcs-2026-09.csv',
      'cutroom-tds-2025-26-Q4.csv',
      'cutroom-gst-2026-08.csv',
      'cutroom-ledger-2026-10.csv',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(taxExportPath('tds', '2026-27-Q1')).toBe('/admin/tax/exports/tds?period=2026-27-Q1');
  });

  it('is busy while the file comes, and cannot be asked twice', async () => {
    const user = userEvent.setup();
    let send!: (r: Response) => void;
    tax.export = () => new Promise<Response>((resolve) => (send = resolve));
    renderWithProviders(<TaxExports now={NOW} />);
    await user.click(downloadIn('gst'));
    const busy = downloadIn('gst') as HTMLButtonElement;
    expect(busy.textContent).toBe('Downloading...');
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((periodOf('gst') as HTMLInputElement).disabled).toBe(true);
    // The other rows stay free.
    expect((downloadIn('tcs') as HTMLButtonElement).disabled).toBe(false);
    send(json(200, {}));
    expect(await within(row('gst')).findByRole('button', { name: 'Download CSV' })).toBeTruthy();
    expect(tax.exportCalls()).toHaveLength(1);
  });

  it("shows the server's message beside the export it refused", async () => {
    const user = userEvent.setup();
    tax.export = (url) =>
      url.pathname.endsWith('/tds')
        ? json(409, { message: TAX_REPORT_MESSAGES.notEnded })
        : json(400, { message: TAX_REPORT_MESSAGES.month });
    renderWithProviders(<TaxExports now={NOW} />);
    await user.click(downloadIn('tcs'));
    expect((await within(row('tcs')).findByRole('alert')).textContent).toBe(TAX_REPORT_MESSAGES.month);
    expect(within(row('gst')).queryByRole('alert')).toBeNull();
    await user.click(downloadIn('tds'));
    expect((await within(row('tds')).findByRole('alert')).textContent).toBe(TAX_REPORT_MESSAGES.notEnded);
    expect(tax.saved).toEqual([]);
    // A later success clears the message.
    tax.export = () => new Response('a\n', { status: 200, headers: { 'content-type': 'text/csv' } });
    await user.click(downloadIn('tcs'));
    await vi.waitFor(() => expect(within(row('tcs')).queryByRole('alert')).toBeNull());
    expect(tax.saved).toEqual(['cutroom-tcs-2026-10.csv']);
  });

  it('asks for a month before asking the server', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TaxExports now={NOW} />);
    fireEvent.change(periodOf('ledger'), { target: { value: '' } });
    await user.click(downloadIn('ledger'));
    expect(within(row('ledger')).getByRole('alert').textContent).toBe(TAX_REPORT_MESSAGES.month);
    expect(periodOf('ledger').getAttribute('aria-invalid')).toBe('true');
    expect(tax.exportCalls()).toEqual([]);
  });
});
