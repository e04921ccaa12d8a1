const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const num = (value: number, digits = 1) =>
  Number.isFinite(value)
    ? new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)
    : String(value);
/** Three significant digits for small values (0.0412), grouped whole-ish numbers for large ones (2,512.3). */
export const sig = (value: number) =>
  Number.isFinite(value) && Math.abs(value) < 100 && value !== 0
    ? new Intl.NumberFormat('en-US', { maximumSignificantDigits: 3 }).format(value)
    : num(value);
export const int = (value: number) => grouped.format(Math.round(value));
export const mb = (bytes: number) => `${num(bytes / (1024 * 1024), 1)} MB`;
export const kb = (bytes: number) => `${num(bytes / 1024, 1)} KB`;

/** Percentile of an already sorted array (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
