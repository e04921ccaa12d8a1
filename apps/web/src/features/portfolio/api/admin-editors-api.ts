import type {
  AdminEditorDetail,
  AdminEditorListReply,
  Portfolio,
  PortfolioStructureInput,
  TierTitle,
} from '@cutroom/contracts/portfolio';
import { api, ApiError, tokenStore } from '../../../lib/api';

export const ADMIN_EDITORS_PAGE_SIZE = 25;

export const adminEditorsApi = {
  list: (search: string, page: number, signal?: AbortSignal) => {
    const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_EDITORS_PAGE_SIZE) });
    if (search) params.set('search', search);
    return api.get<AdminEditorListReply>(`/admin/editors?${params}`, { signal });
  },
  get: async (editorId: string, signal?: AbortSignal) =>
    (await api.get<{ data: AdminEditorDetail }>(`/admin/editors/${encodeURIComponent(editorId)}`, { signal }))
      .data,
  remove: (editorId: string) =>
    api.delete<{ message: string }>(`/admin/editors/delete/${encodeURIComponent(editorId)}`),
  rename: (editorId: string, username: string) =>
    api.post<{ message: string; data: { _id: string; username: string } }>(
      `/admin/editors/${encodeURIComponent(editorId)}/updateName`,
      { username },
    ),
  saveStructure: (editorId: string, input: PortfolioStructureInput) =>
    api.patch<{ message: string; data: Portfolio }>(
      `/admin/editors/${encodeURIComponent(editorId)}/portfolio/structure`,
      input,
    ),
  deleteSample: (editorId: string, sampleId: string, sampleUrl: string, tier: TierTitle) =>
    api.delete<{ message: string }>(
      `/admin/editors/${encodeURIComponent(editorId)}/portfolio/${encodeURIComponent(sampleId)}`,
      { sampleUrl, tier },
    ),
};

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
