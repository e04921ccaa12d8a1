import { wholePercent } from '@cutroom/contracts/money';

/** Covers the page while samples upload: how much has left the browser, then the server's processing. */
export function UploadOverlay({ fraction }: { fraction: number }) {
  const percent = Math.min(100, wholePercent(fraction));
  return (
    <div
      className="fixed inset-0 z-50 grid place-items-center bg-slate-900/60 p-4 backdrop-blur-sm"
      data-testid="upload-overlay"
    >
      <div
        className="w-full max-w-sm rounded-2xl bg-white p-6 shadow-xl"
        role="dialog"
        aria-modal="true"
        aria-label="Uploading samples"
      >
        <p className="font-semibold text-slate-900">
          {percent < 100 ? 'Uploading samples...' : 'Processing on the server...'}
        </p>
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-4 h-3 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-600 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-2 text-right text-sm font-medium text-slate-600">{percent}%</p>
      </div>
    </div>
  );
}
