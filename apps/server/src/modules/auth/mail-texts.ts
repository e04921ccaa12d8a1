import type { Mail } from '../../lib/mailer';
import { OTP_TTL_MINUTES } from './otp-service';

/** The e-mail that carries a creator's sign-up code. The code is the only 6-digit number in the text. */
export const verificationMail = (to: string, code: string): Mail => ({
  to,
  subject: 'Your Cutroom verification code',
  text: [
    `Your Cutroom verification code is ${code}`,
    '',
    `Enter it on the verification page to activate your account. It expires in ${OTP_TTL_MINUTES} minutes.`,
    'If you did not sign up for Cutroom, you can ignore this email.',
  ].join('\n'),
});

/** The e-mail that carries a password-reset code. */
export const passwordResetMail = (to: string, code: string): Mail => ({
  to,
  subject: 'Your Cutroom password reset code',
  text: [
    `Your Cutroom password reset code is ${code}`,
    '',
    `Enter it on the password reset page. It expires in ${OTP_TTL_MINUTES} minutes.`,
    'If you did not ask to reset your password, you can ignore this email: your password stays as it is.',
  ].join('\n'),
});
