import type { MessagesPage } from '@cutroom/contracts/chat';
import type {
  AdminDisputePage,
  AdminDisputeRow,
  AnswerDisputeInput,
  DecideDisputeInput,
  Dispute,
  OpenDisputeInput,
} from '@cutroom/contracts/disputes';
import { api } from '../../../lib/api';
import { fetchDownload } from '../../../lib/download';
import { postFormWithProgress } from '../../../lib/upload';

const id = (v: string) => encodeURIComponent(v);

/**
 * Every disputes call of the API: the one place they reach the server (tests stub them here). Each call
 * has a file beside this one with its query key, options and hook.
 */
export const disputesApi = {
  open: async (orderId: string, body: OpenDisputeInput) =>
    (await api.post<{ data: Dispute }>(`/orders/${id(orderId)}/dispute`, body)).data,
  /** The order's disputes, newest first (its two sides and admins). */
  ofOrder: (orderId: string, signal?: AbortSignal) =>
    api.get<{ data: Dispute[] }>(`/orders/${id(orderId)}/disputes`, { signal }),
  answer: async (disputeId: string, body: AnswerDisputeInput) =>
    (await api.post<{ data: Dispute }>(`/disputes/${id(disputeId)}/answer`, body)).data,
  escalate: async (disputeId: string) =>
    (await api.post<{ data: Dispute }>(`/disputes/${id(disputeId)}/escalate`)).data,
  withdraw: async (disputeId: string) =>
    (await api.post<{ data: Dispute }>(`/disputes/${id(disputeId)}/withdraw`)).data,
  /** One evidence file, as multipart, with upload progress (0–1). */
  attach: (disputeId: string, form: FormData, onProgress: (f: number) => void, signal?: AbortSignal) =>
    postFormWithProgress<Dispute>(`/disputes/${id(disputeId)}/evidence`, form, onProgress, signal),
  /** An evidence file's exact bytes (the two sides and admins). */
  file: (disputeId: string, evidenceId: string) =>
    fetchDownload(`/disputes/${id(disputeId)}/evidence/${id(evidenceId)}/file`),
  /** A room's messages, oldest to newest: the newest page, or the page before a message (members, admins). */
  roomMessages: (roomId: string, opts: { before?: string; limit: number }, signal?: AbortSignal) => {
    const q = new URLSearchParams({ limit: String(opts.limit) });
    if (opts.before) q.set('before', opts.before);
    return api.get<MessagesPage>(`/chat/${id(roomId)}/messages?${q}`, { signal });
  },

  adminList: (params: { status: 'open' | 'closed'; page: number; limit: number }, signal?: AbortSignal) =>
    api.get<AdminDisputePage>(
      `/admin/disputes?status=${params.status}&page=${params.page}&limit=${params.limit}`,
      { signal },
    ),
  adminGet: (disputeId: string, signal?: AbortSignal) =>
    api.get<{ data: AdminDisputeRow }>(`/admin/disputes/${id(disputeId)}`, { signal }),
  decide: async (disputeId: string, body: DecideDisputeInput) =>
    (await api.post<{ data: Dispute }>(`/admin/disputes/${id(disputeId)}/decide`, body)).data,
};

/** The family every dispute query is under: invalidating it refreshes every dispute on screen. */
export const disputesKey = ['disputes'] as const;
