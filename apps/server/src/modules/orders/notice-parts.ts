import { assessContactDetails, orderReference } from '@cutroom/contracts';
import type { OrderRow } from './records';

/** What a notice needs of its order. */
export type NoticeOrder = Pick<
  OrderRow,
  | 'id'
  | 'number'
  | 'roomId'
  | 'creatorId'
  | 'editorId'
  | 'title'
  | 'pricePaise'
  | 'deliveryDays'
  | 'revisionsIncluded'
>;

/** What someone wrote, quoted only when the contact-detail detector lets it through word for word. */
export const quotable = (text: string) =>
  assessContactDetails(text).verdict === 'allow' ? text : '(Read the note in Cutroom.)';

/** The parts every line of one order's notice shares. */
export function noticeParts(o: NoticeOrder, name: (id: string) => string) {
  const link = `/chat?roomId=${o.roomId}`;
  return {
    ref: orderReference(o.number),
    link,
    base: { roomId: o.roomId, orderId: o.id, link },
    creator: o.creatorId,
    editor: o.editorId,
    name,
  };
}
