import type {
  CreatorCredentials,
  ForgotPasswordInput,
  LoginReply,
  MessageReply,
  OtpInput,
  RegisterEditorInput,
  ResendOtpInput,
  ResetPasswordInput,
  UpdatePasswordInput,
  UsernameLoginInput,
  User,
  VerifyResetReply,
} from '@cutroom/contracts';
import { api } from '../../../lib/api';

/** The auth calls of SPEC.md §7, exactly as the server names them. */
export const authApi = {
  creatorLogin: (input: CreatorCredentials) => api.post<LoginReply>('/auth/creator/login', input),
  editorLogin: (input: UsernameLoginInput) => api.post<LoginReply>('/auth/editor/login', input),
  adminLogin: (input: UsernameLoginInput) => api.post<LoginReply>('/auth/admin/login', input),
  register: (input: CreatorCredentials) => api.post<MessageReply>('/auth/creator/register', input),
  verifyEmail: (input: OtpInput) => api.post<MessageReply>('/auth/creator/verify', input),
  /** Not in SPEC.md §7: a new sign-up code from the verify page (issue 17). */
  resendVerificationCode: (input: ResendOtpInput) =>
    api.post<MessageReply>('/auth/creator/resend-otp', input),
  forgotPassword: (input: ForgotPasswordInput) => api.post<MessageReply>('/auth/forgot-password', input),
  verifyResetCode: (input: OtpInput) => api.post<VerifyResetReply>('/auth/verify-otp', input),
  resetPassword: (input: ResetPasswordInput) => api.post<MessageReply>('/auth/reset-password', input),
  updatePassword: (input: UpdatePasswordInput) =>
    api.post<MessageReply>('/auth/admin/update-password', input),
  registerEditor: (input: RegisterEditorInput) =>
    api.post<MessageReply & { data: User }>('/auth/admin/register-editor', input),
};
