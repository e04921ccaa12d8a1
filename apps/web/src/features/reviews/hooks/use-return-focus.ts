import { useCallback, useRef } from 'react';

/**
 * Puts the focus back where a dialog was opened from. Radix returns focus only to its own Dialog.Trigger;
 * our dialogs open from plain buttons, so without this the focus falls to the page's body on close.
 *
 * `ref` goes on the opening button; `restore(fallback?)` is called when the dialog closes. The focus
 * moves once the dialog has gone (its focus trap would take it back before). When the button has gone
 * too (the review was written, so 'Leave a review' made way for the stars), `fallback` gets it.
 */
export function useReturnFocus<T extends HTMLElement = HTMLButtonElement>() {
  const ref = useRef<T>(null);
  const restore = useCallback((fallback?: () => HTMLElement | null) => {
    window.setTimeout(() => {
      const target = ref.current?.isConnected ? ref.current : (fallback?.() ?? null);
      target?.focus();
    }, 0);
  }, []);
  return { ref, restore };
}
