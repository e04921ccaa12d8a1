import { wholePercent } from '@cutroom/contracts/money';

/** An upload's progress: a bar (0–1) announced as a percentage, with its words under it. */
export function ProgressBar({ value, label, caption }: { value: number; label: string; caption?: string }) {
  const percent = wholePercent(value);
  return (
    <div className="space-y-1" aria-live="polite">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
      {caption !== undefined && <p className="text-xs text-slate-500">{caption}</p>}
    </div>
  );
}
