import type { DeliveriesPage, Delivery, FinalLink } from '@cutroom/contracts/delivery';
import { api } from '../../../lib/api';

/**
 * The delivery calls: the one place they reach the server (tests stub them here). Each call has a file
 * beside this one with its query key, options and hook; sending one is send-delivery.ts (upload progress).
 */
export const deliveryApi = {
  list: (roomId: string, signal?: AbortSignal) =>
    api.get<DeliveriesPage>(`/chat/${encodeURIComponent(roomId)}/deliveries`, { signal }),
  approve: async (id: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/approve`)).data,
  requestChanges: async (id: string, note: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/request-changes`, { note }))
      .data,
  retryPreview: async (id: string) =>
    (await api.post<{ data: Delivery }>(`/deliveries/${encodeURIComponent(id)}/retry-preview`)).data,
  /** An expiring link to the original (the server answers 403 until a payment covers it). */
  finalLink: (id: string) => api.get<FinalLink>(`/deliveries/${encodeURIComponent(id)}/final`),
};
