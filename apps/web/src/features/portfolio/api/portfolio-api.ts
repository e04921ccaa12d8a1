import type { Editor, EditorFilters, EditorListReply } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';

/** Editors per page on /portfolio (the server's hard maximum is higher). */
export const EDITORS_PAGE_SIZE = 20;

/** Adds the sort and filters the server accepts; defaults are left out so plain requests stay plain. */
function appendFilters(params: URLSearchParams, filters: EditorFilters | undefined) {
  if (!filters) return;
  if (filters.sort !== 'recommended') params.set('sort', filters.sort);
  if (filters.minPrice !== undefined) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== undefined) params.set('maxPrice', String(filters.maxPrice));
  if (filters.tier) params.set('tier', filters.tier);
  if (filters.tags.length) params.set('tags', filters.tags.join(','));
}

/**
 * GET /api/users/editors, or /search?query= when there is a query (SPEC.md §7); both take the same sort
 * and filters.
 */
export function fetchEditors(query: string, page: number, filters?: EditorFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(EDITORS_PAGE_SIZE) });
  if (query) params.set('query', query);
  appendFilters(params, filters);
  const path = query ? '/users/editors/search' : '/users/editors';
  return api.get<EditorListReply>(`${path}?${params}`, { signal });
}

export async function fetchEditor(editorId: string, signal?: AbortSignal): Promise<Editor> {
  return (await api.get<{ data: Editor }>(`/users/editors/${encodeURIComponent(editorId)}`, { signal })).data;
}
