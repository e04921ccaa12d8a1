import { useMutation } from '@tanstack/react-query';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { MutationConfig } from '../../../lib/react-query';
import { deliveryApi } from './delivery-api';

/** POST /api/deliveries/{id}/approve: the creator approves a delivery (the order completes). */
export const approveDelivery = (deliveryId: string) => deliveryApi.approve(deliveryId);

export const useApproveDelivery = (deliveryId: string, config: MutationConfig<Delivery, void> = {}) =>
  useMutation({ ...config, mutationFn: () => approveDelivery(deliveryId) });
