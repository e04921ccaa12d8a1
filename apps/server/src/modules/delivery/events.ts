import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_UPDATED_EVENT, type DeliveryUpdatedEvent } from '@cutroom/contracts';
import type { AppIo } from '../../plugins/realtime';
import { userChannel } from '../../plugins/realtime';
import { roomChannel } from '../chat/broadcast';
import type { ChatService } from '../chat/service';
import type { DeliveryRow } from './payment-link';

export type DeliveryStep = 'sent' | 'changes' | 'approved' | 'paid' | 'released' | 'refunded';

/** The chat's record of each step. No note or file name goes in: only our own words. */
const LINES: Record<DeliveryStep, (d: DeliveryRow) => string> = {
  sent: (d) => `Delivery #${d.number} sent for review (${d.tier} tier).`,
  changes: (d) => `Changes requested on delivery #${d.number}.`,
  approved: (d) => `Delivery #${d.number} approved.`,
  paid: (d) => `Payment received for delivery #${d.number}.`,
  released: (d) => `Final file of delivery #${d.number} released to the creator.`,
  refunded: (d) => `Payment for delivery #${d.number} refunded; the final file is locked again.`,
};

/** Tells the room about delivery changes: system lines in the chat, and `deliveryUpdated` to open screens. */
export class DeliveryAnnouncer {
  constructor(
    private readonly io: AppIo,
    private readonly chat: ChatService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The same screens that hear the room's messages: whoever joined it and both members' other tabs. */
  updated(d: Pick<DeliveryRow, 'id' | 'roomId' | 'creatorId' | 'editorId'>): void {
    const event: DeliveryUpdatedEvent = { roomId: d.roomId, deliveryId: d.id };
    this.io
      .to([roomChannel(d.roomId), userChannel(d.creatorId), userChannel(d.editorId)])
      .emit(DELIVERY_UPDATED_EVENT, event);
  }

  /**
   * A line per step, idempotent per delivery and step (and payment, which can change after a refund).
   * The step itself is already stored, so a failure here is logged rather than undoing it.
   */
  async line(d: DeliveryRow, step: DeliveryStep, paymentId = d.paymentId): Promise<void> {
    const occasion = step === 'paid' || step === 'released' || step === 'refunded' ? `:${paymentId}` : '';
    try {
      await this.chat.postSystemLine({
        roomId: d.roomId,
        content: LINES[step](d),
        clientId: `delivery:${d.id}:${step}${occasion}`,
        data: { deliveryId: d.id, step },
      });
    } catch (err) {
      this.log.error({ err, deliveryId: d.id, step }, 'delivery system line not posted');
    }
  }
}
