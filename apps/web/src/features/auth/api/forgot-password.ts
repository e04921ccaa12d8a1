import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput, MessageReply } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/forgot-password: a reset code is e-mailed. */
export const forgotPassword = (input: ForgotPasswordInput) =>
  api.post<MessageReply>('/auth/forgot-password', input);

export const useForgotPassword = (config: MutationConfig<MessageReply, ForgotPasswordInput> = {}) =>
  useMutation({ ...config, mutationFn: forgotPassword });
