import type { FastifyBaseLogger } from 'fastify';
import { DELIVERY_UPDATED_EVENT, type DeliveryUpdatedEvent } from '@cutroom/contracts';
import type { AppIo } from '../../plugins/realtime';
import { userChannel } from '../../plugins/realtime';
import { roomChannel } from '../chat';
import type { ChatService } from '../chat';
import type { DeliveryRow } from './records';

/**
 * Approval, payment, release and refund lines are written by the orders module, in order with what they
 * do to the order (same keys: `delivery:{id}:approved`).
 */
export type DeliveryStep = 'sent' | 'changes';

/** The chat's record of each step. No note or file name goes in: only our own words. */
const LINES: Record<DeliveryStep, (d: DeliveryRow, reference: string) => string> = {
  sent: (d, ref) => `Delivery #${d.number} sent for review${ref ? ` (order ${ref})` : ''}.`,
  changes: (d) => `Changes requested on delivery #${d.number}.`,
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
   * A line per step, idempotent per delivery and step.
   * The step itself is already stored, so a failure here is logged rather than undoing it.
   */
  async line(d: DeliveryRow, step: DeliveryStep, reference = ''): Promise<void> {
    try {
      await this.chat.postSystemLine({
        roomId: d.roomId,
        content: LINES[step](d, reference),
        clientId: `delivery:${d.id}:${step}`,
        data: { deliveryId: d.id, step },
      });
    } catch (err) {
      this.log.error({ err, deliveryId: d.id, step }, 'delivery system line not posted');
    }
  }
}
