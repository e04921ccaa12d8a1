import { Link } from 'react-router';
import { Ban, Snowflake } from 'lucide-react';
import { chatRoomClosedReason, type ChatRoom } from '@cutroom/contracts/chat';
import type { Role } from '@cutroom/contracts/roles';

const linkClass = 'font-semibold underline underline-offset-2 hover:text-amber-950';

/**
 * SPEC.md §4's banner of a frozen or ended room, followed by what the member can do next: a disabled box
 * alone leaves them guessing whether to wait, write to someone, or look elsewhere.
 */
export function ClosedRoomBanner({ room, viewer }: { room: ChatRoom; viewer: Role }) {
  const closed = chatRoomClosedReason(room);
  if (!closed) return null;
  const Icon = room.isEnded ? Ban : Snowflake;
  return (
    <div
      role="status"
      className="flex gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
      data-testid="chat-banner"
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{closed}</span>{' '}
        {room.isEnded ? (
          <>
            You can still read it, but nobody can write here again unless an admin reopens it.{' '}
            {viewer === 'creator' && (
              <>
                To work with another editor, start a chat from{' '}
                <Link to="/portfolio" className={linkClass}>
                  Portfolio
                </Link>
                .{' '}
              </>
            )}
            For help with an order from this chat,{' '}
            <Link to="/contact" className={linkClass}>
              contact support
            </Link>
            .
          </>
        ) : (
          <>
            An admin paused this chat. You can read it; if you think this is a mistake,{' '}
            <Link to="/contact" className={linkClass}>
              contact support
            </Link>
            .
          </>
        )}
      </p>
    </div>
  );
}
