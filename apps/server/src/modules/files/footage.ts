import { FOOTAGE_ORDER_STATUSES, ORDER_FILE_MESSAGES, type OrderStatus } from '@cutroom/contracts';
import type { Config } from '../../config';
import { conflict, forbidden, tooLarge } from '../../lib/http-error';
import type { UploadKindPolicy } from './kinds';
import { footageBytesOf } from './records';

export const takesFootage = (status: OrderStatus) =>
  (FOOTAGE_ORDER_STATUSES as readonly string[]).includes(status);

/**
 * Footage: the creator's, while the work is under way, any type (a file named as a video must be one),
 * within FOOTAGE_MAX_BYTES a file and ORDER_FOOTAGE_MAX_BYTES an order, counting uploads under way.
 */
export function footagePolicy(config: Config, onReady: UploadKindPolicy['ready']): UploadKindPolicy {
  return {
    maxBytes: () => config.FOOTAGE_MAX_BYTES,
    tooLarge: ORDER_FILE_MESSAGES.perFile,
    async authorize({ side, order }) {
      if (side !== 'creator') throw forbidden(ORDER_FILE_MESSAGES.notCreator);
      if (!takesFootage(order.status)) throw conflict(ORDER_FILE_MESSAGES.orderClosedToFootage);
    },
    async reserve({ tx, order, length }) {
      if (!takesFootage(order.status)) throw conflict(ORDER_FILE_MESSAGES.orderClosedToFootage);
      const used = await footageBytesOf(tx, order.id);
      if (used + length > config.ORDER_FOOTAGE_MAX_BYTES) {
        throw tooLarge(ORDER_FILE_MESSAGES.perOrder(config.ORDER_FOOTAGE_MAX_BYTES, used));
      }
    },
    refusePatch: (order) => (takesFootage(order.status) ? null : ORDER_FILE_MESSAGES.orderClosedToFootage),
    refuseContent: ({ mime, claimsVideo }) =>
      claimsVideo && !(mime?.startsWith('video/') || mime === 'application/mxf')
        ? ORDER_FILE_MESSAGES.notVideo
        : null,
    ready: onReady,
  };
}
