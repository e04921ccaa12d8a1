import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

type Reply = { message: string; data: { _id: string; username: string } };

/** POST /api/admin/editors/{editorId}/updateName: the admin renames an editor. */
export const renameEditor = (editorId: string, username: string) =>
  api.post<Reply>(`/admin/editors/${encodeURIComponent(editorId)}/updateName`, { username });

export const useRenameEditor = (editorId: string, config: MutationConfig<Reply, string> = {}) =>
  useMutation({ ...config, mutationFn: (name: string) => renameEditor(editorId, name) });
