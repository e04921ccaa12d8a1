import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Card } from '../../../components/ui/card';
import { formatOrderDate, orderPlanLabel } from '../utils/format';
import { ordersOfLink } from './filters';
import { PAYMENT_REFERENCE_LABEL } from '@cutroom/contracts/orders';

const date = (iso: string | null) => (iso ? formatOrderDate(iso) : '—');
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** An order's terms, parties, money and dates, as the admin needs them to judge a dispute. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Section title="Terms">
        <Row label="Plan">{orderPlanLabel(order.tier)}</Row>
        <Row label="Price">
          {formatRupees(order.amount)}
          {order.startingPrice && <span className="text-slate-500"> (the tier’s starting price)</span>}
        </Row>
        <Row label="Delivery">{plural(order.deliveryDays, 'day')}</Row>
        <Row label="Revisions">
          {order.revisionsIncluded} included, {order.revisionsUsed} used, {order.revisionsLeft} left
        </Row>
        {order.description && <Row label="Description">{order.description}</Row>}
        {order.brief && <Row label="Creator’s brief">{order.brief}</Row>}
        {order.features.length > 0 && (
          <Row label="Includes">
            <ul className="list-disc space-y-0.5 pl-4">
              {order.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
          </Row>
        )}
      </Section>

      <Section title="Parties">
        <Row label="Creator">
          <Party name={order.creator.username} side="creator" id={order.creator._id} />
        </Row>
        <Row label="Editor">
          <Party name={order.editor.username} side="editor" id={order.editor._id} />
        </Row>
        <Row label="Chat">
          <Link
            to={`/admin/dashboard/chat-rooms/${encodeURIComponent(order.roomId)}`}
            className="font-semibold text-brand-700 hover:underline"
          >
            Open the chat room
          </Link>
        </Row>
      </Section>

      <Section title="Payment">
        <Row label="Paid">{order.paid ? `Yes, ${date(order.paidAt)}` : 'No'}</Row>
        {order.paymentOrderId && (
          <Row label={PAYMENT_REFERENCE_LABEL}>
            <span className="font-mono text-xs break-all">{order.paymentOrderId}</span>
          </Row>
        )}
        <Row label="Refunded">{formatRupees(order.refundedAmount)}</Row>
      </Section>

      <Section title="Dates">
        <Row label="Created">{date(order.createdAt)}</Row>
        {order.status === 'offered' && <Row label="Offer expires">{date(order.offerExpiresAt)}</Row>}
        <Row label="Accepted">{date(order.acceptedAt)}</Row>
        <Row label="Due">
          {date(order.dueAt)}
          {order.late && <span className="font-semibold text-red-700"> (late)</span>}
        </Row>
        <Row label="Delivered">{date(order.deliveredAt)}</Row>
        {order.autoCompleteAt && <Row label="Completes itself">{date(order.autoCompleteAt)}</Row>}
        <Row label="Completed">{date(order.completedAt)}</Row>
        {order.cancelledAt && <Row label="Cancelled">{date(order.cancelledAt)}</Row>}
      </Section>
    </div>
  );
}

/** A party's name, and a link to their other orders when the server sent their id. */
function Party({ name, side, id }: { name: string; side: 'creator' | 'editor'; id?: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold break-all text-slate-900">{name}</span>
      {id && (
        <Link
          to={ordersOfLink(side, id, name)}
          className="text-xs font-semibold text-brand-700 hover:underline"
        >
          All their orders
        </Link>
      )}
    </span>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <h2 className="text-sm font-bold tracking-wide text-slate-500 uppercase">{title}</h2>
      <dl className="mt-3 space-y-2 text-sm">{children}</dl>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{children}</dd>
    </div>
  );
}
