import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth/session';
import { adminEditorsApi } from './admin-editors-api';

export const adminEditorsKey = ['admin', 'editors'] as const;

/** True once the session says admin: admin pages fetch nothing before that (SPEC.md §6). */
export function useIsAdmin(): boolean {
  const { user } = useSession();
  return user?.role === 'admin';
}

export function useAdminEditorList(search: string) {
  const isAdmin = useIsAdmin();
  return useInfiniteQuery({
    queryKey: [...adminEditorsKey, 'list', search],
    queryFn: ({ pageParam, signal }) => adminEditorsApi.list(search, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: isAdmin,
  });
}

export function useAdminEditor(editorId: string | undefined) {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: [...adminEditorsKey, 'one', editorId],
    queryFn: ({ signal }) => adminEditorsApi.get(editorId!, signal),
    enabled: isAdmin && Boolean(editorId),
  });
}
