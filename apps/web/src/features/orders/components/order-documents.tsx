import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Order } from '@cutroom/contracts/orders';
import { formatPayoutRupees } from '@cutroom/contracts/payouts';
import { FoldHeading } from '../../../components/ui/fold-heading';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { downloadOrderDocument, useOrderDocuments } from '../api/get-order-documents';
import { formatOrderDay } from '../utils/format';

export const ORDER_DOCUMENTS_TITLE = 'Receipts and invoices';
export const DOCUMENT_DOWNLOAD_FAILED = 'The PDF could not be downloaded. Please try again.';

/**
 * The order's receipts, invoices and credit notes, each with its PDF. Paper exists only once money
 * moved, so an order never paid (nor refunded) shows nothing. Folded until asked for, and fetched then:
 * a card sits in the chat's strip, where every line pushes the conversation down, and a room's cards
 * should not each ask the server on opening.
 */
export function OrderDocuments({
  order,
}: {
  order: Pick<Order, '_id' | 'reference' | 'paid' | 'refundedAmount'>;
}) {
  const moneyMoved = order.paid || order.refundedAmount > 0;
  const [open, setOpen] = useState(false);
  const docs = useOrderDocuments(order._id, moneyMoved && open);
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const items = docs.data?.items ?? [];
  if (!moneyMoved) return null;
  const titleId = `order-${order._id}-documents`;
  const listId = `${titleId}-list`;

  const download = async (doc: (typeof items)[number]) => {
    if (pending) return;
    setPending(doc.id);
    setError(null);
    try {
      await downloadOrderDocument(doc);
    } catch (err) {
      setError(errorMessage(err, DOCUMENT_DOWNLOAD_FAILED));
    } finally {
      setPending(null);
    }
  };

  return (
    <section aria-labelledby={titleId} className="space-y-2 border-t border-slate-100 pt-3">
      <FoldHeading id={titleId} open={open} onToggle={() => setOpen((o) => !o)} controls={listId}>
        {ORDER_DOCUMENTS_TITLE}
      </FoldHeading>
      <div id={listId} hidden={!open} className="space-y-2">
        {!open ? null : docs.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading receipts and invoices...
          </p>
        ) : docs.isError && !docs.data ? (
          <p className="text-sm text-red-700">
            Receipts and invoices could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => docs.refetch()}>
              Try Again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-500">
            None yet: documents appear here as the order is paid and completed.
          </p>
        ) : (
          <ul className="space-y-2" aria-label={`${ORDER_DOCUMENTS_TITLE} of order ${order.reference}`}>
            {items.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-medium break-words text-slate-900">{d.kindLabel}</p>
                  <p className="text-xs break-all text-slate-500">
                    <span className="font-mono">{d.number}</span> ·{' '}
                    <time dateTime={d.issuedAt}>{formatOrderDay(d.issuedAt)}</time> ·{' '}
                    {formatPayoutRupees(d.total)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  className="shrink-0"
                  onClick={() => void download(d)}
                  disabled={pending === d.id}
                  aria-busy={pending === d.id}
                  aria-label={`Download PDF of ${d.kindLabel.toLowerCase()} ${d.number}`}
                >
                  <Download className="size-4" aria-hidden />
                  {pending === d.id ? 'Downloading...' : 'Download PDF'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </section>
  );
}
