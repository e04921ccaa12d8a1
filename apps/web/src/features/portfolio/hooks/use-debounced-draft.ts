import { useEffect, useEffectEvent, useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@cutroom/contracts/limits';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A typed field whose value lives in the URL: what is typed is applied once typing pauses for
 * `delayMs` (one request per pause, not per key), and when the URL changes for another reason
 * (Clear filters, a link) the field takes the URL's value. `pending` is true while typing runs ahead.
 */
export function useDebouncedDraft(
  applied: string,
  apply: (value: string) => void,
  delayMs: number = SEARCH_DEBOUNCE_MS,
) {
  const [draft, setDraft] = useState(applied);
  const settled = useDebouncedValue(draft, delayMs).trim();

  // Adjusting state while rendering (not in an effect) so the field never shows a stale value. A URL
  // equal to `settled` is our own write arriving, perhaps after more keys were typed: those are kept.
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    setSeen(applied);
    if (applied !== settled && applied !== draft.trim()) setDraft(applied);
  }

  // Only a newly settled value writes: a URL change alone must never write the old text back.
  const write = useEffectEvent((value: string) => {
    if (value !== applied) apply(value);
  });
  useEffect(() => write(settled), [settled]);

  return { draft, setDraft, pending: draft.trim() !== applied };
}
