import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@cutroom/contracts/chat';
import { clearUnread, markReadInThread } from '../utils/thread-cache';
import type { ChatSocket } from './use-chat-socket';

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Reports the newest unread message from the other member as seen while the room is on screen (SPEC.md §4:
 * read turns true when the receiver's client reports it). The server marks it and every earlier one.
 */
export function useMarkSeen(
  socket: ChatSocket | null,
  connected: boolean,
  roomId: string,
  messages: ChatMessage[],
  me: string,
): void {
  const qc = useQueryClient();
  const visible = usePageVisible();
  const reported = useRef(new Set<string>());
  const target = [...messages].reverse().find((m) => m.sender && m.sender._id !== me && !m.read);

  useEffect(() => {
    if (!socket || !connected || !visible || !target?.sender) return;
    if (reported.current.has(target._id)) return;
    reported.current.add(target._id);
    const forget = () => reported.current.delete(target._id);
    socket
      .timeout(8000)
      .emitWithAck('messageSeen', { roomId, messageId: target._id, sender: target.sender._id, receiver: me })
      .then((ack) => {
        if (!ack.ok) return forget();
        markReadInThread(qc, roomId, ack.data.messageIds, new Date().toISOString());
        clearUnread(qc, roomId);
      })
      .catch(forget);
  }, [socket, connected, visible, target, roomId, me, qc]);
}
