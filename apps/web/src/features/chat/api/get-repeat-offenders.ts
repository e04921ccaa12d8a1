import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RepeatOffendersPage } from '@cutroom/contracts/moderation';
import { api } from '../../../lib/api';
import type { QueryConfig } from '../../../lib/react-query';
import { moderationKey } from './get-moderation-flags';

/** GET /api/admin/moderation-refusals: people whose contact details were refused again and again. */
export const getRepeatOffenders = (signal?: AbortSignal) =>
  api.get<RepeatOffendersPage>('/admin/moderation-refusals', { signal });

export const getRepeatOffendersQueryKey = () => [...moderationKey, 'offenders'] as const;

export const getRepeatOffendersQueryOptions = () =>
  queryOptions({
    queryKey: getRepeatOffendersQueryKey(),
    queryFn: ({ signal }) => getRepeatOffenders(signal),
  });

export const useRepeatOffenders = (config: QueryConfig<typeof getRepeatOffendersQueryOptions> = {}) =>
  useQuery({ ...getRepeatOffendersQueryOptions(), ...config });
