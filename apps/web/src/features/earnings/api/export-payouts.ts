import { fetchDownload } from '../../../lib/download';

const enc = encodeURIComponent;

/** GET /api/admin/payouts/export's address for a period, relative to /api like every other call. */
export const payoutsExportPath = (from: string, to: string) =>
  `/admin/payouts/export?from=${enc(from)}&to=${enc(to)}`;

/** GET /api/admin/payouts/export: the CSV of a period, with the server's file name. */
export async function exportPayoutsCsv(from: string, to: string): Promise<{ blob: Blob; filename: string }> {
  const { blob, filename } = await fetchDownload(payoutsExportPath(from, to), 'text/csv');
  return { blob, filename: filename ?? `cutroom-payouts-${from}-to-${to}.csv` };
}
