import { useState } from 'react';
import { Link } from 'react-router';
import { MessagesSquare, RefreshCw } from 'lucide-react';
import {
  CHAT_MESSAGES,
  CHAT_ROOM_STATUSES,
  type ChatRoom,
  type ChatRoomStatus,
} from '@cutroom/contracts/chat';
import { Button, buttonClass } from '../../../components/ui/button';
import { CardList } from '../../../components/ui/responsive-list';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/auth/session';
import { useAdminRooms } from '../api/get-admin-rooms';
import { RoomStatusBadge } from '../components/room-status-badge';
import { RoomActions } from './room-actions';

const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const FILTERS = ['All', ...CHAT_ROOM_STATUSES] as const;

/** Admin › Chat Rooms (SPEC.md §2): every room as a card with its status and the allowed actions. */
export default function ChatRoomsPage() {
  const { user } = useSession();
  // SPEC.md §6: admin pages fetch only when the user's role is admin.
  const isAdmin = user?.role === 'admin';
  const [status, setStatus] = useState<ChatRoomStatus | 'All'>('All');
  const rooms = useAdminRooms(status, { enabled: isAdmin });
  if (!isAdmin) return null;
  const list = rooms.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Chat Rooms</h1>
          <p className="mt-1 text-sm text-slate-500">
            Every conversation between creators and editors, most recent activity first.
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => rooms.refetch()}
          disabled={rooms.isFetching}
          aria-label="Refresh chat rooms"
        >
          <RefreshCw className={rooms.isFetching ? 'size-4 animate-spin' : 'size-4'} aria-hidden /> Refresh
        </Button>
      </div>

      <div
        role="group"
        aria-label="Filter by status"
        className="inline-flex gap-1 rounded-xl bg-slate-100 p-1"
      >
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={status === f}
            onClick={() => setStatus(f)}
            className={cn(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              status === f ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
            )}
          >
            {f}
          </button>
        ))}
      </div>

      {rooms.isPending ? (
        <Spinner label="Loading chat rooms..." />
      ) : rooms.isError && !rooms.data ? (
        <div
          role="alert"
          className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700"
        >
          <p className="font-semibold">Failed to load chat rooms.</p>
          <Button variant="secondary" size="sm" onClick={() => rooms.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
          <MessagesSquare className="size-10 text-slate-400" aria-hidden />
          <p className="mt-3 font-semibold text-slate-900">
            No chat rooms {status === 'All' ? 'yet' : 'here'}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            Rooms appear when a creator starts a chat with an editor.
          </p>
        </div>
      ) : (
        <>
          <CardList
            items={list}
            label="Chat rooms"
            itemKey={(room) => room._id}
            cardListClassName="grid gap-4 xl:grid-cols-2"
            // min-w-0: a grid item is as wide as its longest unbreakable line by default, and the card's
            // one-line last message would push a phone's page sideways.
            cardItemProps={() => ({ className: 'min-w-0' })}
            card={(room) => <RoomCard room={room} />}
          />
          {rooms.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="secondary"
                onClick={() => rooms.fetchNextPage()}
                disabled={rooms.isFetchingNextPage}
              >
                {rooms.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

function RoomCard({ room }: { room: ChatRoom }) {
  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="admin-chat-room" data-room-id={room._id}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Room ID</p>
          <p className="font-mono text-xs break-all text-slate-700">{room._id}</p>
        </div>
        <RoomStatusBadge status={room.status} />
      </div>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Creator</dt>
          <dd className="font-semibold break-all text-slate-900">{room.creator.username}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Editor</dt>
          <dd className="font-semibold break-all text-slate-900">{room.editor.username}</dd>
        </div>
      </dl>
      <p className="flex-1 truncate text-sm text-slate-500">
        {room.lastMessage ? (
          <>
            <time dateTime={room.lastMessage.sentAt}>{when.format(new Date(room.lastMessage.sentAt))}</time> ·{' '}
            {room.lastMessage.message}
          </>
        ) : (
          <span className="italic">{CHAT_MESSAGES.noMessagesYet}</span>
        )}
      </p>
      <div className="flex flex-wrap gap-2 border-t border-slate-100 pt-3">
        <RoomActions room={room} />
        <Link to={`/admin/dashboard/chat-rooms/${room._id}`} className={buttonClass('ghost', 'sm')}>
          View
        </Link>
      </div>
    </Card>
  );
}
