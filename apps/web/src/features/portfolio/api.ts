import type { Editor, EditorListReply } from '@cutroom/contracts/portfolio';
import { api } from '../../lib/api';

/** Editors per page on /portfolio (the server's hard maximum is higher). */
export const EDITORS_PAGE_SIZE = 20;

/** GET /api/users/editors, or /search?query= when there is a query (SPEC.md §7). */
export function fetchEditors(query: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(EDITORS_PAGE_SIZE) });
  if (!query) return api.get<EditorListReply>(`/users/editors?${params}`, { signal });
  params.set('query', query);
  return api.get<EditorListReply>(`/users/editors/search?${params}`, { signal });
}

export async function fetchEditor(editorId: string, signal?: AbortSignal): Promise<Editor> {
  return (await api.get<{ data: Editor }>(`/users/editors/${encodeURIComponent(editorId)}`, { signal })).data;
}
