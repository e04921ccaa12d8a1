import { useMutation } from '@tanstack/react-query';
import type { MessageReply, OtpInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/creator/verify: the sign-up code from the e-mail. */
export const verifyEmail = (input: OtpInput) => api.post<MessageReply>('/auth/creator/verify', input);

export const useVerifyEmail = (config: MutationConfig<MessageReply, OtpInput> = {}) =>
  useMutation({ ...config, mutationFn: verifyEmail });
