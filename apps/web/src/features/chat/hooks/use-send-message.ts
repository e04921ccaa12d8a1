import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_MESSAGES, type ChatMessage } from '@cutroom/contracts/chat';
import { notify } from '../../../components/ui/notify';
import { ApiError } from '../../../lib/api';
import { postMessage } from '../api/post-message';
import { newClientId } from '../utils/client-id';
import { addToThread, bumpRoom } from '../utils/thread-cache';
import type { ChatSocket } from './use-chat-socket';

/** A message on its way: shown at once, replaced by the stored one when the server confirms it. */
export interface PendingMessage {
  clientId: string;
  content: string;
  sentAt: string;
  status: 'sending' | 'failed';
}

class Refused extends Error {}

const SOCKET_ACK_TIMEOUT_MS = 8000;

/**
 * Sends over the socket when it is connected and over REST otherwise (or when the socket does not answer).
 * Both reach the same service with the same client id, so a message is stored once however it went.
 */
export function useSendMessage(roomId: string, socket: ChatSocket | null, me: string) {
  const qc = useQueryClient();
  const [pending, setPending] = useState<PendingMessage[]>([]);

  const deliver = useCallback(
    async (message: PendingMessage) => {
      setPending((list) => [
        ...list.filter((p) => p.clientId !== message.clientId),
        { ...message, status: 'sending' },
      ]);
      try {
        let stored: ChatMessage | null = null;
        if (socket?.connected) {
          try {
            const ack = await socket.timeout(SOCKET_ACK_TIMEOUT_MS).emitWithAck('sendMessage', {
              clientId: message.clientId,
              chatRoom: roomId,
              content: message.content,
              sender: { _id: me },
              read: false,
            });
            if (!ack.ok) throw new Refused(ack.error);
            stored = ack.data;
          } catch (err) {
            if (err instanceof Refused) throw err;
            // No answer in time: try the same message (same id) over HTTP.
          }
        }
        if (!stored) stored = (await postMessage(roomId, message.content, message.clientId)).data;
        addToThread(qc, roomId, [stored]);
        bumpRoom(qc, stored, me);
        setPending((list) => list.filter((p) => p.clientId !== message.clientId));
      } catch (err) {
        setPending((list) =>
          list.map((p) => (p.clientId === message.clientId ? { ...p, status: 'failed' } : p)),
        );
        const reason =
          err instanceof Refused || (err instanceof ApiError && err.status >= 400 && err.status < 500)
            ? err.message
            : undefined;
        notify.error(CHAT_MESSAGES.sendFailed, reason ? { description: reason } : undefined);
      }
    },
    [qc, roomId, socket, me],
  );

  // One message at a time, so that they are stored (and shown to the other side) in the order written.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback(
    (message: PendingMessage) => {
      setPending((list) => [...list.filter((p) => p.clientId !== message.clientId), message]);
      queue.current = queue.current.then(() => deliver(message));
    },
    [deliver],
  );

  const send = useCallback(
    (content: string) =>
      enqueue({ clientId: newClientId(), content, sentAt: new Date().toISOString(), status: 'sending' }),
    [enqueue],
  );
  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((p) => p.clientId === clientId);
      if (message) enqueue({ ...message, status: 'sending' });
    },
    [enqueue, pending],
  );
  const discard = useCallback(
    (clientId: string) => setPending((list) => list.filter((p) => p.clientId !== clientId)),
    [],
  );

  return { pending, send, retry, discard };
}
