import { useMutation } from '@tanstack/react-query';
import type { Portfolio } from '@cutroom/contracts/portfolio';
import { ApiError, tokenStore } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * PATCH …/portfolio/samples through XMLHttpRequest, the one browser API that reports upload progress.
 * `onProgress` receives 0–1 as bytes leave the browser.
 */
export function uploadSamples(
  editorId: string,
  form: FormData,
  onProgress: (fraction: number) => void,
): Promise<{ message: string; data: Portfolio }> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PATCH', `/api/admin/editors/${encodeURIComponent(editorId)}/portfolio/samples`);
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
      let body: { message?: string } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as { message: string; data: Portfolio });
      else reject(new ApiError(xhr.status, body?.message ?? `Request failed (${xhr.status})`, body));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error: please check your connection'));
    xhr.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    xhr.send(form);
  });
}

/** Sends the form `build` makes when the mutation runs; `onProgress` follows the upload. */
export const useUploadSamples = (
  editorId: string | undefined,
  build: () => FormData,
  onProgress: (fraction: number) => void,
  config: MutationConfig<{ message: string; data: Portfolio }> = {},
) => useMutation({ ...config, mutationFn: () => uploadSamples(editorId!, build(), onProgress) });
