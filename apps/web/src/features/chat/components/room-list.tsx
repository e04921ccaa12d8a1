import { Link } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { CHAT_MESSAGES, type ChatRoom } from '@cutroom/contracts/chat';
import type { Role } from '@cutroom/contracts/roles';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { RoomStatusBadge } from './room-status-badge';

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short' });
const today = new Intl.DateTimeFormat('en-IN', { hour: '2-digit', minute: '2-digit' });

function shortTime(iso: string): string {
  const d = new Date(iso);
  return d.toDateString() === new Date().toDateString() ? today.format(d) : when.format(d);
}

/** The other member: the editor for a creator, the creator (an anonymous handle) for an editor. */
export const counterpartOf = (room: ChatRoom, myRole: Role) =>
  myRole === 'creator' ? room.editor : room.creator;

export function RoomList(props: {
  rooms: ChatRoom[] | undefined;
  myRole: Role;
  selectedId: string | null;
  onSelect: (roomId: string) => void;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  const { rooms, myRole, selectedId } = props;
  if (props.loading) return <Spinner label="Loading your chats..." />;
  if (props.failed && !rooms) {
    return (
      <div role="alert" className="m-4 space-y-3 rounded-xl bg-red-50 p-4 text-sm text-red-700">
        <p className="font-semibold">Failed to load your chats.</p>
        <Button size="sm" variant="secondary" onClick={props.onRetry}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!rooms || rooms.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <MessagesSquare className="size-10 text-slate-300" aria-hidden />
        <p className="mt-3 text-sm text-slate-600">
          {myRole === 'creator' ? CHAT_MESSAGES.emptyForCreator : CHAT_MESSAGES.emptyForEditor}
        </p>
        {myRole === 'creator' && (
          <Link to="/portfolio" className="mt-3 text-sm font-semibold text-brand-700 hover:underline">
            Browse portfolios
          </Link>
        )}
      </div>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" aria-label={CHAT_MESSAGES.yourChats}>
      {rooms.map((room) => {
        const other = counterpartOf(room, myRole);
        const selected = room._id === selectedId;
        const unread = room.unreadCount ?? 0;
        return (
          <li key={room._id}>
            <button
              type="button"
              onClick={() => props.onSelect(room._id)}
              aria-current={selected ? 'true' : undefined}
              data-testid="chat-room-item"
              className={cn(
                'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors focus-visible:bg-slate-50 focus-visible:outline-none',
                selected ? 'bg-brand-50' : 'hover:bg-slate-50',
              )}
            >
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-bold text-slate-600 uppercase"
                aria-hidden
              >
                {other.username.slice(0, 2)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2">
                  <span className="truncate font-semibold text-slate-900">{other.username}</span>
                  {room.lastMessage && (
                    <span className="shrink-0 text-xs text-slate-400">
                      {shortTime(room.lastMessage.sentAt)}
                    </span>
                  )}
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={cn(
                      'truncate text-sm',
                      unread ? 'font-semibold text-slate-800' : 'text-slate-500',
                      !room.lastMessage && 'italic',
                    )}
                  >
                    {room.lastMessage?.message ?? CHAT_MESSAGES.noMessagesYet}
                  </span>
                  {unread > 0 && (
                    <span
                      className="shrink-0 rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white"
                      aria-label={`${unread} unread`}
                    >
                      {unread}
                    </span>
                  )}
                </span>
                {room.status !== 'Active' && <RoomStatusBadge status={room.status} className="mt-1" />}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
