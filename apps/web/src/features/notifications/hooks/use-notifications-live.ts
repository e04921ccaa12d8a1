import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ChatMessage, MessageSeenEvent } from '@cutroom/contracts/chat';
import type { AppNotification, NotificationsReadEvent } from '@cutroom/contracts/notifications';
import type { User } from '@cutroom/contracts/roles';
import type { RealtimeConnection } from '../../../lib/realtime';
import { getMyRoomsQueryOptions } from '../../chat';
import { getNotificationSummaryQueryKey } from '../api/get-notification-summary';
import { notificationsKey } from '../api/keys';
import { addNotification, applyRead } from '../utils/cache';
import { showDesktopNotification } from '../utils/desktop';
import { useOpenNotification } from './use-open-notification';

/** Events come in bursts (a room read marks many messages): one summary request per burst. */
export const SUMMARY_DEBOUNCE_MS = 300;

/** The other member's handle, from the room list (loaded now if this tab has not yet). */
async function senderName(qc: QueryClient, roomId: string, me: User): Promise<string | null> {
  try {
    const rooms = await qc.fetchQuery({ ...getMyRoomsQueryOptions(), staleTime: 60_000 });
    const room = rooms.data.find((r) => r._id === roomId);
    if (!room) return null;
    return (me.role === 'creator' ? room.editor : room.creator).username;
  } catch {
    return null;
  }
}

/**
 * Keeps the bell and the badges current on every tab: pushed lines go on top of the bell (with a toast
 * when the bell is closed, and a desktop notification when the tab is hidden and the person opted in);
 * lines read on any tab are read everywhere; chat events and the tab coming back refresh the unread
 * figures; a reconnection reloads what may have been missed while the socket was down.
 */
export function useNotificationsLive(
  { socket, connections }: RealtimeConnection,
  me: User,
  bellOpen: boolean,
): void {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const open = useOpenNotification();
  const location = useLocation();
  // Read by the handlers at the time of the event, without re-subscribing on every change.
  const latest = useRef({ bellOpen, open, navigate, here: location.pathname + location.search });
  useEffect(() => {
    latest.current = { bellOpen, open, navigate, here: location.pathname + location.search };
  });

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useEffect(() => {
    if (!socket) return;
    const refreshSummary = () => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void qc.invalidateQueries({ queryKey: getNotificationSummaryQueryKey() });
      }, SUMMARY_DEBOUNCE_MS);
    };

    const onCreated = (line: AppNotification) => {
      if (!addNotification(qc, line)) return;
      const { bellOpen: shown, open: openLine, here } = latest.current;
      // Not when the bell shows it already, nor when the person is on the very page it points to.
      if (!shown && line.link !== here) {
        toast(line.title, {
          id: `notification-${line._id}`,
          description: line.body,
          action: { label: 'View', onClick: () => openLine(line) },
        });
      }
      showDesktopNotification(line.title, {
        body: line.body,
        tag: line._id,
        onClick: () => latest.current.open(line),
      });
    };
    const onRead = (event: NotificationsReadEvent) => {
      applyRead(qc, event);
      refreshSummary();
    };
    const onMessage = (message: ChatMessage) => {
      // Admins observing a room hear its messages too; only its members have them unread.
      if (me.role === 'admin' || message.sender?._id === me._id) return;
      refreshSummary();
      if (!message.sender) return;
      const roomId = message.chatRoom;
      const text = message.content.length > 140 ? `${message.content.slice(0, 139)}…` : message.content;
      void senderName(qc, roomId, me).then((name) =>
        showDesktopNotification(name ? `New message from ${name}` : 'New message', {
          body: text,
          tag: `chat-${roomId}`,
          onClick: () => void latest.current.navigate(`/chat?roomId=${roomId}`),
        }),
      );
    };
    // Only my reading changes my unread figure; the other member reading mine does not.
    const onSeen = (event: MessageSeenEvent) => {
      if (me.role !== 'admin' && event.sender !== me._id) refreshSummary();
    };

    socket.on('notificationCreated', onCreated);
    socket.on('notificationsRead', onRead);
    socket.on('newMessage', onMessage);
    socket.on('messageSeen', onSeen);
    return () => {
      socket.off('notificationCreated', onCreated);
      socket.off('notificationsRead', onRead);
      socket.off('newMessage', onMessage);
      socket.off('messageSeen', onSeen);
    };
  }, [socket, qc, me]);

  // Back on the tab: the figures may have moved while the browser held back its timers.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void qc.invalidateQueries({ queryKey: getNotificationSummaryQueryKey() });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [qc]);

  // Every reconnection after the first: socket.io replays missed events only after a short outage, so the
  // bell and the figures are loaded again (a replayed line is not added twice).
  const firstConnection = useRef(Math.max(connections, 1));
  useEffect(() => {
    if (connections > firstConnection.current) {
      void qc.invalidateQueries({ queryKey: notificationsKey });
    }
  }, [connections, qc]);
}
