import { useMutation } from '@tanstack/react-query';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { MutationConfig } from '../../../lib/react-query';
import { deliveryApi } from './delivery-api';

/** POST /api/deliveries/{id}/retry-preview: the editor asks for a failed preview to be made again. */
export const retryPreview = (deliveryId: string) => deliveryApi.retryPreview(deliveryId);

export const useRetryPreview = (deliveryId: string, config: MutationConfig<Delivery, void> = {}) =>
  useMutation({ ...config, mutationFn: () => retryPreview(deliveryId) });
