import { useMutation } from '@tanstack/react-query';
import type { MessageReply, ResetPasswordInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/reset-password: the new password, with the reset token. */
export const resetPassword = (input: ResetPasswordInput) =>
  api.post<MessageReply>('/auth/reset-password', input);

export const useResetPassword = (config: MutationConfig<MessageReply, ResetPasswordInput> = {}) =>
  useMutation({ ...config, mutationFn: resetPassword });
