import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '@cutroom/contracts';

/** Notifications top-right, at most 20 at once, about 4.5 s each (SPEC.md §9). */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}
