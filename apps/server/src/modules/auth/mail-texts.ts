import type { Mail } from '../../lib/mailer';
import { OTP_TTL_MINUTES } from './otp-service';

/** The e-mail that carries a creator's sign-up code. The code is the only 6-digit number in the text. */
export const verificationMail = (to: string, code: string, registeredAgain = false): Mail => ({
  to,
  subject: 'Your Cutroom verification code',
  text: [
    `Your Cutroom verification code is ${code}`,
    '',
    `Enter it on the verification page to activate your account. It expires in ${OTP_TTL_MINUTES} minutes.`,
    ...(registeredAgain ? REGISTERED_AGAIN : []),
    'If you did not sign up for Cutroom, you can ignore this email.',
  ].join('\n'),
});

/** Someone registered this address again before it was verified: it may not have been its owner. */
const REGISTERED_AGAIN = [
  '',
  'This address was just registered again, and it may not have been you. Enter the code only in the',
  'browser you registered in yourself: it activates the password chosen there and no other.',
  '',
];

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

/**
 * Sent instead of a code when someone registers with an address that already has an account: the
 * registration is answered exactly like a new one, so only the owner learns the account exists.
 */
export const registrationNoticeMail = (to: string): Mail => ({
  to,
  subject: 'Someone tried to register with your Cutroom email',
  text: [
    'Someone just tried to create a Cutroom account with this email address, which already has an account.',
    '',
    'If it was you, there is no need to register again: log in or reset your password.',
    'If it was not you, you can ignore this email: nothing about your account has changed.',
  ].join('\n'),
});
