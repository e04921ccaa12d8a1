import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import type { ChatClientToServerEvents, ChatServerToClientEvents } from '@cutroom/contracts/chat';
import { tokenStore } from './api';

export type AppSocket = Socket<ChatServerToClientEvents, ChatClientToServerEvents>;
export type ConnectionState = 'connecting' | 'connected' | 'offline';

export interface RealtimeConnection {
  /** Null while signed out, and while socket.io-client is still loading. */
  socket: AppSocket | null;
  state: ConnectionState;
  /** Counts (re)connections, so effects that must run after each one (join, catch-up) can depend on it. */
  connections: number;
}

const SIGNED_OUT: RealtimeConnection = { socket: null, state: 'offline', connections: 0 };

export const RealtimeContext = createContext<RealtimeConnection>(SIGNED_OUT);

/**
 * The tab's one realtime connection (SPEC.md §4: opened when a user exists), shared by the chat screens,
 * the bell and the badges, so a tab never holds more than one socket. socket.io-client is loaded with a
 * dynamic import only once someone is signed in: an anonymous visitor never downloads it. Websocket only,
 * signed in by the session cookie and the stored token; socket.io reconnects by itself and recovers missed
 * events when it can. A new user id (logout, another login) closes the old socket and opens a new one.
 */
export function RealtimeProvider({ userId, children }: { userId: string | null; children: ReactNode }) {
  const [connection, setConnection] = useState<RealtimeConnection>(SIGNED_OUT);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let socket: AppSocket | null = null;
    setConnection({ socket: null, state: 'connecting', connections: 0 });
    import('socket.io-client').then(
      ({ io }) => {
        if (cancelled) return;
        const s: AppSocket = io({
          path: '/socket.io',
          transports: ['websocket'],
          withCredentials: true,
          // Read at every (re)connection: a token stored after a login is used without a reload.
          auth: (cb) => {
            const token = tokenStore.get();
            cb(token ? { token } : {});
          },
        });
        socket = s;
        let connections = 0;
        const publish = (state: ConnectionState) => setConnection({ socket: s, state, connections });
        s.on('connect', () => {
          connections += 1;
          publish('connected');
        });
        // While socket.io is still trying, we are reconnecting; once it gave up (signed out), we are offline.
        const onDown = () => publish(s.active ? 'connecting' : 'offline');
        s.on('disconnect', onDown);
        s.on('connect_error', onDown);
        publish('connecting');
      },
      // The chunk failed to load (a deploy replaced it, the network dropped): the pages still work over
      // REST, and the next sign-in or reload tries again.
      () => !cancelled && setConnection(SIGNED_OUT),
    );
    return () => {
      cancelled = true;
      socket?.removeAllListeners();
      socket?.disconnect();
      setConnection(SIGNED_OUT);
    };
  }, [userId]);

  return <RealtimeContext.Provider value={connection}>{children}</RealtimeContext.Provider>;
}

/** The tab's shared connection; `socket` is null when signed out. */
export const useRealtime = (): RealtimeConnection => useContext(RealtimeContext);
