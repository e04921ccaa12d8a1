import { Link } from 'react-router';
import { CHAT_MESSAGES, type ChatAdminAction } from '@cutroom/contracts/chat';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/**
 * What freezing or ending does to the people in the room, said before it happens (both cut two people
 * off mid-conversation, and deadlines of their orders keep running meanwhile). Unfreeze and Reopen only
 * give back what was taken, so they act at once.
 */
const CONFIRM = {
  freeze: { title: 'Freeze this chat?', button: 'Freeze chat', busy: 'Freezing...' },
  end: { title: 'End this chat?', button: 'End chat', busy: 'Ending...' },
} as const;

/** The admin actions on a room that ask first. */
export type ConfirmedRoomAction = keyof typeof CONFIRM;

export const asksFirst = (action: ChatAdminAction): action is ConfirmedRoomAction => action in CONFIRM;

function Consequences({ action }: { action: ConfirmedRoomAction }) {
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

/**
 * The question an admin answers before freezing or ending a chat: who is cut off, until when, and what
 * carries on. Used by the chat room cards and page (RoomActions) and by the moderation queue's flag cards.
 * Cancel, Escape and the close button leave the room as it was (not while the action is under way).
 */
export function RoomActionConfirm(props: {
  action: ConfirmedRoomAction;
  /** The members' usernames. */
  creator: string;
  editor: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { action, busy } = props;
  const confirm = CONFIRM[action];
  const members = `${props.creator} (creator) and ${props.editor} (editor)`;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && !busy && props.onCancel()}
      title={confirm.title}
      description={
        action === 'freeze'
          ? `${members} will not be able to write in this chat until you unfreeze it.`
          : `${members} will no longer be able to write in this chat.`
      }
    >
      <Consequences action={action} />
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={props.onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          variant={action === 'end' ? 'danger' : 'primary'}
          onClick={props.onConfirm}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? confirm.busy : confirm.button}
        </Button>
      </div>
    </Modal>
  );
}
