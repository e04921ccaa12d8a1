import { useMutation } from '@tanstack/react-query';
import type { CreateOfferInput, Order } from '@cutroom/contracts/orders';
import type { MutationConfig } from '../../../lib/react-query';
import { ordersApi } from './orders-api';

/** POST /api/chat/{roomId}/offers: the room's editor offers work at a price. */
export const sendOffer = (roomId: string, offer: CreateOfferInput) => ordersApi.sendOffer(roomId, offer);

export const useSendOffer = (roomId: string, config: MutationConfig<Order, CreateOfferInput> = {}) =>
  useMutation({ ...config, mutationFn: (offer: CreateOfferInput) => sendOffer(roomId, offer) });
