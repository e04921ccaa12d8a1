import { useMutation } from '@tanstack/react-query';
import type { MessageReply, UpdatePasswordInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/admin/update-password: the signed-in admin's new password. */
export const updatePassword = (input: UpdatePasswordInput) =>
  api.post<MessageReply>('/auth/admin/update-password', input);

export const useUpdatePassword = (config: MutationConfig<MessageReply, UpdatePasswordInput> = {}) =>
  useMutation({ ...config, mutationFn: updatePassword });
