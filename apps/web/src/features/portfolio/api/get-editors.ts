import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EditorFilters, EditorListReply } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import { editorsKey } from './keys';

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
export function getEditors(query: string, page: number, filters?: EditorFilters, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(EDITORS_PAGE_SIZE) });
  if (query) params.set('query', query);
  appendFilters(params, filters);
  const path = query ? '/users/editors/search' : '/users/editors';
  return api.get<EditorListReply>(`${path}?${params}`, { signal });
}

export const getEditorsQueryKey = (query: string, filters: EditorFilters | null) =>
  [...editorsKey, 'list', query, filters] as const;

/**
 * The editors list (or a search), sorted and filtered, a page at a time; the previous results stay while
 * a new search loads. `filters` null means the filters are invalid: nothing is asked until they are fixed.
 */
export const getEditorsQueryOptions = (query: string, filters: EditorFilters | null) =>
  infiniteQueryOptions({
    queryKey: getEditorsQueryKey(query, filters),
    queryFn: ({ pageParam, signal }) => getEditors(query, pageParam, filters ?? undefined, signal),
    enabled: filters !== null,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

export function useEditorList(query: string, filters: EditorFilters | null) {
  return useInfiniteQuery(getEditorsQueryOptions(query, filters));
}
