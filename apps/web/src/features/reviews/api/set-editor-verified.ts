import { useMutation } from '@tanstack/react-query';
import type { MutationConfig } from '../../../lib/react-query';
import { reviewsApi } from './reviews-api';

/** POST /api/admin/editors/{editorId}/verified: the admin gives or takes an editor's Verified badge. */
export const setEditorVerified = (editorId: string, verified: boolean) =>
  reviewsApi.setVerified(editorId, verified);

export const useSetEditorVerified = (
  editorId: string,
  config: MutationConfig<Awaited<ReturnType<typeof setEditorVerified>>, boolean> = {},
) => useMutation({ ...config, mutationFn: (next: boolean) => setEditorVerified(editorId, next) });
