import type { Delivery } from '@cutroom/contracts/delivery';
import { ApiError, tokenStore } from '../../../lib/api';

/**
 * POST /api/chat/{roomId}/deliveries through XMLHttpRequest, the one browser API that reports upload
 * progress. `onProgress` receives 0–1 as bytes leave the browser; `signal` cancels the upload.
 */
export function sendDelivery(
  roomId: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Delivery> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/chat/${encodeURIComponent(roomId)}/deliveries`);
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
      let body: { message?: string; data?: Delivery } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.data) resolve(body.data);
      else reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status})`, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: please check your connection'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
