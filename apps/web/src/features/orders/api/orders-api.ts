import type {
  AcceptOfferInput,
  AdminCancelInput,
  AdminOrderPage,
  ChatMessage,
  CreateOfferInput,
  CreatePaymentReply,
  ExtensionInput,
  OfferRequestInput,
  Order,
  OrderDetailReply,
  OrderListReply,
  OrderStatus,
  SettlementInput,
} from '@cutroom/contracts';
import { api } from '../../../lib/api';

const id = (v: string) => encodeURIComponent(v);
const query = (params: Record<string, string | number | boolean | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
};

export interface AdminOrderFilters {
  status?: OrderStatus | 'open';
  late?: boolean;
  editorId?: string;
  creatorId?: string;
  q?: string;
  page: number;
  limit?: number;
}

/**
 * Every orders call of the API (docs/api.md, Orders): the one place they reach the server (tests stub
 * them here). Each call has a file beside this one with its query key, options and hook.
 */
export const ordersApi = {
  /**
   * The viewer's own orders, newest first; `roomId` narrows to one chat, `status: 'open'` to work under way.
   */
  mine: (params: { roomId?: string; status?: OrderStatus | 'open'; before?: string; limit?: number } = {}) =>
    api.get<OrderListReply>(`/orders${query(params)}`),
  get: (orderId: string) => api.get<OrderDetailReply>(`/orders/${id(orderId)}`),
  sendOffer: async (roomId: string, body: CreateOfferInput) =>
    (await api.post<{ data: Order }>(`/chat/${id(roomId)}/offers`, body)).data,
  requestOffer: async (roomId: string, body: OfferRequestInput) =>
    (await api.post<{ data: ChatMessage }>(`/chat/${id(roomId)}/offer-requests`, body)).data,
  accept: async (orderId: string, body: AcceptOfferInput) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/accept`, body)).data,
  decline: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/decline`)).data,
  withdraw: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/withdraw`)).data,
  /** Starts (or resumes) the payment of an order: the same reply as SPEC's payment link. */
  pay: (orderId: string, body: { phone: string; creatorNote: string }) =>
    api.post<CreatePaymentReply>(`/orders/${id(orderId)}/pay`, body),
  /** The creator cancels at once: an unpaid order awaiting payment, or a late one (full refund). */
  cancel: async (orderId: string, reason = '') =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/cancel`, { reason })).data,
  requestCancellation: async (orderId: string, reason: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/cancellation`, { reason })).data,
  acceptCancellation: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/cancellation/accept`)).data,
  declineCancellation: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/cancellation/decline`)).data,
  withdrawCancellation: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/cancellation/withdraw`)).data,
  acceptExtraRevision: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/extra-revision`)).data,
  requestExtension: async (orderId: string, body: ExtensionInput) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/extension`, body)).data,
  acceptExtension: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/extension/accept`)).data,
  declineExtension: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/extension/decline`)).data,
  withdrawExtension: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/extension/withdraw`)).data,
  proposeSettlement: async (orderId: string, body: SettlementInput) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/settlement`, body)).data,
  acceptSettlement: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/settlement/accept`)).data,
  declineSettlement: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/settlement/decline`)).data,
  withdrawSettlement: async (orderId: string) =>
    (await api.post<{ data: Order }>(`/orders/${id(orderId)}/settlement/withdraw`)).data,

  adminList: (f: AdminOrderFilters) =>
    api.get<AdminOrderPage>(
      `/admin/orders${query({
        status: f.status,
        late: f.late === undefined ? undefined : f.late,
        editorId: f.editorId,
        creatorId: f.creatorId,
        q: f.q,
        page: f.page,
        limit: f.limit ?? 20,
      })}`,
    ),
  adminGet: (orderId: string) => api.get<OrderDetailReply>(`/admin/orders/${id(orderId)}`),
  adminCancel: async (orderId: string, body: AdminCancelInput) =>
    (await api.post<{ data: Order }>(`/admin/orders/${id(orderId)}/cancel`, body)).data,
};

/** The family every order query is under: invalidating it refreshes every order list and detail. */
export const ordersKey = ['orders'] as const;
