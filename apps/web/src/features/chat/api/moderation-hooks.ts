import { useEffect } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { MODERATION_FLAGGED_EVENT, type ModerationAction } from '@cutroom/contracts/moderation';
import { errorMessage } from '../../../lib/api';
import { useChatSocket } from '../hooks/use-chat-socket';
import { actOnFlag, fetchModerationFlags, moderationKeys, type QueueView } from './moderation-api';

export function useModerationQueue(view: QueueView, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: moderationKeys.queue(view),
    queryFn: ({ pageParam, signal }) => fetchModerationFlags(view, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** New flags reach an open queue as they are filed (the admins' socket channel). */
export function useLiveModeration(enabled: boolean): void {
  const qc = useQueryClient();
  const { socket } = useChatSocket(enabled);
  useEffect(() => {
    if (!socket) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: moderationKeys.all });
    socket.on(MODERATION_FLAGGED_EVENT, refresh);
    return () => {
      socket.off(MODERATION_FLAGGED_EVENT, refresh);
    };
  }, [socket, qc]);
}

const FAILED: Record<ModerationAction, string> = {
  dismiss: 'Could not dismiss the flag',
  'remove-message': 'Could not remove the message',
  'freeze-room': 'Could not freeze the room',
};

export function useFlagAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: ModerationAction }) => actOnFlag(id, action),
    onSuccess: ({ message }) => toast.success(message),
    onError: (err, { action }) => {
      const reason = errorMessage(err, '');
      toast.error(FAILED[action], reason ? { description: reason } : undefined);
    },
    // Handled or not (another admin may have been first), both lists are loaded again.
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKeys.all }),
  });
}
