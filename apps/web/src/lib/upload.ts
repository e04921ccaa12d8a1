import { ApiError, tokenStore } from './api';

/**
 * Sends a multipart form to the API through XMLHttpRequest, the one browser API that reports upload
 * progress, and resolves with the reply's body. `onProgress` receives 0–1 as bytes leave the browser;
 * `signal` cancels the upload.
 */
export function sendFormWithProgress<B extends { data?: unknown }>(
  method: 'POST' | 'PATCH',
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<B> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, `/api${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    // Every byte has left: show 100 % even when the browser skipped the last progress event, which it does
    // when the server answers at once (the bar would vanish at some lower figure).
    xhr.upload.onload = () => onProgress(1);
    xhr.onload = () => {
      let body: (B & { message?: string }) | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body);
      else reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status})`, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: please check your connection'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** POSTs a multipart form with upload progress; resolves with the reply's `data`. */
export const postFormWithProgress = async <T>(
  path: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> => (await sendFormWithProgress<{ data: T }>('POST', path, form, onProgress, signal)).data;
