import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminEditorDetail } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import { useIsAdmin } from '../../../lib/auth/use-is-admin';
import { adminEditorsKey } from './keys';

/** GET /api/admin/editors/{editorId}: an editor with their whole portfolio, as the admin edits it. */
export const getAdminEditor = async (editorId: string, signal?: AbortSignal) =>
  (await api.get<{ data: AdminEditorDetail }>(`/admin/editors/${encodeURIComponent(editorId)}`, { signal }))
    .data;

export const getAdminEditorQueryKey = (editorId: string | undefined) =>
  [...adminEditorsKey, 'one', editorId] as const;

export const getAdminEditorQueryOptions = (editorId: string | undefined) =>
  queryOptions({
    queryKey: getAdminEditorQueryKey(editorId),
    queryFn: ({ signal }) => getAdminEditor(editorId!, signal),
  });

/** Asked for only once the session says admin (SPEC.md §6), and with an id. */
export function useAdminEditor(editorId: string | undefined) {
  const isAdmin = useIsAdmin();
  return useQuery({ ...getAdminEditorQueryOptions(editorId), enabled: isAdmin && Boolean(editorId) });
}
