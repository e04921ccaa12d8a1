import { useCallback, useEffect, useState } from 'react';

/** The person's choice, per browser: 'on' or 'off' (absent: off, the feature is opt-in). */
export const DESKTOP_KEY = 'cutroom.desktopNotifications';

export const desktopSupported = () => typeof window !== 'undefined' && 'Notification' in window;

function wanted(): boolean {
  try {
    return localStorage.getItem(DESKTOP_KEY) === 'on';
  } catch {
    return false;
  }
}

function remember(on: boolean): void {
  try {
    localStorage.setItem(DESKTOP_KEY, on ? 'on' : 'off');
  } catch {
    /* private mode without storage: the choice lasts as long as the page */
  }
}

/** Whether a desktop notification would be shown now: supported, chosen, allowed, and the tab hidden. */
export const desktopWanted = () =>
  desktopSupported() && wanted() && Notification.permission === 'granted' && document.hidden;

/**
 * A system notification for a tab the person is not looking at. `tag` makes the same event one
 * notification however many tabs receive it (the browser replaces one with the same tag). Clicking it
 * brings the tab forward and opens the page.
 */
export function showDesktopNotification(
  title: string,
  opts: { body: string; tag: string; onClick: () => void },
): void {
  if (!desktopWanted()) return;
  try {
    const n = new Notification(title, { body: opts.body, tag: opts.tag });
    n.onclick = () => {
      window.focus();
      opts.onClick();
      n.close();
    };
  } catch {
    // Some browsers (Chrome on Android) only show notifications through a service worker.
  }
}

export type DesktopPermission = NotificationPermission | 'unsupported';

/** The toggle in the bell: on only when chosen and allowed; asking the browser on the first click. */
export function useDesktopNotifications() {
  const supported = desktopSupported();
  const read = useCallback(
    () => ({
      permission: (supported ? Notification.permission : 'unsupported') as DesktopPermission,
      chosen: wanted(),
    }),
    [supported],
  );
  const [status, setStatus] = useState(read);

  // Another tab changing the choice, or the site settings changed while away.
  useEffect(() => {
    const refresh = () => setStatus(read());
    window.addEventListener('storage', refresh);
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener('storage', refresh);
      window.removeEventListener('focus', refresh);
    };
  }, [read]);

  const toggle = useCallback(async () => {
    if (!supported) return;
    if (status.chosen && status.permission === 'granted') {
      remember(false);
    } else {
      const permission =
        Notification.permission === 'default'
          ? await Notification.requestPermission()
          : Notification.permission;
      remember(permission === 'granted');
    }
    setStatus(read());
  }, [supported, status, read]);

  return {
    supported,
    on: status.chosen && status.permission === 'granted',
    blocked: status.permission === 'denied',
    toggle,
  };
}
