import {
  DISPUTE_FILE_MESSAGES,
  DISPUTE_MESSAGES,
  OPEN_DISPUTE_STATUSES,
  type DisputeAction,
} from '@cutroom/contracts';
import { conflict, forbidden } from '../../lib/http-error';
import type { DisputeRow } from './states';

/** Why `viewer` may not take `action` on a dispute now, in the words the page shows. */
export function refusal(d: DisputeRow, viewer: string, action: DisputeAction) {
  const open = OPEN_DISPUTE_STATUSES.includes(d.status);
  if (action === 'answer') {
    if (viewer === d.openedBy) return forbidden(DISPUTE_MESSAGES.notYours);
    // A dispute that ended is not answered any more; one sent to admins unanswered is theirs now.
    if (open && d.respondedAt) return conflict(DISPUTE_MESSAGES.alreadyAnswered);
    if (d.status === 'with_admins') return conflict(DISPUTE_MESSAGES.withAdmins);
  }
  if (action === 'withdraw' && viewer !== d.openedBy) return forbidden(DISPUTE_MESSAGES.onlyOpener);
  if (action === 'escalate' && d.status === 'awaiting_response')
    return conflict(DISPUTE_MESSAGES.notAnswered);
  if (action === 'escalate' && d.status === 'with_admins') return conflict(DISPUTE_MESSAGES.withAdmins);
  if (action === 'decide') return conflict(DISPUTE_MESSAGES.notWithAdmins);
  if (action === 'attach') return conflict(DISPUTE_FILE_MESSAGES.closed);
  return conflict(DISPUTE_MESSAGES.notOpen);
}
