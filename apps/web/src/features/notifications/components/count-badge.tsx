import { cn } from '../../../lib/cn';
import { badgeCount } from '../utils/group';

/**
 * A red figure (99+ beyond two digits) for the bell and the Chat button. `label` is what a screen reader
 * hears after the figure ("unread messages"); the badge is not drawn at all for 0.
 */
export function CountBadge(props: { count: number; label: string; className?: string; testId?: string }) {
  if (props.count <= 0) return null;
  return (
    <span
      data-testid={props.testId}
      className={cn(
        'inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] leading-none font-bold text-white tabular-nums',
        props.className,
      )}
    >
      {badgeCount(props.count)}
      <span className="sr-only"> {props.label}</span>
    </span>
  );
}
