import { useMutation } from '@tanstack/react-query';
import type { TierTitle } from '@cutroom/contracts/portfolio';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** DELETE /api/admin/editors/{editorId}/portfolio/{sampleId}: one sample of a tier. */
export const deleteSample = (editorId: string, sampleId: string, sampleUrl: string, tier: TierTitle) =>
  api.delete<{ message: string }>(
    `/admin/editors/${encodeURIComponent(editorId)}/portfolio/${encodeURIComponent(sampleId)}`,
    { sampleUrl, tier },
  );

type Sample = { sampleId: string; sampleUrl: string; tier: TierTitle };

export const useDeleteSample = (
  editorId: string | undefined,
  config: MutationConfig<{ message: string }, Sample> = {},
) =>
  useMutation({
    ...config,
    mutationFn: (v: Sample) => deleteSample(editorId!, v.sampleId, v.sampleUrl, v.tier),
  });
