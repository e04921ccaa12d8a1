import { useMutation } from '@tanstack/react-query';
import type { OtpInput, VerifyResetReply } from '@cutroom/contracts';
import { api } from '../../../lib/api';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/auth/verify-otp: the reset code, exchanged for a reset token. */
export const verifyResetCode = (input: OtpInput) => api.post<VerifyResetReply>('/auth/verify-otp', input);

export const useVerifyResetCode = (config: MutationConfig<VerifyResetReply, OtpInput> = {}) =>
  useMutation({ ...config, mutationFn: verifyResetCode });
