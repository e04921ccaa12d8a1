import { useMutation } from '@tanstack/react-query';
import type { AdminCancelInput, Order } from '@cutroom/contracts/orders';
import type { MutationConfig } from '../../../lib/react-query';
import { ordersApi } from './orders-api';

/** POST /api/admin/orders/{orderId}/cancel: an admin cancels an order, choosing the refund. */
export const adminCancelOrder = (orderId: string, body: AdminCancelInput) =>
  ordersApi.adminCancel(orderId, body);

export const useAdminCancelOrder = (orderId: string, config: MutationConfig<Order, AdminCancelInput> = {}) =>
  useMutation({ ...config, mutationFn: (body: AdminCancelInput) => adminCancelOrder(orderId, body) });
