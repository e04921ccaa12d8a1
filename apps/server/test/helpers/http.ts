export interface ApiReply<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
}

/** A plain HTTP client for the API, as a browser or a script would speak to it. */
export function apiClient(baseUrl: string, defaults: RequestOptions = {}) {
  async function request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<ApiReply<T>> {
    const o = { ...defaults, ...opts };
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.cookie) headers.cookie = o.cookie;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}${path}`, { method, headers, body: payload, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }
  return {
    get: <T = any>(path: string, opts?: RequestOptions) => request<T>('GET', path, undefined, opts),
    post: <T = any>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('POST', path, body, opts),
    patch: <T = any>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PATCH', path, body, opts),
    put: <T = any>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('PUT', path, body, opts),
    delete: <T = any>(path: string, body?: unknown, opts?: RequestOptions) =>
      request<T>('DELETE', path, body, opts),
    as: (token: string) => apiClient(baseUrl, { ...defaults, token }),
  };
}
export type ApiClient = ReturnType<typeof apiClient>;
