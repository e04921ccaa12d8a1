import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import type { ChatClientToServerEvents, ChatServerToClientEvents } from '@cutroom/contracts/chat';
import { tokenStore } from '../../lib/api';

export type ChatSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
export type ConnectionState = 'connecting' | 'connected' | 'offline';

export interface ChatConnection {
  socket: ChatSocket | null;
  state: ConnectionState;
  /** Counts (re)connections, so effects that must run after each one (join, catch-up) can depend on it. */
  connections: number;
}

/**
 * The realtime connection of a chat screen (SPEC.md §4: opened when a user exists). Websocket only, signed
 * in by the session cookie and the stored token; socket.io reconnects by itself and recovers missed events
 * when it can. This module is imported only by chat and admin chat screens, so socket.io-client stays out
 * of every public page's code.
 */
export function useChatSocket(enabled: boolean): ChatConnection {
  const [socket, setSocket] = useState<ChatSocket | null>(null);
  const [state, setState] = useState<ConnectionState>('connecting');
  const [connections, setConnections] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const s: ChatSocket = io({
      path: '/socket.io',
      transports: ['websocket'],
      withCredentials: true,
      // Read at every (re)connection: a token stored after a login is used without a reload.
      auth: (cb) => {
        const token = tokenStore.get();
        cb(token ? { token } : {});
      },
    });
    const onConnect = () => {
      setState('connected');
      setConnections((n) => n + 1);
    };
    // While socket.io is still trying, we are reconnecting; once it gave up (signed out), we are offline.
    const onDown = () => setState(s.active ? 'connecting' : 'offline');
    s.on('connect', onConnect);
    s.on('disconnect', onDown);
    s.on('connect_error', onDown);
    setSocket(s);
    setState('connecting');
    return () => {
      s.off('connect', onConnect);
      s.off('disconnect', onDown);
      s.off('connect_error', onDown);
      s.disconnect();
      setSocket(null);
    };
  }, [enabled]);

  return { socket, state, connections };
}
