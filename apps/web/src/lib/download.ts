import { ApiError, tokenStore } from './api';

/**
 * A file from the API, fetched with the same credentials as every other call. The app may be signed in by
 * its stored Bearer token rather than the cookie, so a bare `<a href download>` could go without the
 * session: the file comes back as a Blob with the server's file name, for `saveBlob`.
 */
export async function fetchDownload(
  path: string,
  accept = '*/*',
): Promise<{ blob: Blob; filename: string | null }> {
  const headers: Record<string, string> = { accept };
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers, credentials: 'include' });
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
  return { blob: await res.blob(), filename: fileNameOf(res.headers.get('content-disposition')) };
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
