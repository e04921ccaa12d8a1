import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Bell } from 'lucide-react';
import type { User } from '@cutroom/contracts/roles';
import { cn } from '../../../lib/cn';
import { useRealtime } from '../../../lib/realtime';
import { CountBadge } from './count-badge';
import { useUnreadCount } from '../api/get-notification-summary';
import { useUnreadTitle } from '../hooks/use-unread-title';
import { PANEL_CLASS } from '../utils/panel-class';
import { useNotificationsLive } from '../hooks/use-notifications-live';

// The bell is on every signed-in page; its panel (and the contracts' runtime it needs) loads on first open.
const NotificationPanel = lazy(() => import('./notification-panel'));

/**
 * The navbar's bell for every signed-in person: the unread figure (also in the tab's title), the panel, and
 * the tab's live handling of notifications (mounted once per tab: the navbar shows one bell at every width).
 */
export function NotificationBell({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unread = useUnreadCount(true);
  // The tab title carries the bell's own figure (one count: see useUnreadCount).
  useUnreadTitle(unread);
  const connection = useRealtime();
  useNotificationsLive(connection, user, open);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) bell.current?.focus();
  }, []);

  // Escape closes and gives the focus back to the bell; a press anywhere outside closes.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      close(true);
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (panel.current?.contains(target) || bell.current?.contains(target)) return;
      close(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close]);

  // Another page (the back button, a link elsewhere): the panel does not follow.
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);

  return (
    <div className="relative">
      <button
        ref={bell}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell"
        // Tells browser tests when the tab's live events can arrive.
        data-connection={connection.state}
        className={cn(
          'relative flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900',
          open && 'bg-slate-100 text-slate-900',
        )}
      >
        <Bell className="size-5" aria-hidden />
        <span className="sr-only">Notifications</span>
        <CountBadge
          count={unread}
          label="unread"
          testId="notification-count"
          className="absolute -top-0.5 -right-0.5 ring-2 ring-white"
        />
      </button>
      {open && (
        <Suspense
          fallback={
            <div
              ref={panel}
              role="status"
              className={cn(PANEL_CLASS, 'items-center p-6 text-sm text-slate-500')}
            >
              Loading notifications...
            </div>
          }
        >
          <NotificationPanel ref={panel} id={panelId} unreadCount={unread} onClose={() => close(false)} />
        </Suspense>
      )}
    </div>
  );
}
