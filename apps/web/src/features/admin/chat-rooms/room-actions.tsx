import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  CHAT_ADMIN_ACTION_DONE,
  CHAT_ADMIN_ACTION_FAILED,
  CHAT_ADMIN_ACTION_LABELS,
  CHAT_MESSAGES,
  allowedChatActions,
  type ChatAdminAction,
  type ChatRoom,
  type RoomsPage,
} from '@cutroom/contracts/chat';
import { Button, type ButtonProps } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { chatKeys, moderateChatRoom } from '../../chat/api';

const VARIANTS: Record<ChatAdminAction, ButtonProps['variant']> = {
  freeze: 'secondary',
  unfreeze: 'secondary',
  end: 'danger',
  unend: 'success',
};

/** Puts a room's new state into every admin list page and its detail entry. */
export function storeAdminRoom(qc: ReturnType<typeof useQueryClient>, room: ChatRoom): void {
  qc.setQueriesData<InfiniteData<RoomsPage>>({ queryKey: ['admin', 'chat-rooms'] }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({ ...p, data: p.data.map((r) => (r._id === room._id ? room : r)) })),
        }
      : data,
  );
  qc.setQueryData<{ data: ChatRoom }>(chatKeys.adminRoom(room._id), (d) => (d ? { data: room } : d));
}

/** Freeze, Unfreeze, End or Reopen; each failure shows its own toast (SPEC.md §8). */
export function useRoomAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, action }: { roomId: string; action: ChatAdminAction }) =>
      moderateChatRoom(roomId, action),
    onSuccess: ({ data }, { action }) => {
      storeAdminRoom(qc, data);
      // Filtered lists may no longer hold the room: let them load again.
      void qc.invalidateQueries({
        queryKey: ['admin', 'chat-rooms'],
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

/**
 * What freezing or ending does to the people in the room, said before it happens (both cut two people
 * off mid-conversation, and deadlines of their orders keep running meanwhile). Unfreeze and Reopen only
 * give back what was taken, so they act at once.
 */
const CONFIRM: Partial<Record<ChatAdminAction, { title: string; button: string; busy: string }>> = {
  freeze: { title: 'Freeze this chat?', button: 'Freeze chat', busy: 'Freezing...' },
  end: { title: 'End this chat?', button: 'End chat', busy: 'Ending...' },
};

function Consequences({ action }: { action: ChatAdminAction }) {
  const orders = (
    <li>
      Orders in this chat are not cancelled: payments, due dates and automatic completion carry on. Cancel an
      order from{' '}
      <Link to="/admin/dashboard/all-orders" className="font-medium text-brand-700 hover:underline">
        All Orders
      </Link>{' '}
      if it should stop.
    </li>
  );
  return (
    <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
      {action === 'freeze' ? (
        <>
          <li>
            Messages, offers and deliveries are refused, and a delivery cannot be approved or sent back for
            changes meanwhile.
          </li>
          <li>
            They can still read the conversation, and see “{CHAT_MESSAGES.frozenBanner}” with a way to contact
            support.
          </li>
        </>
      ) : (
        <>
          <li>
            Neither can write in it again, and they cannot start another chat with each other: a creator and
            an editor have one chat, so only Reopen lets them talk again.
          </li>
          <li>They keep read access, and see “{CHAT_MESSAGES.endedBanner}” with where to get help.</li>
        </>
      )}
      {orders}
    </ul>
  );
}

/** Only the actions SPEC.md §4 allows from the room's state; Freeze and End ask first. */
export function RoomActions({ room }: { room: ChatRoom }) {
  const action = useRoomAction();
  const [asking, setAsking] = useState<ChatAdminAction | null>(null);
  const busy = action.isPending && action.variables?.roomId === room._id;
  const run = (a: ChatAdminAction) =>
    action.mutate({ roomId: room._id, action: a }, { onSettled: () => setAsking(null) });
  const confirm = asking ? CONFIRM[asking] : undefined;
  const members = `${room.creator.username} (creator) and ${room.editor.username} (editor)`;
  return (
    <>
      {allowedChatActions(room).map((a) => (
        <Button
          key={a}
          size="sm"
          variant={VARIANTS[a]}
          disabled={busy}
          onClick={() => (CONFIRM[a] ? setAsking(a) : run(a))}
        >
          {CHAT_ADMIN_ACTION_LABELS[a]}
        </Button>
      ))}
      {asking && confirm && (
        <Modal
          open
          onOpenChange={(open) => !open && !busy && setAsking(null)}
          title={confirm.title}
          description={
            asking === 'freeze'
              ? `${members} will not be able to write in this chat until you unfreeze it.`
              : `${members} will no longer be able to write in this chat.`
          }
        >
          <Consequences action={asking} />
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setAsking(null)} disabled={busy}>
              Cancel
            </Button>
            <Button
              variant={asking === 'end' ? 'danger' : 'primary'}
              onClick={() => run(asking)}
              disabled={busy}
              aria-busy={busy}
            >
              {busy ? confirm.busy : confirm.button}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
