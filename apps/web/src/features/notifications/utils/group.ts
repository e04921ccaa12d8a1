import type { AppNotification } from '@cutroom/contracts/notifications';

export interface NotificationGroup {
  /** Stable across renders: the group's first line. */
  key: string;
  /** What the lines are about: an order, a chat room, or nothing shared (a line of its own). */
  about: 'order' | 'room' | null;
  /** Shown above a group of two or more lines: the first (newest) line's title. */
  heading: string | null;
  lines: AppNotification[];
}

/** A line's subject: its order when it has one (an order's lines also name its room), else its room. */
function subjectOf(line: AppNotification): { about: 'order' | 'room'; id: string } | null {
  if (line.orderId) return { about: 'order', id: line.orderId };
  if (line.roomId) return { about: 'room', id: line.roomId };
  return null;
}

/**
 * Groups consecutive lines about the same order (else the same room), keeping the newest-first order:
 * three steps of one order read as one block, while a line about something else in between starts a new
 * block, so the list never reorders and a line never moves away from its time.
 */
export function groupNotifications(lines: AppNotification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  let current: (NotificationGroup & { subject: string | null }) | null = null;
  for (const line of lines) {
    const subject = subjectOf(line);
    const id = subject ? `${subject.about}:${subject.id}` : null;
    if (current && id !== null && current.subject === id) {
      current.lines.push(line);
      continue;
    }
    current = { key: line._id, about: subject?.about ?? null, heading: null, lines: [line], subject: id };
    groups.push(current);
  }
  return groups.map(({ key, about, lines: grouped }) => ({
    key,
    about,
    heading: grouped.length > 1 ? grouped[0]!.title : null,
    lines: grouped,
  }));
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; older than a week, the date. */
export function relativeTime(iso: string, now = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return relative.format(-minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours < 24) return relative.format(-hours, 'hour');
  const days = Math.round(hours / 24);
  if (days < 7) return relative.format(-days, 'day');
  return date.format(new Date(then));
}

/** A badge's figure: at most two digits, then 99+. */
export const badgeCount = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * Where a line may take the person: a path of this app only. A link the server got wrong (absolute, or
 * protocol-relative like //evil.example) is not followed.
 */
export function safeLink(link: string): string | null {
  return /^\/(?![/\\])/.test(link) ? link : null;
}
