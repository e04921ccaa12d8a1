import { DELIVERY_TEXTS, type Delivery } from '@cutroom/contracts/delivery';
import type { BadgeTone } from '../../../components/ui/badge';

export type DeliverySide = 'creator' | 'editor';

/** The delivery's state as a badge, in the words of the side looking. */
export function statusOf(d: Delivery, side: DeliverySide): { label: string; tone: BadgeTone } {
  if (d.status === 'changes_requested') return { label: DELIVERY_TEXTS.changesRequested, tone: 'amber' };
  if (d.status === 'approved') {
    return d.paid
      ? { label: 'Paid', tone: 'green' }
      : { label: DELIVERY_TEXTS.awaitingPayment, tone: 'blue' };
  }
  return side === 'creator'
    ? { label: 'Ready for your review', tone: 'brand' }
    : { label: 'Waiting for review', tone: 'grey' };
}
