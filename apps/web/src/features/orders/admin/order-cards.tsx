import type { ReactNode } from 'react';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Card } from '../../../components/ui/card';
import { OrderStatusBadge } from '../components/order-status-badge';
import { DueCell, PaidCell, ViewOrderLink } from './order-cells';

/** All Orders below xl: a card per order with the table's columns as labelled fields. */
export function OrderCards({ orders }: { orders: Order[] }) {
  return (
    <ul className="grid gap-3 md:grid-cols-2" aria-label="All orders">
      {orders.map((o) => (
        <li key={o._id}>
          <Card className="flex h-full flex-col gap-3 p-4" data-order={o.reference}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-semibold text-slate-900">{o.reference}</p>
                <p className="text-sm break-words text-slate-600">{o.title}</p>
              </div>
              <OrderStatusBadge order={o} />
            </div>
            <dl className="grid flex-1 grid-cols-2 gap-x-4 gap-y-2 text-sm">
              <Field label="Creator">{o.creator.username}</Field>
              <Field label="Editor">{o.editor.username}</Field>
              <Field label="Price">
                <span className="font-semibold text-slate-900">{formatRupees(o.amount)}</span>
              </Field>
              <Field label="Due">
                <DueCell order={o} />
              </Field>
              <Field label="Paid">
                <PaidCell order={o} />
              </Field>
            </dl>
            <div className="border-t border-slate-100 pt-3">
              <ViewOrderLink order={o} />
            </div>
          </Card>
        </li>
      ))}
    </ul>
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
