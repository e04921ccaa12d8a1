import { useMutation } from '@tanstack/react-query';
import type { FinalLink } from '@cutroom/contracts/delivery';
import type { MutationConfig } from '../../../lib/react-query';
import { deliveryApi } from './delivery-api';

/**
 * GET /api/deliveries/{id}/final: an expiring link to the original (403 until a payment covers it). Asked
 * for when the member downloads, so a mutation.
 */
export const getFinalLink = (deliveryId: string) => deliveryApi.finalLink(deliveryId);

export const useFinalLink = (deliveryId: string, config: MutationConfig<FinalLink, void> = {}) =>
  useMutation({ ...config, mutationFn: () => getFinalLink(deliveryId) });
