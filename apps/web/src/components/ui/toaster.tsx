import { useLayoutEffect, useState } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@cutroom/contracts';

/**
 * SPEC.md §9 allows up to 20 at once; beyond three, a stack stops being read and only hides the page.
 * The rest wait their turn, counting down meanwhile, so a burst expires instead of piling up.
 */
export const VISIBLE_TOASTS = Math.min(3, TOAST_LIMIT);
/** Space between the header's lower edge and the first toast. */
export const TOAST_GAP_PX = 12;
/** The navbar's height (h-16 and its border) until the header has been measured. */
const HEADER_FALLBACK_PX = 65;

/**
 * How far the header reaches down. Measured rather than assumed: it grows when the phone menu opens, and
 * a toast must not cover the menu either. The header is sticky at the top, so its height is its reach.
 */
function useHeaderHeight(): number {
  const [height, setHeight] = useState(HEADER_FALLBACK_PX);
  useLayoutEffect(() => {
    // The navbar comes first in the layout, so it is the first header of the document.
    const header = document.querySelector('header');
    if (!header) return;
    const measure = () => setHeight(Math.ceil(header.getBoundingClientRect().height) || HEADER_FALLBACK_PX);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * Top-right as SPEC.md §9 and DESIGN.md §6 place them, below the header at every width. Not at the bottom
 * on phones: there the chat composer and the pay buttons live, and one place at every width is easier to
 * learn. Toasts slide in and out from their top edge; the clip keeps even that animation off the header
 * (the gap leaves room for the close button, which sits a little above a toast's corner).
 */
export function Toaster() {
  const top = useHeaderHeight() + TOAST_GAP_PX;
  return (
    <Sonner
      position="top-right"
      offset={{ top, right: 24 }}
      mobileOffset={{ top, right: 16, left: 16 }}
      visibleToasts={VISIBLE_TOASTS}
      duration={TOAST_DURATION_MS}
      style={{ clipPath: `inset(-${TOAST_GAP_PX}px -100vw -100vh -100vw)` }}
      richColors
      closeButton
    />
  );
}
