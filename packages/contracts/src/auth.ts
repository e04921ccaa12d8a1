import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './limits';
import { userSchema } from './roles';
import { emailSchema } from './support';
import { userText } from './typed-text';

/** Longest password accepted: argon2 would hash more, but nobody types it and it bounds the work per login. */
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MAX_LENGTH = 50;
export const OTP_LENGTH = 6;
/** DESIGN.md §4: a new code to the same address at most once a minute (the page counts it down). */
export const OTP_RESEND_SECONDS = 60;

/** Texts of SPEC.md §8 (fallbacks and successes) and §5, shared by the server and the pages. */
export const AUTH_MESSAGES = {
  loginSuccessful: 'Login successful',
  creatorLoginFailed: 'Login failed. Try again.',
  loginFailed: 'Login failed',
  registerFailed: 'Something went wrong',
  verifyFailed: 'Invalid OTP or Server Error',
  sendOtpFailed: 'Failed to send OTP',
  invalidOtp: 'Invalid OTP',
  resetFailed: 'Failed to reset password',
  updatePasswordFailed: 'Failed to update password',
  registerEditorFailed: 'Editor registration failed',
  emailVerified: 'Email verified successfully!',
  /** The address was registered more than once, and not in this browser: no password was trusted. */
  emailVerifiedChoosePassword:
    'Email verified. This address was registered more than once, so choose your password with Forgot password.',
  passwordUpdated: 'Password updated successfully',
  otpSent: 'OTP sent to your email',
  otpVerified: 'OTP verified',
  passwordReset: 'Password reset successful, login again',
  passwordsDoNotMatch: 'Passwords do not match',
  editorRegistered: 'Editor registered successfully',
  loggedOut: 'Logged out successfully',
  /** Shown on a login page reached from a protected page, above the form. */
  loginToContinue: 'Please login to continue',
} as const;

export const passwordSchema = (label = 'Password') =>
  userText(label)
    .min(1, `${label} is required`)
    .min(PASSWORD_MIN_LENGTH, `${label} must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `${label} must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const usernameSchema = userText('Username')
  .trim()
  .min(1, 'Username is required')
  .max(USERNAME_MAX_LENGTH, `Username must be at most ${USERNAME_MAX_LENGTH} characters`);

export const otpSchema = z
  .string({ error: 'Please enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Please enter the 6-digit code');

/** POST /api/auth/creator/login and /api/auth/creator/register. */
export const creatorCredentialsSchema = z.object({ email: emailSchema, password: passwordSchema() });
export type CreatorCredentials = z.infer<typeof creatorCredentialsSchema>;
export const creatorLoginInputSchema = creatorCredentialsSchema;
export const creatorRegisterInputSchema = creatorCredentialsSchema;

/** POST /api/auth/editor/login and /api/auth/admin/login. */
export const usernameLoginInputSchema = z.object({ username: usernameSchema, password: passwordSchema() });
export type UsernameLoginInput = z.infer<typeof usernameLoginInputSchema>;

/** POST /api/auth/creator/verify and /api/auth/verify-otp. */
export const otpInputSchema = z.object({ email: emailSchema, otp: otpSchema });
export type OtpInput = z.infer<typeof otpInputSchema>;

/** POST /api/auth/creator/resend-otp: a new sign-up code for an address still waiting to be verified. */
export const resendOtpInputSchema = z.object({ email: emailSchema });
export type ResendOtpInput = z.infer<typeof resendOtpInputSchema>;

/** A refused resend within the minute: `retryAfter` seconds until the next code may go out. */
export const codePauseReplySchema = z.object({
  message: z.string(),
  retryAfter: z.number().int().positive(),
});
export type CodePauseReply = z.infer<typeof codePauseReplySchema>;

/** POST /api/auth/forgot-password. */
export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

const newPasswordFields = {
  newPassword: passwordSchema('New password'),
  confirmPassword: userText('Password confirmation', 'Please confirm the new password'),
};
const passwordsMatch = (v: { newPassword: string; confirmPassword: string }) =>
  v.newPassword === v.confirmPassword;
const mismatch = { message: AUTH_MESSAGES.passwordsDoNotMatch, path: ['confirmPassword'] };

/** Step 3 of /forgot-password and the new-password half of update-password. */
export const newPasswordFormSchema = z.object(newPasswordFields).refine(passwordsMatch, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** The single-use token POST /api/auth/verify-otp hands to the client that entered the right code. */
export const resetTokenSchema = z
  .string({ error: 'Please verify the reset code first' })
  .min(1, 'Please verify the reset code first')
  .max(200, 'Your reset code has expired or was not verified. Please request a new one.');

/** POST /api/auth/verify-otp's reply: the token that alone allows the one password reset. */
export const verifyResetReplySchema = z.object({ message: z.string(), resetToken: z.string() });
export type VerifyResetReply = z.infer<typeof verifyResetReplySchema>;

/**
 * POST /api/auth/reset-password {email, newPassword, confirmPassword, resetToken}: the SPEC's fields plus
 * the token from verify-otp, without which knowing the address would be enough to take the account.
 */
// The mismatch is reported on the whole body (no field prefix in the server's message); the page's
// step-3 form uses newPasswordFormSchema, which puts it under the confirmation field.
export const resetPasswordInputSchema = z
  .object({ email: emailSchema, ...newPasswordFields, resetToken: resetTokenSchema })
  .refine(passwordsMatch, { message: AUTH_MESSAGES.passwordsDoNotMatch });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

const oldPassword = userText('Old password')
  .min(1, 'Old password is required')
  .max(PASSWORD_MAX_LENGTH, 'Old password is incorrect');

/** POST /api/auth/admin/update-password {oldPassword, newPassword}. */
export const updatePasswordInputSchema = z.object({
  oldPassword,
  newPassword: passwordSchema('New password'),
});
export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/** The admin's update-password form: old, new and its confirmation. */
export const updatePasswordFormSchema = z
  .object({ oldPassword, ...newPasswordFields })
  .refine(passwordsMatch, mismatch);
export type UpdatePasswordForm = z.infer<typeof updatePasswordFormSchema>;

/** Optional e-mail, trimmed; an empty field means none. */
const optionalEmailSchema = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.email('Please enter a valid email address').optional());

/** POST /api/auth/admin/register-editor {username, password, email?}. */
export const registerEditorInputSchema = z.object({
  username: usernameSchema,
  password: passwordSchema(),
  email: optionalEmailSchema,
});
export type RegisterEditorInput = z.input<typeof registerEditorInputSchema>;
export type RegisterEditor = z.output<typeof registerEditorInputSchema>;

export const messageReplySchema = z.object({ message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

/** Every login's reply: the token is also set as an HttpOnly cookie. */
export const loginReplySchema = z.object({ message: z.string(), user: userSchema, token: z.string() });
export type LoginReply = z.infer<typeof loginReplySchema>;

export const meReplySchema = z.object({ user: userSchema });
export type MeReply = z.infer<typeof meReplySchema>;

/** Where each role lands after logging in (SPEC.md §4). */
export const HOME_BY_ROLE = { creator: '/', editor: '/chat', admin: '/admin/dashboard' } as const;
