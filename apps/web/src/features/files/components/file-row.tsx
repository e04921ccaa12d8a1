import { Download, X } from 'lucide-react';
import type { OrderFile } from '@cutroom/contracts/order-files';
import { Button, buttonClass } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/dates';
import { formatFileSize } from '../../../lib/file-size';
import { videoLine } from '../utils/transfer';

const statusWords = (f: OrderFile): string | null =>
  f.status === 'checking'
    ? 'Checking…'
    : f.status === 'uploading'
      ? f.mine
        ? 'Interrupted: choose the same file again to continue'
        : 'Still uploading'
      : f.status === 'rejected'
        ? 'Refused'
        : null;

/**
 * One file of the order: who sent it and when, its size, what a video is, its SHA-256 (both sides can
 * compare it with their copy), and a download once it is ready. The uploader's own unfinished upload
 * (a closed tab) can be cancelled here.
 */
export function FileRow({ file: f, onCancelUpload }: { file: OrderFile; onCancelUpload?: () => void }) {
  const who = f.mine ? 'You' : f.uploadedBy === 'creator' ? 'Creator' : 'Editor';
  return (
    <li
      className="space-y-1 rounded-lg border border-slate-200 p-2 text-sm"
      data-testid="order-file"
      data-status={f.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1 basis-44">
          <p className="font-medium break-all text-slate-900">{f.name}</p>
          <p className="text-xs text-slate-500">
            {formatFileSize(f.sizeBytes)} · {who} ·{' '}
            <time dateTime={f.createdAt}>{formatDateTime(f.createdAt)}</time>
          </p>
          {f.video && <p className="text-xs text-slate-600">{videoLine(f.video)}</p>}
        </div>
        {f.downloadUrl ? (
          <a
            href={f.downloadUrl}
            download
            className={`${buttonClass('secondary', 'sm')} shrink-0`}
            aria-label={`Download ${f.name}`}
          >
            <Download className="size-4" aria-hidden /> Download
          </a>
        ) : (
          onCancelUpload && (
            <Button
              variant="ghost"
              size="sm"
              onClick={onCancelUpload}
              aria-label={`Cancel the upload of ${f.name}`}
            >
              <X className="size-4" aria-hidden /> Cancel
            </Button>
          )
        )}
      </div>
      {statusWords(f) && (
        <p
          className={f.status === 'rejected' ? 'text-xs font-medium text-red-700' : 'text-xs text-slate-600'}
        >
          {statusWords(f)}
          {f.rejectedReason && `: ${f.rejectedReason}`}
        </p>
      )}
      {f.sha256 && (
        <p className="text-xs text-slate-500">
          SHA-256 <code className="font-mono break-all text-slate-700">{f.sha256}</code>
        </p>
      )}
    </li>
  );
}
