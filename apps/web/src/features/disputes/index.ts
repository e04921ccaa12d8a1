// The disputes feature: an order's dispute on its card (opening one, the answer, sending it to Cutroom
// support, withdrawing it) and the admins' disputes (screens in routes.ts).
import type { OrderDisputeParts } from '../orders';
import { DisputeNotice } from './components/dispute-notice';
import { OpenDisputeDialog } from './components/open-dispute-dialog';

/** What the chat hands the room's order cards: the form 'Open a dispute' opens, and the notice. */
export const orderDisputeParts: OrderDisputeParts = { OpenForm: OpenDisputeDialog, Notice: DisputeNotice };
