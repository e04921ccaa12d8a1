import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Editor } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import { editorsKey } from './keys';

/** GET /api/users/editors/{editorId}: one editor's public portfolio. */
export async function getEditor(editorId: string, signal?: AbortSignal): Promise<Editor> {
  return (await api.get<{ data: Editor }>(`/users/editors/${encodeURIComponent(editorId)}`, { signal })).data;
}

export const getEditorQueryKey = (editorId: string | undefined) => [...editorsKey, 'one', editorId] as const;

/** Nothing is asked without an id. */
export const getEditorQueryOptions = (editorId: string | undefined) =>
  queryOptions({
    queryKey: getEditorQueryKey(editorId),
    queryFn: ({ signal }) => getEditor(editorId!, signal),
    enabled: Boolean(editorId),
  });

export function useEditor(editorId: string | undefined) {
  return useQuery(getEditorQueryOptions(editorId));
}
