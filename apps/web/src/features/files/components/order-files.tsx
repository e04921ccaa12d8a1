import { useId, useRef, useState } from 'react';
import { Archive, Upload as UploadIcon } from 'lucide-react';
import { FOOTAGE_ORDER_STATUSES, formatBytes, type OrderFile } from '@cutroom/contracts/order-files';
import type { OrderStatus } from '@cutroom/contracts/orders';
import { FoldHeading } from '../../../components/ui/fold-heading';
import { Button, buttonClass } from '../../../components/ui/button';
import { notify } from '../../../components/ui/notify';
import { cancelStoredUpload, useOrderFiles } from '../api/get-order-files';
import { useFootageUploads } from '../hooks/use-footage-uploads';
import { FileRow } from './file-row';
import { TransferRow } from './transfer-row';

export const ORDER_FILES_TITLE = 'Footage and files';

const isWorkStatus = (s: OrderStatus) => (FOOTAGE_ORDER_STATUSES as readonly string[]).includes(s);

/**
 * The order's files: the creator adds footage (any type, many files, resumable) and both sides see and
 * download what arrived, with its SHA-256. Open while the work is under way; folded once it is over.
 */
export function OrderFiles({
  order,
  framed = false,
}: {
  order: { _id: string; reference: string; status: OrderStatus };
  /** In a card of its own (an admin's page): no rule above it. */
  framed?: boolean;
}) {
  const working = isWorkStatus(order.status);
  const [open, setOpen] = useState(working);
  const files = useOrderFiles(order._id, open);
  const uploads = useFootageUploads(order._id);
  const picker = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const listId = `${titleId}-list`;
  if (!working && order.status !== 'completed' && order.status !== 'cancelled') return null;

  const reply = files.data;
  const listed = reply?.data ?? [];
  const activeNames = new Set(uploads.transfers.map((t) => t.name));
  // An upload under way in this tab shows as its transfer, not also as the server's row.
  const rows = listed.filter((f) => !(f.status === 'uploading' && f.mine && activeNames.has(f.name)));
  const cancelStored = async (f: OrderFile) => {
    try {
      await cancelStoredUpload(f.uploadUrl!);
      await files.refetch();
    } catch (err) {
      notify.error((err as Error).message);
    }
  };

  return (
    <section
      aria-labelledby={titleId}
      className={framed ? 'space-y-2' : 'space-y-2 border-t border-slate-100 pt-3'}
      data-testid="order-files"
    >
      <FoldHeading id={titleId} open={open} onToggle={() => setOpen((o) => !o)} controls={listId}>
        {ORDER_FILES_TITLE}
      </FoldHeading>
      <div id={listId} hidden={!open} className="space-y-2">
        {reply?.canAddFootage && (
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => picker.current?.click()}>
              <UploadIcon className="size-4" aria-hidden /> Add footage
            </Button>
            <p className="text-xs text-slate-500">
              Any type, up to {formatBytes(reply.limits.perFileBytes)} a file;{' '}
              {formatBytes(Math.max(0, reply.limits.perOrderBytes - reply.limits.usedBytes))} left for this
              order.
            </p>
            <input
              ref={picker}
              type="file"
              multiple
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose footage files"
              data-testid="footage-input"
              onChange={(e) => {
                uploads.add([...(e.target.files ?? [])]);
                e.target.value = '';
              }}
            />
          </div>
        )}
        {reply?.archiveUrl && (
          <a
            href={reply.archiveUrl}
            download
            className={`${buttonClass('ghost', 'sm')} -ml-3`}
            aria-label={`Download every file of order ${order.reference} as one zip`}
          >
            <Archive className="size-4" aria-hidden /> Download all (zip)
          </a>
        )}
        {uploads.transfers.length > 0 && (
          <ul className="space-y-2" aria-label="Uploads in progress">
            {uploads.transfers.map((t) => (
              <TransferRow
                key={t.key}
                transfer={t}
                onPause={() => uploads.pause(t.key)}
                onResume={() => uploads.resume(t.key)}
                onCancel={() => void uploads.cancel(t.key)}
              />
            ))}
          </ul>
        )}
        {!open ? null : files.isPending ? (
          <p role="status" className="text-sm text-slate-500">
            Loading files...
          </p>
        ) : files.isError && !reply ? (
          <p className="text-sm text-red-700">
            The order’s files could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => files.refetch()}>
              Try Again
            </button>
          </p>
        ) : rows.length === 0 ? (
          uploads.transfers.length === 0 && (
            <p className="text-sm text-slate-500">
              {reply?.canAddFootage
                ? 'No files yet. Add your raw footage, music, logos and references for the editor.'
                : 'No files yet.'}
            </p>
          )
        ) : (
          <ul className="space-y-2" aria-label={`Files of order ${order.reference}`}>
            {rows.map((f) => (
              <FileRow
                key={f.id}
                file={f}
                onCancelUpload={f.uploadUrl ? () => void cancelStored(f) : undefined}
              />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
