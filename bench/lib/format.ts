const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

export const num = (value: number, digits = 1) =>
  Number.isFinite(value)
    ? new Intl.NumberFormat('en-US', { maximumFractionDigits: digits }).format(value)
    : String(value);
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
