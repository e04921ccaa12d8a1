import { useState } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CHAT_ADMIN_ACTION_DONE,
  CHAT_ADMIN_ACTION_FAILED,
  CHAT_ADMIN_ACTION_LABELS,
  allowedChatActions,
  type ChatAdminAction,
  type ChatRoom,
  type RoomsPage,
} from '@cutroom/contracts/chat';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api';
import { adminRoomsKey } from '../api/get-admin-rooms';
import { getAdminRoomQueryKey } from '../api/get-admin-room';
import { useModerateChatRoom } from '../api/moderate-chat-room';
import { asksFirst, RoomActionConfirm, type ConfirmedRoomAction } from './room-action-confirm';

const VARIANTS: Record<ChatAdminAction, ButtonProps['variant']> = {
  freeze: 'secondary',
  unfreeze: 'secondary',
  end: 'danger',
  unend: 'success',
};

/** Puts a room's new state into every admin list page and its detail entry. */
export function storeAdminRoom(qc: ReturnType<typeof useQueryClient>, room: ChatRoom): void {
  qc.setQueriesData<InfiniteData<RoomsPage>>({ queryKey: adminRoomsKey }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, data: p.data.map((r) => (r._id === room._id ? room : r)) })),
        }
      : data,
  );
  qc.setQueryData<{ data: ChatRoom }>(getAdminRoomQueryKey(room._id), (d) => (d ? { data: room } : d));
}

/** Freeze, Unfreeze, End or Reopen; each failure shows its own toast (SPEC.md §8). */
export function useRoomAction() {
  const qc = useQueryClient();
  return useModerateChatRoom({
    onSuccess: ({ data }, { action }) => {
      storeAdminRoom(qc, data);
      // Filtered lists may no longer hold the room: let them load again.
      void qc.invalidateQueries({
        queryKey: adminRoomsKey,
        predicate: (q) => q.queryKey[2] !== 'All',
      });
      toast.success(CHAT_ADMIN_ACTION_DONE[action]);
    },
    onError: (err, { action }) => {
      const reason = errorMessage(err, '');
      toast.error(CHAT_ADMIN_ACTION_FAILED[action], reason ? { description: reason } : undefined);
    },
  });
}

/** Only the actions SPEC.md §4 allows from the room's state; Freeze and End ask first. */
export function RoomActions({ room }: { room: ChatRoom }) {
  const action = useRoomAction();
  const [asking, setAsking] = useState<ConfirmedRoomAction | null>(null);
  const busy = action.isPending && action.variables?.roomId === room._id;
  const run = (a: ChatAdminAction) =>
    action.mutate({ roomId: room._id, action: a }, { onSettled: () => setAsking(null) });
  return (
    <>
      {allowedChatActions(room).map((a) => (
        <Button
          key={a}
          size="sm"
          variant={VARIANTS[a]}
          disabled={busy}
          onClick={() => (asksFirst(a) ? setAsking(a) : run(a))}
        >
          {CHAT_ADMIN_ACTION_LABELS[a]}
        </Button>
      ))}
      {asking && (
        <RoomActionConfirm
          action={asking}
          creator={room.creator.username}
          editor={room.editor.username}
          busy={busy}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}
