import type {
  AdminPaymentPage,
  CreatePaymentReply,
  GatewayDisputeList,
  OrderMoney,
  PaymentGatewayInfo,
  PaymentListReply,
  PaymentStatusReply,
  Refund,
  RefundInput,
  TierTitle,
} from '@cutroom/contracts';
import { api } from '../../../lib/api';

export interface RefundsReply {
  orderId: string;
  amount: number;
  refundedAmount: number;
  remainingAmount: number;
  refunds: Refund[];
}

/**
 * The payments calls of SPEC.md §7: the one place they reach the server (tests stub them here). Each call
 * has a file beside this one with its query key, options and hook.
 */
export const paymentsApi = {
  gateway: () => api.get<PaymentGatewayInfo>('/payment/gateway'),
  /** GET /api/users/editors/{id}: missing data means the editor is gone (SPEC.md §7). */
  editorStillExists: async (editorId: string) => {
    const reply = await api.get<{ data?: unknown }>(`/users/editors/${encodeURIComponent(editorId)}`);
    return Boolean(reply?.data);
  },
  create: (editorId: string, tier: TierTitle, body: { phone: string; creatorNote: string }) =>
    api.post<CreatePaymentReply>(`/payment/${encodeURIComponent(editorId)}/${tier}`, body),
  status: (orderId: string) => api.get<PaymentStatusReply>(`/payment/status/${encodeURIComponent(orderId)}`),
  mine: (role: 'creator' | 'editor', before?: string) =>
    api.get<PaymentListReply>(
      `/payment/${role}/me?limit=50${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    ),
  all: (page: number, limit: number) =>
    api.get<AdminPaymentPage>(`/payment/admin?page=${page}&limit=${limit}`),
  refunds: (orderId: string) => api.get<RefundsReply>(`/payment/refund/${encodeURIComponent(orderId)}`),
  /** GET /api/orders/{id}/money: where an order's money goes; `refund` previews one (admins). */
  orderMoney: (orderId: string, refund?: 'full' | number) =>
    api.get<OrderMoney>(
      `/orders/${encodeURIComponent(orderId)}/money${refund === undefined ? '' : `?refund=${refund}`}`,
    ),
  /** GET /api/admin/orders/{id}/gateway-disputes: the gateway's disputes (chargebacks) of our order. */
  gatewayDisputes: (orderId: string) =>
    api.get<GatewayDisputeList>(`/admin/orders/${encodeURIComponent(orderId)}/gateway-disputes`),
  refund: (orderId: string, body: RefundInput) =>
    api.post<{ message: string; refund: Refund; refunds: RefundsReply }>(
      `/payment/refund/${encodeURIComponent(orderId)}`,
      body,
    ),
};

/** The family every payment query is under. */
export const paymentsKey = ['payments'] as const;
