import type { DefaultError, UseMutationOptions } from '@tanstack/react-query';

/**
 * What a caller may add to a query hook of a feature's api/ folder: any option but those the call's
 * queryOptions (`T`) settles: its key, its fetcher and, for a list read page by page, its paging.
 */
export type QueryConfig<T extends (...args: never[]) => unknown> = Partial<
  Omit<
    ReturnType<T>,
    'queryKey' | 'queryFn' | 'initialPageParam' | 'getNextPageParam' | 'getPreviousPageParam'
  >
>;

/** What a caller may add to a mutation hook of a feature's api/ folder: every option but the fetcher. */
export type MutationConfig<TData, TVariables = void> = Omit<
  UseMutationOptions<TData, DefaultError, TVariables>,
  'mutationFn'
>;
