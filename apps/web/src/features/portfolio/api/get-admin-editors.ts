import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminEditorListReply } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import { useIsAdmin } from '../../../lib/auth/use-is-admin';
import { adminEditorsKey } from './keys';

export const ADMIN_EDITORS_PAGE_SIZE = 25;

/** GET /api/admin/editors: every editor (or those matching `search`), a page at a time. */
export function getAdminEditors(search: string, page: number, signal?: AbortSignal) {
  const params = new URLSearchParams({ page: String(page), limit: String(ADMIN_EDITORS_PAGE_SIZE) });
  if (search) params.set('search', search);
  return api.get<AdminEditorListReply>(`/admin/editors?${params}`, { signal });
}

export const getAdminEditorsQueryKey = (search: string) => [...adminEditorsKey, 'list', search] as const;

export const getAdminEditorsQueryOptions = (search: string) =>
  infiniteQueryOptions({
    queryKey: getAdminEditorsQueryKey(search),
    queryFn: ({ pageParam, signal }) => getAdminEditors(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });

/** Asked for only once the session says admin (SPEC.md §6). */
export function useAdminEditorList(search: string) {
  const isAdmin = useIsAdmin();
  return useInfiniteQuery({ ...getAdminEditorsQueryOptions(search), enabled: isAdmin });
}
