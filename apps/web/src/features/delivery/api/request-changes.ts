import { useMutation } from '@tanstack/react-query';
import type { Delivery } from '@cutroom/contracts/delivery';
import type { MutationConfig } from '../../../lib/react-query';
import { deliveryApi } from './delivery-api';

/** POST /api/deliveries/{id}/request-changes: the creator asks for changes (one of the revisions). */
export const requestChanges = (deliveryId: string, note: string) =>
  deliveryApi.requestChanges(deliveryId, note);

export const useRequestChanges = (deliveryId: string, config: MutationConfig<Delivery, string> = {}) =>
  useMutation({ ...config, mutationFn: (note: string) => requestChanges(deliveryId, note) });
