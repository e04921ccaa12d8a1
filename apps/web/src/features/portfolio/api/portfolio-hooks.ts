import { useEffect, useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { EditorFilters } from '@cutroom/contracts/portfolio';
import { fetchEditor, fetchEditors } from './portfolio-api';

export const editorsKey = ['editors'] as const;

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The editors list (or a search), sorted and filtered, a page at a time; the previous results stay while
 * a new search loads. `filters` null means the filters are invalid: nothing is asked until they are fixed.
 */
export function useEditorList(query: string, filters: EditorFilters | null) {
  return useInfiniteQuery({
    queryKey: [...editorsKey, 'list', query, filters],
    queryFn: ({ pageParam, signal }) => fetchEditors(query, pageParam, filters ?? undefined, signal),
    enabled: filters !== null,
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    placeholderData: keepPreviousData,
  });
}

export function useEditor(editorId: string | undefined) {
  return useQuery({
    queryKey: [...editorsKey, 'one', editorId],
    queryFn: ({ signal }) => fetchEditor(editorId!, signal),
    enabled: Boolean(editorId),
  });
}
