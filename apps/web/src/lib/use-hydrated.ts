import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while a server-rendered page is being taken over (and on the server), true once the app runs.
 * A control that only works with the app (it opens a dialog, it posts through the API) is disabled until
 * then, so a visitor's early tap waits for it instead of doing nothing or submitting a plain form.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
