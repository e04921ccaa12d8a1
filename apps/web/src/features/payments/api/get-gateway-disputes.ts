import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/admin/orders/{orderId}/gateway-disputes: the gateway's disputes (chargebacks) of an order. */
export const getGatewayDisputes = (orderId: string) => paymentsApi.gatewayDisputes(orderId);

export const getGatewayDisputesQueryKey = (orderId: string) =>
  [...paymentsKey, 'gateway-disputes', orderId] as const;

export const getGatewayDisputesQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: getGatewayDisputesQueryKey(orderId),
    queryFn: () => getGatewayDisputes(orderId),
  });

export const useGatewayDisputes = (
  orderId: string,
  config: QueryConfig<typeof getGatewayDisputesQueryOptions> = {},
) => useQuery({ ...getGatewayDisputesQueryOptions(orderId), ...config });
