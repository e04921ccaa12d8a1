import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Eye } from 'lucide-react';
import type { ChatMessage, ChatRoom, MessageSeenEvent, RoomStatusEvent } from '@cutroom/contracts/chat';
import { MESSAGE_REMOVED_EVENT } from '@cutroom/contracts/moderation';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useSession } from '../../../lib/auth/session';
import { getAdminRoomQueryKey, useAdminRoom } from '../api/get-admin-room';
import { ConnectionIndicator } from '../components/connection-indicator';
import { MessageList } from '../components/message-list';
import { RoomStatusBadge } from '../components/room-status-badge';
import { addToThread, markReadInThread } from '../utils/thread-cache';
import { catchUp } from '../hooks/use-chat-live';
import { useChatSocket, type ChatConnection } from '../hooks/use-chat-socket';
import { useOlderMessages, useThread } from '../hooks/use-thread';
import { RoomActions } from './room-actions';

const STATUS_EVENTS = ['chatFrozen', 'chatUnfrozen', 'chatEnded', 'chatReopened'] as const;
const when = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** Admin › Chat Rooms › one room (SPEC.md §2): status, actions and the read-only conversation, live. */
export default function ChatRoomDetailPage() {
  const { roomId = '' } = useParams();
  const { user } = useSession();
  const isAdmin = user?.role === 'admin';
  const room = useAdminRoom(roomId, { enabled: isAdmin });
  const thread = useThread(roomId, isAdmin);
  const older = useOlderMessages(roomId, thread.data);
  const connection = useChatSocket(isAdmin);
  useObserveRoom(connection, roomId);

  if (!isAdmin) return null;

  const back = (
    <Link
      to="/admin/dashboard/chat-rooms"
      className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden /> All chat rooms
    </Link>
  );
  if (room.isPending) return <Spinner label="Loading chat room..." />;
  if (room.isError) {
    const missing = room.error instanceof ApiError && room.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-700">
          {missing ? 'Chat room not found.' : 'Failed to load the chat room.'}
        </div>
      </div>
    );
  }
  const data: ChatRoom = room.data.data;

  return (
    <div className="space-y-5">
      {back}
      <Card className="space-y-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-xl font-extrabold text-slate-900">
              {data.creator.username} <span className="font-normal text-slate-400">and</span>{' '}
              {data.editor.username}
            </h1>
            <p className="mt-1 font-mono text-xs break-all text-slate-500">Room ID {data._id}</p>
            <p className="mt-1 text-xs text-slate-500">Started {when.format(new Date(data.createdAt))}</p>
          </div>
          <div className="flex items-center gap-3">
            <ConnectionIndicator state={connection.state} />
            <RoomStatusBadge status={data.status} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <RoomActions room={data} />
        </div>
      </Card>

      <Card className="flex h-[60vh] flex-col overflow-hidden">
        <p className="flex items-center gap-2 border-b border-slate-200 px-4 py-2 text-xs font-medium text-slate-500">
          <Eye className="size-4" aria-hidden /> Read-only: admins observe conversations and cannot write in
          them.
        </p>
        {thread.isPending ? (
          <Spinner label="Loading messages..." />
        ) : thread.isError && !thread.data ? (
          <p role="alert" className="p-6 text-sm text-red-700">
            Failed to load messages.
          </p>
        ) : (
          <MessageList
            room={data}
            messages={thread.data?.messages ?? []}
            viewer={{ kind: 'observer' }}
            hasOlder={thread.data?.hasOlder}
            loadingOlder={older.loading}
            onLoadOlder={older.load}
            empty={<p className="py-10 text-center text-sm text-slate-500">No messages yet</p>}
          />
        )}
      </Card>
    </div>
  );
}

/** Joins the room as an observer and keeps the page live: messages, read receipts, status changes. */
function useObserveRoom({ socket, state, connections }: ChatConnection, roomId: string) {
  const qc = useQueryClient();

  useEffect(() => {
    if (!socket || state !== 'connected') return;
    void socket
      .timeout(8000)
      .emitWithAck('joinRoom', { roomId })
      .catch(() => {});
    void catchUp(qc, { rooms: false });
  }, [socket, state, connections, roomId, qc]);

  useEffect(() => {
    if (!socket) return;
    const onMessage = (m: ChatMessage) => addToThread(qc, m.chatRoom, [m]);
    const onSeen = (e: MessageSeenEvent) => markReadInThread(qc, e.roomId, [e.messageId], e.readAt);
    const onStatus = (e: RoomStatusEvent) => {
      if (e.roomId !== roomId) return;
      qc.setQueryData<{ data: ChatRoom }>(getAdminRoomQueryKey(roomId), (d) =>
        d ? { data: { ...d.data, isFrozen: e.isFrozen, isEnded: e.isEnded, status: e.status } } : d,
      );
    };
    socket.on('newMessage', onMessage);
    socket.on(MESSAGE_REMOVED_EVENT, onMessage);
    socket.on('messageSeen', onSeen);
    for (const name of STATUS_EVENTS) socket.on(name, onStatus);
    return () => {
      socket.off('newMessage', onMessage);
      socket.off(MESSAGE_REMOVED_EVENT, onMessage);
      socket.off('messageSeen', onSeen);
      for (const name of STATUS_EVENTS) socket.off(name, onStatus);
    };
  }, [socket, qc, roomId]);
}
