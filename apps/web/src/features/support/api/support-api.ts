import type { ConnectRequestInput, SupportTicket, SupportTicketInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';

export interface SubmittedTicket {
  message: string;
  data: SupportTicket;
}

/** POST /api/public/support (SPEC.md §7). */
export const submitSupportTicket = (input: SupportTicketInput) =>
  api.post<SubmittedTicket>('/public/support', input);

/** POST /api/public/connect: the home page's connect form, filed as a ticket the admins see. */
export const submitConnectRequest = (input: ConnectRequestInput) =>
  api.post<SubmittedTicket>('/public/connect', input);
