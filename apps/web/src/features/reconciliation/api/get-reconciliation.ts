import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type {
  ReconciliationFinding,
  ReconciliationFindingKind,
  ReconciliationRun,
} from '@cutroom/contracts/reconciliation';
import { api } from '../../../lib/api';
import { reconciliationKey } from './keys';

/** GET /api/admin/reconciliation's reply (contracts' reconciliationPageSchema). */
export interface ReconciliationPage {
  items: ReconciliationFinding[];
  nextCursor: string | null;
  lastRun: ReconciliationRun | null;
}

/** How often the page asks again while a run is under way, to show it finish. */
export const RUNNING_POLL_MS = 3000;

/** GET /api/admin/reconciliation: findings newest first, of one kind or all, a page after `cursor`. */
export function getReconciliation(kind: ReconciliationFindingKind | undefined, cursor?: string) {
  const params = new URLSearchParams();
  if (kind) params.set('kind', kind);
  if (cursor) params.set('cursor', cursor);
  const s = params.toString();
  return api.get<ReconciliationPage>(`/admin/reconciliation${s ? `?${s}` : ''}`);
}

export const getReconciliationQueryKey = (kind?: ReconciliationFindingKind) =>
  [...reconciliationKey, 'list', kind ?? 'all'] as const;

export const getReconciliationQueryOptions = (kind?: ReconciliationFindingKind) =>
  infiniteQueryOptions({
    queryKey: getReconciliationQueryKey(kind),
    queryFn: ({ pageParam }) => getReconciliation(kind, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // Changing the kind keeps the last list on screen (dimmed) until the new one arrives.
    placeholderData: keepPreviousData,
    // A run still under way (its finish not yet recorded) is asked about again until it ends.
    refetchInterval: (query) =>
      query.state.data?.pages[0]?.lastRun && query.state.data.pages[0].lastRun.finishedAt === null
        ? RUNNING_POLL_MS
        : false,
  });

export const useReconciliation = (kind?: ReconciliationFindingKind) =>
  useInfiniteQuery(getReconciliationQueryOptions(kind));
