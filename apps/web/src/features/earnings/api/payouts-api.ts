import type {
  AdminPayoutsPage,
  AdminSettlementsPage,
  PayoutFailure,
  PayoutFailureKind,
} from '@cutroom/contracts/payouts';
import { ApiError, api, tokenStore } from '../../../lib/api';

const enc = encodeURIComponent;

/** GET /api/admin/payouts/export's address for a period, relative to /api like every other call. */
export const payoutsExportPath = (from: string, to: string) =>
  `/admin/payouts/export?from=${enc(from)}&to=${enc(to)}`;

/** The admin's Payouts calls (issue 16). */
export const adminPayoutsApi = {
  /** One page of editors; `q` searches name and username. */
  list: (q: string, cursor?: string) => {
    const params = new URLSearchParams();
    if (q) params.set('q', q);
    if (cursor) params.set('cursor', cursor);
    const s = params.toString();
    return api.get<AdminPayoutsPage>(`/admin/payouts${s ? `?${s}` : ''}`);
  },
  failures: () => api.get<{ items: PayoutFailure[] }>('/admin/payouts/failures'),
  settlements: (cursor?: string) =>
    api.get<AdminSettlementsPage>(`/admin/payouts/settlements${cursor ? `?cursor=${enc(cursor)}` : ''}`),
  retry: (kind: PayoutFailureKind, id: string) =>
    api.post<{ message: string }>(`/admin/payouts/failures/${enc(kind)}/${enc(id)}/retry`),
  /**
   * The CSV of a period. The app may be signed in by its stored Bearer token rather than the cookie, so a
   * bare `<a href download>` could go without the session: the file is fetched with the same credentials
   * as every other call and handed back as a Blob with the server's file name.
   */
  exportCsv: async (from: string, to: string): Promise<{ blob: Blob; filename: string }> => {
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
      throw new ApiError(
        res.status,
        typeof message === 'string' ? message : `Request failed (${res.status})`,
      );
    }
    const blob = await res.blob();
    return {
      blob,
      filename: fileNameOf(res.headers.get('content-disposition')) ?? `cutroom-payouts-${from}-to-${to}.csv`,
    };
  },
};

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

/** Saves a Blob as a download through a short-lived object URL. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked on the next turn: some browsers start the download only after click() has returned.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const adminPayoutKeys = {
  all: ['admin', 'payouts'] as const,
  list: (q: string) => ['admin', 'payouts', 'list', q] as const,
  failures: ['admin', 'payouts', 'failures'] as const,
  settlements: ['admin', 'payouts', 'settlements'] as const,
};
