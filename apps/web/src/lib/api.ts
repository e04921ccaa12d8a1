/** The one HTTP client of the app: /api base, cookies always, the stored Bearer token when there is one. */
export const TOKEN_KEY = 'token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export const tokenStore = {
  get: () => (typeof localStorage === 'undefined' ? null : localStorage.getItem(TOKEN_KEY)),
  set: (token: string) => localStorage.setItem(TOKEN_KEY, token),
  clear: () => localStorage.removeItem(TOKEN_KEY),
};

export interface RequestOptions {
  /** Skip the Bearer header (the session check tries the cookie alone first). */
  withoutToken?: boolean;
  /** Extra request headers (the session check states its RFC 7240 preference with one). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * How requests reach the API. The browser's fetch, except while the server renders a public page: there
 * the server hands in its own in-process transport (no network hop, no cookies: the page is rendered as
 * any visitor sees it).
 */
type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;
let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport) {
  transport = next;
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  opts: RequestOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  const token = opts.withoutToken ? null : tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await transport(`/api${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'Network error: please check your connection');
  }
  const text = await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(
      res.status,
      typeof message === 'string' ? message : `Request failed (${res.status})`,
      data,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('POST', path, body, opts),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PATCH', path, body, opts),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, body, opts),
  delete: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('DELETE', path, body, opts),
};

/** The server's message when there is one, else the screen's own fallback (SPEC.md §8). */
export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.status !== 0 && err.status < 500 && err.message
    ? err.message
    : fallback;
}
