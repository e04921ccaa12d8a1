import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AdminSettlementsPage } from '@cutroom/contracts/payouts';
import { api } from '../../../lib/api';
import { adminPayoutsKey } from './keys';

/** GET /api/admin/payouts/settlements: every editor's settlements, newest first, a page after `cursor`. */
export const getSettlements = (cursor?: string) =>
  api.get<AdminSettlementsPage>(
    `/admin/payouts/settlements${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const getSettlementsQueryKey = () => [...adminPayoutsKey, 'settlements'] as const;

export const getSettlementsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: getSettlementsQueryKey(),
    queryFn: ({ pageParam }) => getSettlements(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useSettlements = (enabled: boolean) =>
  useInfiniteQuery({ ...getSettlementsQueryOptions(), enabled });
