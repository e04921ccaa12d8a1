import { Pause, Play, X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ProgressBar } from '../../../components/ui/progress';
import type { Transfer } from '../hooks/use-footage-uploads';
import { transferCaption } from '../utils/transfer';

/** One upload under way in this tab: its bar, how fast and how long, and pause, resume and cancel. */
export function TransferRow({
  transfer: t,
  onPause,
  onResume,
  onCancel,
}: {
  transfer: Transfer;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}) {
  const caption =
    t.state === 'paused'
      ? `Paused · ${transferCaption(t.sent, t.size, null)}`
      : transferCaption(t.sent, t.size, t.state === 'uploading' ? t.bytesPerSecond : null);
  return (
    <li className="space-y-1.5 rounded-lg border border-slate-200 p-2" data-testid="upload-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="min-w-0 flex-1 basis-40 text-sm font-medium break-all text-slate-900">{t.name}</p>
        <div className="flex shrink-0 gap-1">
          {t.state === 'uploading' ? (
            <Button variant="secondary" size="sm" onClick={onPause} aria-label={`Pause ${t.name}`}>
              <Pause className="size-4" aria-hidden /> Pause
            </Button>
          ) : (
            <Button variant="secondary" size="sm" onClick={onResume} aria-label={`Resume ${t.name}`}>
              <Play className="size-4" aria-hidden /> Resume
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={onCancel} aria-label={`Cancel ${t.name}`}>
            <X className="size-4" aria-hidden /> Cancel
          </Button>
        </div>
      </div>
      <ProgressBar value={t.size ? t.sent / t.size : 0} label={`Uploading ${t.name}`} caption={caption} />
      {t.error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {t.error}
        </p>
      )}
    </li>
  );
}
