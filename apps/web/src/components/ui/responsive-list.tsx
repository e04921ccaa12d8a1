import type { HTMLAttributes, LiHTMLAttributes, ReactNode, TdHTMLAttributes } from 'react';
import { Table, Td, Th } from './table';

/** `data-*` attributes, which a row, a cell or a card's item may carry for tests and styles. */
type DataAttributes = { [key: `data-${string}`]: string | undefined };

/** One column of a list's table: its header and, for each item, its cell. */
export interface ListColumn<T> {
  header: ReactNode;
  /** The header cell's classes: its share of the width, its padding. */
  headerClassName?: string;
  /** Every cell's classes in this column. */
  cellClassName?: string;
  /** More attributes of the item's cell. */
  cellProps?: (item: T) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
  cell: (item: T) => ReactNode;
}

/** A list of items as a table (wide screens) and as a column of cards (narrow screens). */
export interface ListLayout<T> {
  /** The accessible name of the table and of the list of cards. */
  label: string;
  itemKey: (item: T) => string;
  columns: ListColumn<T>[];
  tableClassName?: string;
  rowProps?: (item: T) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** The list of cards' classes: a column (`space-y-3`) or a grid. */
  cardListClassName: string;
  cardItemProps?: (item: T) => LiHTMLAttributes<HTMLLIElement> & DataAttributes;
  /** One item as a card. */
  card: (item: T) => ReactNode;
}

type Items<T> = { items: T[] } & ListLayout<T>;
type TableLayout<T> = Pick<ListLayout<T>, 'label' | 'itemKey' | 'columns' | 'tableClassName' | 'rowProps'>;
type CardsLayout<T> = Pick<
  ListLayout<T>,
  'label' | 'itemKey' | 'cardListClassName' | 'cardItemProps' | 'card'
>;

/** The table: a header row of the columns, then a row per item. */
export function ListTable<T>({
  items,
  label,
  itemKey,
  columns,
  tableClassName,
  rowProps,
}: { items: T[] } & TableLayout<T>) {
  return (
    <Table aria-label={label} className={tableClassName}>
      <thead>
        <tr>
          {columns.map((c, i) => (
            <Th key={i} className={c.headerClassName}>
              {c.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {items.map((item) => (
          <tr key={itemKey(item)} {...rowProps?.(item)}>
            {columns.map((c, i) => (
              <Td key={i} className={c.cellClassName} {...c.cellProps?.(item)}>
                {c.cell(item)}
              </Td>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** The cards: a list item per item (alone, a list of cards at every width). */
export function CardList<T>({
  items,
  label,
  itemKey,
  cardListClassName,
  cardItemProps,
  card,
}: { items: T[] } & CardsLayout<T>) {
  return (
    <ul className={cardListClassName} aria-label={label}>
      {items.map((item) => (
        <li key={itemKey(item)} {...cardItemProps?.(item)}>
          {card(item)}
        </li>
      ))}
    </ul>
  );
}

const SHOW_TABLE = { lg: 'hidden lg:block', xl: 'hidden xl:block' } as const;
const SHOW_CARDS = { lg: 'lg:hidden', xl: 'xl:hidden' } as const;

/**
 * A list screen's items: a table from `from` on (lg 1024 px, xl 1280 px), cards below it. Both are in the
 * page and CSS shows one, so the switch needs no script and the server's HTML already has the right one.
 */
export function ResponsiveList<T>({
  from,
  tableWrapProps,
  cardsWrapProps,
  ...list
}: Items<T> & {
  from: 'lg' | 'xl';
  tableWrapProps?: HTMLAttributes<HTMLDivElement> & DataAttributes;
  cardsWrapProps?: HTMLAttributes<HTMLDivElement> & DataAttributes;
}) {
  return (
    <>
      <div className={SHOW_TABLE[from]} {...tableWrapProps}>
        <ListTable {...list} />
      </div>
      <div className={SHOW_CARDS[from]} {...cardsWrapProps}>
        <CardList {...list} />
      </div>
    </>
  );
}
