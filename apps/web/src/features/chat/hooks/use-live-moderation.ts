import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MODERATION_FLAGGED_EVENT } from '@cutroom/contracts/moderation';
import { moderationKey } from '../api/get-moderation-flags';
import { useChatSocket } from './use-chat-socket';

/** New flags reach an open queue as they are filed (the admins' socket channel). */
export function useLiveModeration(enabled: boolean): void {
  const qc = useQueryClient();
  const { socket } = useChatSocket(enabled);
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: moderationKey });
    socket.on(MODERATION_FLAGGED_EVENT, refresh);
    return () => {
      socket.off(MODERATION_FLAGGED_EVENT, refresh);
    };
  }, [socket, qc]);
}
