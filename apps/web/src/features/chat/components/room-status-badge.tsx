import type { ChatRoomStatus } from '@cutroom/contracts/chat';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<ChatRoomStatus, BadgeTone> = { Active: 'green', Frozen: 'blue', Ended: 'red' };

/** Active, Frozen or Ended (SPEC.md §4: Ended wins over Frozen). */
export function RoomStatusBadge({ status, className }: { status: ChatRoomStatus; className?: string }) {
  return (
    <Badge tone={TONES[status]} className={className}>
      <span data-testid="room-status">{status}</span>
    </Badge>
  );
}
