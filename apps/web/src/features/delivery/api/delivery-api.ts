import type { DeliveriesPage, Delivery, FinalLink } from '@cutroom/contracts/delivery';
import { ApiError, api, tokenStore } from '../../../lib/api';

export const deliveryKeys = {
  room: (roomId: string) => ['deliveries', roomId] as const,
};

export const deliveryApi = {
  list: (roomId: string, signal?: AbortSignal) =>
    api.get<DeliveriesPage>(`/chat/${encodeURIComponent(roomId)}/deliveries`, { signal }),
  approve: async (id: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/approve`)).data,
  requestChanges: async (id: string, note: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/request-changes`, { note }))
      .data,
  retryPreview: async (id: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/retry-preview`)).data,
  /** An expiring link to the original (the server answers 403 until a payment covers it). */
  finalLink: (id: string) => api.get<FinalLink>(`/deliveries/${encodeURIComponent(id)}/final`),
};

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

/** Starts the browser's download of a same-origin link (the server sends it as an attachment). */
export function startDownload(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
