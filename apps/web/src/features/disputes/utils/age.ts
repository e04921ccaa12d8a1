const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a case has waited, short enough for a badge: '12 min', '5 h', '3 d'. */
export function ageLabel(since: string, now = Date.now()): string {
  const ms = Math.max(0, now - Date.parse(since));
  if (ms < HOUR) return `${Math.max(1, Math.floor(ms / MINUTE))} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h`;
  return `${Math.floor(ms / DAY)} d`;
}

/** The same in words, for the badge's accessible name: 'Opened 3 days ago'. */
export function ageWords(since: string, now = Date.now()): string {
  const ms = Math.max(0, now - Date.parse(since));
  const [n, unit] =
    ms < HOUR
      ? [Math.max(1, Math.floor(ms / MINUTE)), 'minute']
      : ms < DAY
        ? [Math.floor(ms / HOUR), 'hour']
        : [Math.floor(ms / DAY), 'day'];
  return `Opened ${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
