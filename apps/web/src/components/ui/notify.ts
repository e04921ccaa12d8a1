import { toast, type ExternalToast } from 'sonner';
import { TOAST_DURATION_MS } from '@cutroom/contracts';

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/**
 * SPEC.md §9 has toasts last about 4 to 5 seconds: errors take the long end, since they are read (often
 * twice) before the person acts on them; everything else the host's default.
 */
export const ERROR_TOAST_MS = Math.max(TOAST_DURATION_MS, 5000);

/**
 * One id per kind and text: sonner updates a toast whose id is already on screen instead of adding
 * another, so a message raised again (a query retried, a button pressed twice) shows once, and its
 * countdown starts over.
 */
export const toastId = (kind: ToastKind, title: string): string => `${kind}:${title}`;

const raise =
  (kind: ToastKind) =>
  (title: string, options?: ExternalToast): string | number =>
    toast[kind](title, {
      id: toastId(kind, title),
      ...(kind === 'error' ? { duration: ERROR_TOAST_MS } : {}),
      ...options,
    });

/** For toasts raised by events that repeat; a one-off confirmation may call sonner's toast directly. */
export const notify = {
  success: raise('success'),
  info: raise('info'),
  warning: raise('warning'),
  error: raise('error'),
};
