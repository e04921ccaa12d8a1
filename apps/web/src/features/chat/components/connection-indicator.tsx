import { cn } from '../../../lib/cn';
import type { ConnectionState } from '../hooks/use-chat-socket';

const LOOK: Record<ConnectionState, { label: string; dot: string }> = {
  connected: { label: 'Connected', dot: 'bg-emerald-500' },
  connecting: { label: 'Connecting...', dot: 'bg-amber-400 animate-pulse' },
  offline: { label: 'Offline', dot: 'bg-red-500' },
};

/** The live connection's state, in words as well as colour. */
export function ConnectionIndicator({ state }: { state: ConnectionState }) {
  const look = LOOK[state];
  return (
    <span
      role="status"
      aria-live="polite"
      className="inline-flex items-center gap-1.5 text-xs font-medium text-slate-500"
      data-testid="connection-state"
      data-state={state}
    >
      <span className={cn('size-2 rounded-full', look.dot)} aria-hidden />
      {look.label}
    </span>
  );
}
