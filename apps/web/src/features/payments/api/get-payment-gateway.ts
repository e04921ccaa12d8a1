import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryConfig } from '../../../lib/react-query';
import { paymentsApi, paymentsKey } from './payments-api';

/** GET /api/payment/gateway: which gateway takes payments (Cashfree or the simulator) and its mode. */
export const getPaymentGateway = () => paymentsApi.gateway();

export const getPaymentGatewayQueryKey = () => [...paymentsKey, 'gateway'] as const;

export const getPaymentGatewayQueryOptions = () =>
  queryOptions({ queryKey: getPaymentGatewayQueryKey(), queryFn: () => getPaymentGateway() });

export const usePaymentGateway = (config: QueryConfig<typeof getPaymentGatewayQueryOptions> = {}) =>
  useQuery({ ...getPaymentGatewayQueryOptions(), ...config });
