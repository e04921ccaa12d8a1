import type { ReactNode } from 'react';
import type { AdminDisputeRow } from '@cutroom/contracts/disputes';
import { Card } from '../../../components/ui/card';
import type { ListLayout } from '../../../components/ui/responsive-list';
import { AgeCell, OpenCaseLink, OrderCell, SidesCell, StatusCell, paid } from './queue-cells';

const th = 'px-2';
const td = 'px-2 whitespace-normal break-words';

/**
 * The disputes queue. On xl screens a fixed table inside the admin content box (~940 px at 1280): long
 * titles and names wrap, and Open case is never scrolled away. Below xl: a card per case with the same
 * fields, its button at the bottom.
 */
export const queueLayout: ListLayout<AdminDisputeRow> = {
  label: 'Disputes',
  itemKey: (r) => r._id,
  tableClassName: 'table-fixed',
  rowProps: (r) => ({ 'data-dispute': r.orderReference, className: 'align-top' }),
  columns: [
    {
      header: 'Open for',
      headerClassName: `${th} w-[9%]`,
      cellClassName: td,
      cell: (r) => <AgeCell row={r} />,
    },
    {
      header: 'Order',
      headerClassName: `${th} w-[15%]`,
      cellClassName: td,
      cell: (r) => <OrderCell row={r} />,
    },
    { header: 'Reason', headerClassName: `${th} w-[12%]`, cellClassName: td, cell: (r) => r.reasonLabel },
    {
      header: 'Creator / Editor',
      headerClassName: `${th} w-[20%]`,
      cellClassName: td,
      cell: (r) => <SidesCell row={r} />,
    },
    {
      header: 'Paid',
      headerClassName: `${th} w-[9%]`,
      cellClassName: `${td} font-semibold text-slate-900`,
      cell: paid,
    },
    {
      header: 'Status',
      headerClassName: `${th} w-[21%]`,
      cellClassName: td,
      cell: (r) => <StatusCell row={r} />,
    },
    {
      header: 'Actions',
      headerClassName: `${th} w-[14%]`,
      cellClassName: td,
      cell: (r) => <OpenCaseLink row={r} />,
    },
  ],
  cardListClassName: 'grid gap-3 md:grid-cols-2',
  cardItemProps: (r) => ({ 'data-dispute': r.orderReference }),
  card: (r) => <QueueCard row={r} />,
};

function QueueCard({ row: r }: { row: AdminDisputeRow }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <OrderCell row={r} />
        </div>
        <StatusCell row={r} />
      </div>
      <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <Field label="Open for">
          <AgeCell row={r} />
        </Field>
        <Field label="Reason">{r.reasonLabel}</Field>
        <Field label="Creator">{r.creator}</Field>
        <Field label="Editor">{r.editor}</Field>
        <Field label="Paid">
          <span className="font-semibold text-slate-900">{paid(r)}</span>
        </Field>
      </dl>
      <div className="border-t border-slate-100 pt-3">
        <OpenCaseLink row={r} />
      </div>
    </Card>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
