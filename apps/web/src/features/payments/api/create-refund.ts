import { useMutation } from '@tanstack/react-query';
import type { RefundInput } from '@cutroom/contracts/payments';
import type { MutationConfig } from '../../../lib/react-query';
import { paymentsApi } from './payments-api';

/** POST /api/payment/refund/{orderId}: the admin refunds part or all of what remains of a payment. */
export const createRefund = (orderId: string, body: RefundInput) => paymentsApi.refund(orderId, body);

export const useCreateRefund = (
  orderId: string,
  config: MutationConfig<Awaited<ReturnType<typeof createRefund>>, RefundInput> = {},
) => useMutation({ ...config, mutationFn: (body: RefundInput) => createRefund(orderId, body) });
