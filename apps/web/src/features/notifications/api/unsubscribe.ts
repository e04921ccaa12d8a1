import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /api/notifications/unsubscribe: the link of a mail, no login needed. */
export const unsubscribe = (token: string) =>
  api.post<{ message: string }>('/notifications/unsubscribe', { token });

export const useUnsubscribe = (token: string) => useMutation({ mutationFn: () => unsubscribe(token) });
