import { useMutation } from '@tanstack/react-query';
import type { PayoutFailureKind } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/admin/payouts/failures/{kind}/{id}/retry: the gateway is asked again. */
export const retryPayout = (kind: PayoutFailureKind, id: string) =>
  api.post<{ message: string }>(
    `/admin/payouts/failures/${encodeURIComponent(kind)}/${encodeURIComponent(id)}/retry`,
  );

export const useRetryPayout = (
  kind: PayoutFailureKind,
  id: string,
  config: MutationConfig<{ message: string }> = {},
) => useMutation({ ...config, mutationFn: () => retryPayout(kind, id) });
