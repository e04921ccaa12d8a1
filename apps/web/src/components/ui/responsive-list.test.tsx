import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CardList, ResponsiveList, type ListLayout } from './responsive-list';

type Row = { id: string; name: string; amount: number };
const rows: Row[] = [
  { id: 'r1', name: 'Riya', amount: 1200 },
  { id: 'r2', name: 'Arjun', amount: 900 },
];

const layout: ListLayout<Row> = {
  label: 'Payouts',
  itemKey: (r) => r.id,
  tableClassName: 'w-full table-fixed',
  rowProps: (r) => ({ 'data-row': r.id, className: 'align-top' }),
  columns: [
    { header: 'Name', headerClassName: 'w-[26%] px-3', cellClassName: 'px-3', cell: (r) => r.name },
    {
      header: <span className="sr-only">Amount</span>,
      cellClassName: 'px-3 whitespace-normal',
      cellProps: () => ({ 'data-testid': 'amount' }),
      cell: (r) => `₹${r.amount}`,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: (r) => ({ 'data-card': r.id, className: 'min-w-0' }),
  card: (r) => <p>{`${r.name} earned ₹${r.amount}`}</p>,
};

afterEach(cleanup);

describe('ResponsiveList', () => {
  it('draws the items as a table from the breakpoint on, and as cards below it, under one name', () => {
    const { container } = render(<ResponsiveList from="xl" items={rows} {...layout} />);
    const [tableWrap, cardsWrap] = Array.from(container.children) as HTMLElement[];
    expect(tableWrap!.className).toBe('hidden xl:block');
    expect(cardsWrap!.className).toBe('xl:hidden');

    const table = screen.getByRole('table', { name: 'Payouts' });
    expect(table.className).toContain('table-fixed');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Amount']);
    expect(headers[0]!.className).toContain('w-[26%]');
    const body = within(table).getAllByRole('row').slice(1);
    expect(body.map((r) => r.getAttribute('data-row'))).toEqual(['r1', 'r2']);
    expect(
      within(body[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Riya', '₹1200']);
    expect(within(body[1]!).getByTestId('amount').className).toContain('whitespace-normal');

    const cards = within(screen.getByRole('list', { name: 'Payouts' })).getAllByRole('listitem');
    expect(cards.map((c) => [c.getAttribute('data-card'), c.textContent])).toEqual([
      ['r1', 'Riya earned ₹1200'],
      ['r2', 'Arjun earned ₹900'],
    ]);
    expect(cards[0]!.className).toBe('min-w-0');
  });

  it('switches at lg when asked, with attributes on either half', () => {
    const { container } = render(
      <ResponsiveList
        from="lg"
        items={rows}
        {...layout}
        tableWrapProps={{ 'data-testid': 'table-wrap' }}
        cardsWrapProps={{ 'data-testid': 'cards-wrap' }}
      />,
    );
    expect(screen.getByTestId('table-wrap').className).toBe('hidden lg:block');
    expect(screen.getByTestId('cards-wrap').className).toBe('lg:hidden');
    expect(container.querySelectorAll('table, ul')).toHaveLength(2);
  });

  it('gives a list of cards alone (a screen with cards at every width)', () => {
    render(<CardList items={rows} {...layout} />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('list', { name: 'Payouts' }).className).toBe('grid gap-3 md:grid-cols-2');
  });
});
