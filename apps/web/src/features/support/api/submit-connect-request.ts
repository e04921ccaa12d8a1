import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConnectRequestInput } from '@cutroom/contracts/support';
import { api } from '../../../lib/api';
import { supportTicketsKey } from './keys';
import type { SubmittedTicket } from './submit-support-ticket';

/** POST /api/public/connect: the home page's connect form, filed as a ticket the admins see. */
export const submitConnectRequest = (input: ConnectRequestInput) =>
  api.post<SubmittedTicket>('/public/connect', input);

export function useSubmitConnectRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitConnectRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: supportTicketsKey }),
  });
}
