import { useEffect } from 'react';
import type { Socket } from 'socket.io-client';
import { DISPUTE_UPDATED_EVENT, type DisputeUpdatedEvent } from '@cutroom/contracts/disputes';
import { useRealtime } from '../../../lib/realtime';

/**
 * Calls `onUpdate` for every `disputeUpdated` the server sends this tab (to both sides' own channels, the
 * room's and admins'), and once after each reconnection with no event, for what was missed offline.
 */
export function useDisputeUpdates(onUpdate: (event: DisputeUpdatedEvent | null) => void) {
  const { socket, connections } = useRealtime();

  useEffect(() => {
    if (!socket) return;
    // The shared socket is typed for chat events; dispute events ride on the same connection.
    const live = socket as unknown as Socket<{ disputeUpdated: (e: DisputeUpdatedEvent) => void }>;
    live.on(DISPUTE_UPDATED_EVENT, onUpdate);
    return () => {
      live.off(DISPUTE_UPDATED_EVENT, onUpdate);
    };
  }, [socket, onUpdate]);

  useEffect(() => {
    if (connections > 1) onUpdate(null);
  }, [connections, onUpdate]);
}
