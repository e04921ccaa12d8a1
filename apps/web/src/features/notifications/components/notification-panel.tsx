import { useEffect, useId, useMemo, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { BellOff, CheckCheck, ClipboardList, MessagesSquare } from 'lucide-react';
import { NOTIFICATION_MESSAGES, type AppNotification } from '@cutroom/contracts/notifications';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { useDesktopNotifications } from '../utils/desktop';
import { PANEL_CLASS } from '../utils/panel-class';
import { groupNotifications, relativeTime, safeLink } from '../utils/group';
import { useNotificationList } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-notifications-read';
import { useMarkRead } from '../api/mark-notification-read';

/**
 * The bell's panel: lines newest first, grouped by order or room, each opening its page and reading it;
 * Mark all read; Load more; the desktop-notifications choice. A non-modal dialog: focus moves to its
 * heading when it opens; the bell handles Escape and clicks outside.
 */
export default function NotificationPanel(props: {
  id: string;
  unreadCount: number;
  onClose: () => void;
  ref?: Ref<HTMLDivElement>;
}) {
  const list = useNotificationList(true);
  const markAll = useMarkAllRead();
  const { mutate: markRead } = useMarkRead();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const lines = useMemo(() => list.data?.pages.flatMap((p) => p.data) ?? [], [list.data]);
  const groups = useMemo(() => groupNotifications(lines), [lines]);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const openLine = (line: AppNotification) => {
    if (!line.read) markRead(line._id);
    if (safeLink(line.link)) props.onClose();
  };

  let content;
  if (list.isPending) content = <Spinner label="Loading notifications..." />;
  else if (list.isError && lines.length === 0) {
    content = (
      <div role="alert" className="m-3 space-y-3 rounded-xl bg-red-50 p-4 text-sm text-red-700">
        <p className="font-semibold">{NOTIFICATION_MESSAGES.loadFailed}</p>
        <Button size="sm" variant="secondary" onClick={() => list.refetch()}>
          Try Again
        </Button>
      </div>
    );
  } else if (lines.length === 0) {
    content = (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <BellOff className="size-9 text-slate-300" aria-hidden />
        <p className="mt-3 text-sm font-medium text-slate-600">You&apos;re all caught up</p>
      </div>
    );
  } else {
    content = (
      <ul className="space-y-1 p-1.5" aria-label="Notification list">
        {groups.map((group) => {
          const Icon = group.about === 'order' ? ClipboardList : MessagesSquare;
          const items = group.lines.map((line) => (
            <NotificationLine key={line._id} line={line} onOpen={openLine} />
          ));
          return (
            <li key={group.key}>
              {group.heading ? (
                <div role="group" aria-label={group.heading} className="rounded-xl bg-slate-50/80 pb-0.5">
                  <p className="flex items-center gap-1.5 px-3 pt-2 pb-0.5 text-xs font-semibold text-slate-500">
                    <Icon className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{group.heading}</span>
                    <span className="shrink-0 font-normal">· {group.lines.length} updates</span>
                  </p>
                  <ul>{items}</ul>
                </div>
              ) : (
                <ul>{items}</ul>
              )}
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div
      ref={props.ref}
      id={props.id}
      role="dialog"
      aria-labelledby={headingId}
      data-testid="notification-panel"
      className={PANEL_CLASS}
    >
      <div className="flex items-center justify-between gap-3 border-b border-slate-100 py-2 pr-2 pl-4">
        {/* Focused on open so reading starts here; it is not a control, so it shows no ring (the global
            :focus-visible outline is unlayered CSS, which a utility class cannot override). */}
        <h2
          id={headingId}
          ref={heading}
          tabIndex={-1}
          style={{ outline: 'none' }}
          className="text-base font-bold text-slate-900"
        >
          Notifications
        </h2>
        <Button
          size="sm"
          variant="ghost"
          className="text-brand-700 disabled:text-slate-400 disabled:hover:bg-transparent"
          disabled={props.unreadCount === 0 || markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          <CheckCheck className="size-4" aria-hidden /> Mark all read
        </Button>
      </div>
      <DesktopToggle />
      {markAll.isError && (
        <p role="alert" className="border-b border-red-100 bg-red-50 px-4 py-2 text-xs text-red-700">
          Could not mark them read. Please try again.
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
        {content}
        {list.hasNextPage && (
          <div className="border-t border-slate-100 p-2 text-center">
            <Button
              size="sm"
              variant="ghost"
              disabled={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
        {list.isFetchNextPageError && (
          <p role="alert" className="px-4 pb-3 text-center text-xs text-red-700">
            {NOTIFICATION_MESSAGES.loadFailed}
          </p>
        )}
      </div>
    </div>
  );
}

function NotificationLine({ line, onOpen }: { line: AppNotification; onOpen: (l: AppNotification) => void }) {
  const to = safeLink(line.link);
  const className = cn(
    'flex w-full gap-3 rounded-lg px-3 py-2.5 text-left transition-colors hover:bg-slate-100',
    !line.read && 'bg-brand-50/60',
  );
  const inner = (
    <>
      <span
        aria-hidden
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', line.read ? 'bg-transparent' : 'bg-brand-600')}
      />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            'block text-sm break-words text-slate-900',
            line.read ? 'font-medium' : 'font-semibold',
          )}
        >
          {line.title}
        </span>
        {line.body && (
          <span className="mt-0.5 line-clamp-2 block text-sm break-words text-slate-600">{line.body}</span>
        )}
        <span className="mt-1 flex items-center gap-2 text-xs text-slate-500">
          <time dateTime={line.createdAt} title={new Date(line.createdAt).toLocaleString('en-IN')}>
            {relativeTime(line.createdAt)}
          </time>
          {!line.read && <span className="sr-only">Unread</span>}
        </span>
      </span>
    </>
  );
  return (
    <li>
      {to ? (
        <Link
          to={to}
          onClick={() => onOpen(line)}
          className={className}
          data-testid="notification-line"
          data-read={line.read}
        >
          {inner}
        </Link>
      ) : (
        <button
          type="button"
          onClick={() => onOpen(line)}
          className={className}
          data-testid="notification-line"
          data-read={line.read}
        >
          {inner}
        </button>
      )}
    </li>
  );
}

function DesktopToggle() {
  const desktop = useDesktopNotifications();
  if (!desktop.supported) return null;
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5">
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-800">Desktop notifications</span>
        <span className="block text-xs text-slate-500">
          {desktop.blocked
            ? 'Blocked in this browser: allow notifications in the site settings.'
            : 'Shown when this tab is in the background.'}
        </span>
      </span>
      <Switch checked={desktop.on} disabled={desktop.blocked} onChange={() => void desktop.toggle()} />
    </label>
  );
}
