import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { TaxDocumentsPage } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import { earningsKey } from './keys';

/** GET /api/earnings/documents: commission invoices and credit notes, newest first, 20 a page. */
export const getTaxDocuments = (cursor?: string) =>
  api.get<TaxDocumentsPage>(`/earnings/documents${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`);

export const getTaxDocumentsQueryKey = () => [...earningsKey, 'documents'] as const;

export const getTaxDocumentsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: getTaxDocumentsQueryKey(),
    queryFn: ({ pageParam }) => getTaxDocuments(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const useTaxDocuments = () => useInfiniteQuery(getTaxDocumentsQueryOptions());
