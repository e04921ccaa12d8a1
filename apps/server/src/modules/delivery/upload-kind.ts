import { eq } from 'drizzle-orm';
import {
  DELIVERABLE_ORDER_STATUSES,
  DELIVERY_MESSAGES,
  DELIVERY_UPLOADS_AT_ONCE,
  IMAGE_MAX_BYTES,
  ORDER_FILE_MESSAGES,
  mediaKindOf,
} from '@cutroom/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { deliveries, orders } from '../../db/schema';
import { conflict, forbidden } from '../../lib/http-error';
import { uploadsUnderWay, type UploadKindPolicy } from '../files';
import type { DeliveryService } from './service';

/**
 * Deliveries through resumable uploads (/api/uploads, kind `delivery`): the order's editor, while the
 * order takes a delivery, up to DELIVERY_MAX_BYTES, an image (≤ 10 MB) or a video. The room and the note
 * are checked at creation, before any byte, and again when the file is whole; then it becomes the
 * room's next delivery, exactly as one sent from the chat.
 */
export function deliveryUploadPolicy(config: Config, db: Db, service: DeliveryService): UploadKindPolicy {
  return {
    maxBytes: () => config.DELIVERY_MAX_BYTES,
    tooLarge: ORDER_FILE_MESSAGES.deliveryTooLarge,
    async authorize({ actor, side, order, meta }) {
      if (side !== 'editor') throw forbidden(ORDER_FILE_MESSAGES.notEditor);
      await service.assertCanSend(actor, order.roomId);
      await service.checkFields(actor, order.roomId, { note: meta.note ?? '', orderId: order.id });
    },
    // Each may be 10 GB: a few at once is a mistake or an abuse, not a workflow.
    async reserve({ tx, order }) {
      if ((await uploadsUnderWay(tx, order.id, 'delivery')) >= DELIVERY_UPLOADS_AT_ONCE) {
        throw conflict(ORDER_FILE_MESSAGES.deliveriesUnderWay(DELIVERY_UPLOADS_AT_ONCE));
      }
    },
    refusePatch: (order) =>
      DELIVERABLE_ORDER_STATUSES.includes(order.status) ? null : ORDER_FILE_MESSAGES.orderClosedToDelivery,
    refuseContent({ mime, size }) {
      const kind = mediaKindOf(mime);
      if (!kind) return DELIVERY_MESSAGES.wrongType;
      return kind === 'image' && size > IMAGE_MAX_BYTES ? ORDER_FILE_MESSAGES.imageTooLarge : null;
    },
    async ready(file) {
      // Idempotent: a check run again after a crash finds the delivery it already made.
      const [made] = await db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(eq(deliveries.originalKey, file.storageKey!));
      if (made) return;
      const [order] = await db.select().from(orders).where(eq(orders.id, file.orderId));
      if (!order) return;
      await service.deliver({ id: file.uploaderId, role: 'editor' }, order.roomId, {
        file: {
          key: file.storageKey!,
          mimeType: file.mimeType!,
          kind: mediaKindOf(file.mimeType)!,
          sizeBytes: file.sizeBytes,
        },
        fields: { note: file.note ?? '', orderId: file.orderId },
      });
    },
  };
}
