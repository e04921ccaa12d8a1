import {
  useRealtime,
  type AppSocket,
  type ConnectionState,
  type RealtimeConnection,
} from '../../../lib/realtime';

export type ChatSocket = AppSocket;
export type { ConnectionState };
export type ChatConnection = RealtimeConnection;

const NONE: ChatConnection = { socket: null, state: 'offline', connections: 0 };

/**
 * The realtime connection of a chat screen: the tab's shared socket (lib/realtime.tsx), so the chat page,
 * an admin's room view, the moderation queue and the bell never open a second one. `enabled` false (a page
 * shown to someone it is not for) hands out no socket. Screens only add and remove their own listeners;
 * leaving a screen never closes the connection the rest of the tab relies on.
 */
export function useChatSocket(enabled: boolean): ChatConnection {
  const connection = useRealtime();
  return enabled ? connection : NONE;
}
