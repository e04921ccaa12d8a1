import { ApiError, tokenStore } from '../../../lib/api';

const enc = encodeURIComponent;

/** GET /api/admin/payouts/export's address for a period, relative to /api like every other call. */
export const payoutsExportPath = (from: string, to: string) =>
  `/admin/payouts/export?from=${enc(from)}&to=${enc(to)}`;

/**
 * GET /api/admin/payouts/export: the CSV of a period. The app may be signed in by its stored Bearer token
 * rather than the cookie, so a bare `<a href download>` could go without the session: the file is fetched
 * with the same credentials as every other call and handed back as a Blob with the server's file name.
 */
export async function exportPayoutsCsv(from: string, to: string): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = { accept: 'text/csv' };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${payoutsExportPath(from, to)}`, { headers, credentials: 'include' });
  } catch {
    throw new ApiError(0, 'Network error: please check your connection');
  }
  if (!res.ok) {
    let message: unknown;
    try {
      message = ((await res.json()) as { message?: unknown } | undefined)?.message;
    } catch {
      message = undefined;
    }
    throw new ApiError(res.status, typeof message === 'string' ? message : `Request failed (${res.status})`);
  }
  const blob = await res.blob();
  return {
    blob,
    filename: fileNameOf(res.headers.get('content-disposition')) ?? `cutroom-payouts-${from}-to-${to}.csv`,
  };
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, then `filename="…"`. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* fall through to the plain name */
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1]!.trim() : null;
}
