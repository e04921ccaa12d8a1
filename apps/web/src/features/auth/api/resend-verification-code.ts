import { useMutation } from '@tanstack/react-query';
import type { MessageReply, ResendOtpInput } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/**
 * POST /api/auth/creator/resend-otp: a new sign-up code from the verify page (not in SPEC.md §7; issue
 * 17).
 */
export const resendVerificationCode = (input: ResendOtpInput) =>
  api.post<MessageReply>('/auth/creator/resend-otp', input);

export const useResendVerificationCode = (config: MutationConfig<MessageReply, ResendOtpInput> = {}) =>
  useMutation({ ...config, mutationFn: resendVerificationCode });
