import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { aRow, json } from '../../../testing/earnings-fixtures';
import { EarningsOrders } from './earnings-orders';

describe('earnings breakdown', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows gross, commission, GST on commission, TCS, TDS and net in the table and on the card', async () => {
    const row = aRow({ gross: 5000, commission: 1000, gstOnCommission: 180, tcs: 40, tds: 4, share: 3776 });
    const quiet = aRow({
      orderId: 'o-2',
      reference: 'CR-10483',
      gstOnCommission: 180,
      tcs: 0,
      tds: 0,
      share: 3820,
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json(200, { items: [row, quiet], nextCursor: null }),
    );
    renderWithProviders(<EarningsOrders />);

    const table = await screen.findByRole('table', { name: 'Earnings by order' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Order',
      'Gross',
      'Commission',
      'GST on commission',
      'TCS',
      'TDS',
      'Net',
      'State',
    ]);
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1, 7)).toEqual([
      '₹5,000',
      '₹1,000 Fee 20% (GST included)',
      '₹180',
      '₹40',
      '₹4',
      '₹3,776',
    ]);
    // The percentage is the platform's fee (GST on the commission inside it), never the commission's.
    expect(table.textContent).not.toContain('(20%)');
    // Nothing withheld reads as a dash, named for screen readers.
    const quietCells = within(within(table).getAllByRole('row')[2]!).getAllByRole('cell');
    expect(quietCells[4]!.textContent).toBe('—none');

    const card = within(screen.getByRole('list', { name: 'Earnings by order' })).getAllByRole('listitem')[0]!;
    const lines = within(within(card).getByLabelText('Breakdown of order CR-10482'))
      .getAllByRole('term')
      .map((t) => `${t.textContent} ${t.nextElementSibling!.textContent}`);
    expect(lines).toEqual([
      'Gross ₹5,000',
      'Commission ₹1,000 Fee 20% (GST included)',
      'GST on commission ₹180',
      'TCS ₹40',
      'TDS ₹4',
      'Net to you ₹3,776',
    ]);
  });
});
