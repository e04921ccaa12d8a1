import { useMutation } from '@tanstack/react-query';
import type { AdminEditor } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** DELETE /api/admin/editors/delete/{editorId}: the admin removes an editor. */
export const deleteEditor = (editorId: string) =>
  api.delete<{ message: string }>(`/admin/editors/delete/${encodeURIComponent(editorId)}`);

export const useDeleteEditor = (config: MutationConfig<{ message: string }, AdminEditor> = {}) =>
  useMutation({ ...config, mutationFn: (editor: AdminEditor) => deleteEditor(editor._id) });
