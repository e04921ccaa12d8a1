import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TaxMonth } from '@cutroom/contracts/tax/reports';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RatesTable } from './rates-table';
import { TAX_MONTHS_CAPTION } from './tax-months-table';
import TaxPage from './tax-page';
import { json, mockTaxApi, months, summary } from './tax.test-helpers';

// jsdom lays nothing out, so Recharts would draw nothing: the chart is a stand-in that shows what it got.
vi.mock('./tax-chart', () => ({
  default: ({ months: drawn }: { months: TaxMonth[] }) => (
    <p data-testid="tax-chart">
      {drawn.length} months drawn, {drawn[0]?.month} to {drawn.at(-1)?.month}
    </p>
  ),
}));

describe('admin tax page', () => {
  const tax = mockTaxApi();

  it('draws 12 months of commission and tax, with their figures in rupees for screen readers', async () => {
    renderWithProviders(<TaxPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Tax' })).toBeTruthy();
    expect(
      screen.getByText(
        'Rates and thresholds are data with an effective date; the figures are net of refunds.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Loading tax figures...');
    expect((await screen.findByTestId('tax-chart')).textContent).toBe('12 months drawn, 2025-12 to 2026-11');
    expect(tax.calls()).toContain('/api/admin/tax');
    const table = screen.getByRole('table', { name: TAX_MONTHS_CAPTION });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(13);
    const cells = (r: HTMLElement) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Month', 'Commission', 'GST on commission', 'TCS', 'TDS']);
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe('Dec 2025');
    expect(cells(rows[1]!)).toEqual(['₹1,000', '₹180', '₹50', '₹5']);
    expect(within(rows[12]!).getByRole('rowheader').textContent).toBe('Nov 2026');
    expect(cells(rows[12]!)).toEqual(['₹12,000', '₹2,160', '₹600', '₹60']);
    // The newest month's figures are also text beside the chart, the legend's colours with them.
    const figures = screen.getByTestId('tax-month-figures');
    expect(figures.textContent).toContain('Nov 2026');
    expect(
      within(figures)
        .getAllByRole('term')
        .map((t) => `${t.textContent} ${t.nextElementSibling!.textContent}`),
    ).toEqual(['Commission ₹12,000', 'GST on commission ₹2,160', 'TCS ₹600', 'TDS ₹60']);
  });

  it('lists the rates in force with their values, dates, sections and sources', async () => {
    renderWithProviders(<TaxPage />);
    const table = await screen.findByRole('table', { name: 'Rates in force' });
    const rows = within(table).getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Rate', 'Value', 'Status', 'In force from', 'Section', 'Source']);
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        'GST on commission',
        '18%',
        'In force',
        '1 Jul 2017',
        'IGST Act s.5',
        'Notification 8/2017-Integrated Tax (Rate)',
      ],
      [
        'TDS on e-commerce payments',
        '0.1%',
        'In force',
        '1 Oct 2024',
        'Income-tax Act s.194-O',
        'https://incometaxindia.gov.in/finance-act-2024',
      ],
      [
        'TDS threshold for individuals',
        '₹5,00,000',
        'In force',
        '1 Oct 2020',
        'Income-tax Act s.194-O(2)',
        'Finance Act 2020',
      ],
    ]);
    expect(within(table).getByRole('link').getAttribute('href')).toBe(summary.rates[1]!.source);
    // Below 1024 px the same rates are cards, every field in view on a phone.
    const cards = screen.getByRole('list', { name: 'Rates in force' });
    expect(within(cards).getAllByRole('listitem')).toHaveLength(3);
    expect(within(cards).getByText('₹5,00,000')).toBeTruthy();
    expect(within(cards).getAllByText('In force from')).toHaveLength(3);
  });

  it('marks each rate in force, superseded or to come, newest first within its kind', () => {
    const tds = summary.rates[1]!;
    const rates = [
      { ...tds, value: 1, effectiveFrom: '2020-10-01' },
      summary.rates[0]!,
      tds,
      { ...tds, value: 0.2, effectiveFrom: '2027-04-01' },
    ];
    renderWithProviders(<RatesTable rates={rates} today="2026-11-27" />);
    const table = screen.getByRole('table', { name: 'Rates in force' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => {
          const [label, value, status] = within(r).getAllByRole('cell');
          return `${label!.textContent} ${value!.textContent} ${status!.textContent}`;
        }),
    ).toEqual([
      'TDS on e-commerce payments 0.2% From 1 Apr 2027',
      'TDS on e-commerce payments 0.1% In force',
      'TDS on e-commerce payments 1% Superseded',
      'GST on commission 18% In force',
    ]);
    const cards = within(screen.getByRole('list', { name: 'Rates in force' })).getAllByRole('listitem');
    expect(cards.map((c) => within(c).getByText(/^(In force|Superseded|From .*)$/).textContent)).toEqual([
      'From 1 Apr 2027',
      'In force',
      'Superseded',
      'In force',
    ]);
  });

  it('offers the exports beside the figures', async () => {
    renderWithProviders(<TaxPage />);
    const exports = screen.getByRole('region', { name: 'Exports' });
    expect(within(exports).getAllByRole('button', { name: 'Download CSV' })).toHaveLength(4);
    await screen.findByTestId('tax-chart');
  });

  it('says when the figures failed to load, keeps the exports, and asks again', async () => {
    const user = userEvent.setup();
    let fail = true;
    tax.summary = () => (fail ? json(500, { message: 'down' }) : json(200, summary));
    renderWithProviders(<TaxPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load the tax figures.');
    expect(screen.queryByRole('table', { name: 'Rates in force' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Exports' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('tax-chart')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Rates in force' })).toBeTruthy();
  });

  it('draws no chart when there is nothing to draw, and says so', async () => {
    const zero = (m: TaxMonth) => ({ ...m, commission: 0, gstOnCommission: 0, tcs: 0, tds: 0 });
    tax.summary = () => json(200, { months: months.map(zero), rates: [] });
    renderWithProviders(<TaxPage />);
    expect(await screen.findByText('No commission or tax in the last 12 months.')).toBeTruthy();
    expect(screen.queryByTestId('tax-chart')).toBeNull();
    expect(screen.getByText('No rates recorded.')).toBeTruthy();
  });
});
