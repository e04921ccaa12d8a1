import { useMutation } from '@tanstack/react-query';
import type { ChatMessage } from '@cutroom/contracts/chat';
import type { OfferRequestInput } from '@cutroom/contracts/orders';
import type { MutationConfig } from '../../../lib/react-query';
import { ordersApi } from './orders-api';

/** POST /api/chat/{roomId}/offer-requests: the creator asks for an offer; the reply is its chat line. */
export const requestOffer = (roomId: string, request: OfferRequestInput) =>
  ordersApi.requestOffer(roomId, request);

export const useRequestOffer = (
  roomId: string,
  config: MutationConfig<ChatMessage, OfferRequestInput> = {},
) => useMutation({ ...config, mutationFn: (request: OfferRequestInput) => requestOffer(roomId, request) });
