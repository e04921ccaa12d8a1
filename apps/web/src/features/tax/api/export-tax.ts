import type { TaxExportKind } from '@cutroom/contracts/tax/reports';
import { fetchDownload } from '../../../lib/download';

/** GET /api/admin/tax/exports/{kind}'s address for a period, relative to /api like every other call. */
export const taxExportPath = (kind: TaxExportKind, period: string) =>
  `/admin/tax/exports/${kind}?period=${encodeURIComponent(period)}`;

/** One export's CSV for a month (YYYY-MM) or, for TDS, a quarter (2026-27-Q2), with the server's name. */
export async function exportTaxCsv(
  kind: TaxExportKind,
  period: string,
): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await fetchDownload(taxExportPath(kind, period), 'text/csv');
  return { blob, filename: filename ?? `cutroom-${kind}-${period}.csv` };
}
