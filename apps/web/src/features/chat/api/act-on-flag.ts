import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ModerationAction, ModerationFlag } from '@cutroom/contracts/moderation';
import { api, errorMessage } from '../../../lib/api';
import { moderationKey } from './get-moderation-flags';

/** POST /api/admin/moderation-flags/{id}/{dismiss | remove-message | freeze-room}. */
export const actOnFlag = (id: string, action: ModerationAction) =>
  api.post<{ message: string; data: ModerationFlag }>(`/admin/moderation-flags/${id}/${action}`);

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
    onSettled: () => qc.invalidateQueries({ queryKey: moderationKey }),
  });
}
