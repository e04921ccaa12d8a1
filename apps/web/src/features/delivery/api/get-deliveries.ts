import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { deliveryApi } from './delivery-api';

/** GET /api/chat/{roomId}/deliveries: a room's deliveries, newest first. */
export const getDeliveries = (roomId: string, signal?: AbortSignal) => deliveryApi.list(roomId, signal);

export const getDeliveriesQueryKey = (roomId: string) => ['deliveries', roomId] as const;

export const getDeliveriesQueryOptions = (roomId: string) =>
  queryOptions({
    queryKey: getDeliveriesQueryKey(roomId),
    queryFn: ({ signal }) => getDeliveries(roomId, signal),
  });

export const useDeliveriesQuery = (
  roomId: string,
  config: QueryConfig<typeof getDeliveriesQueryOptions> = {},
) => useQuery({ ...getDeliveriesQueryOptions(roomId), ...config });
