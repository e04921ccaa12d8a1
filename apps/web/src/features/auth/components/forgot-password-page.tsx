import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Check } from 'lucide-react';
import {
  AUTH_MESSAGES,
  forgotPasswordInputSchema,
  newPasswordFormSchema,
  otpInputSchema,
  type ForgotPasswordInput,
  type NewPasswordForm,
  type OtpInput as OtpFields,
} from '@cutroom/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@cutroom/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Field, Input, FormError } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { AuthCard, authLinkClass } from './auth-card';
import { OtpInput } from './otp-field';
import { PasswordInput } from './password-input';

const STEPS = ['Email', 'Code', 'New password'] as const;

/** /forgot-password: e-mail, then the mailed code, then a new password; then /login (SPEC.md §4). */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [email, setEmail] = useState('');
  // Handed back by the server for the right code; the only thing that allows the reset (kept in memory).
  const [resetToken, setResetToken] = useState('');

  return (
    <AuthCard
      title="Reset your password"
      subtitle={
        step === 1
          ? 'Enter the e-mail of your creator account and we will send you a code.'
          : step === 2
            ? `Enter the 6-digit code we sent to ${email}.`
            : 'Choose a new password.'
      }
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/login" className={authLinkClass}>
            Back to login
          </Link>
        </p>
      }
    >
      <StepIndicator step={step} />
      {step === 1 && (
        <EmailStep
          onSent={(address) => {
            setEmail(address);
            setStep(2);
          }}
        />
      )}
      {step === 2 && (
        <CodeStep
          email={email}
          onVerified={(token) => {
            setResetToken(token);
            setStep(3);
          }}
        />
      )}
      {step === 3 && <NewPasswordStep email={email} resetToken={resetToken} />}
    </AuthCard>
  );
}

function StepIndicator({ step }: { step: number }) {
  return (
    <ol className="mb-6 flex items-center gap-2" aria-label="Progress">
      {STEPS.map((label, i) => {
        const n = i + 1;
        const done = n < step;
        return (
          <li
            key={label}
            aria-current={n === step ? 'step' : undefined}
            className="flex flex-1 items-center gap-2 text-xs font-medium"
          >
            <span
              className={cn(
                'grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold',
                done && 'bg-emerald-600 text-white',
                n === step && 'bg-brand-600 text-white',
                n > step && 'bg-slate-200 text-slate-500',
              )}
            >
              {done ? <Check className="size-3.5" aria-hidden /> : n}
            </span>
            <span className={n === step ? 'text-slate-900' : 'text-slate-500'}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

const useSendCode = (onSent?: (email: string) => void) =>
  useForgotPassword({
    onSuccess: (reply, input) => {
      toast.success(reply.message || AUTH_MESSAGES.otpSent);
      onSent?.(input.email.trim());
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.sendOtpFailed)),
  });

/** The e-mail verifying a sign-up code handed over in router state, if it is one. */
function carriedEmail(state: unknown): string {
  const parsed = forgotPasswordInputSchema.safeParse({ email: (state as { email?: unknown } | null)?.email });
  return parsed.success ? parsed.data.email : '';
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const location = useLocation();
  const form = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: carriedEmail(location.state) },
  });
  const send = useSendCode(onSent);
  const error = form.formState.errors.email?.message;
  return (
    <form
      onSubmit={form.handleSubmit((input) => send.mutate(input))}
      noValidate
      className="space-y-5"
      aria-label="Request a reset code"
    >
      <Field label="Email" error={error}>
        {(id) => (
          <Input
            id={id}
            type="email"
            autoComplete="email"
            aria-invalid={!!error}
            {...form.register('email')}
          />
        )}
      </Field>
      <FormError error={send.error} fallback={AUTH_MESSAGES.sendOtpFailed} />
      <Button type="submit" size="lg" className="w-full" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send OTP'}
      </Button>
    </form>
  );
}

function CodeStep({ email, onVerified }: { email: string; onVerified: (resetToken: string) => void }) {
  const form = useForm<OtpFields>({
    resolver: zodResolver(otpInputSchema),
    defaultValues: { email, otp: '' },
  });
  const verify = useVerifyResetCode({
    onSuccess: (reply) => {
      toast.success(reply.message || AUTH_MESSAGES.otpVerified);
      onVerified(reply.resetToken);
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.invalidOtp)),
  });
  const resend = useSendCode();
  const error = form.formState.errors.otp?.message;
  return (
    <form
      onSubmit={form.handleSubmit((input) => verify.mutate(input))}
      noValidate
      className="space-y-5"
      aria-label="Enter the reset code"
    >
      <input type="hidden" {...form.register('email')} />
      <Field label="Code" error={error}>
        {(id) => <OtpInput id={id} autoFocus aria-invalid={!!error} {...form.register('otp')} />}
      </Field>
      <FormError error={verify.error} fallback={AUTH_MESSAGES.invalidOtp} />
      <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify OTP'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        No mail?{' '}
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline disabled:text-slate-400"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email })}
        >
          {resend.isPending ? 'Sending...' : 'Send a new code'}
        </button>
      </p>
    </form>
  );
}

function NewPasswordStep({ email, resetToken }: { email: string; resetToken: string }) {
  const navigate = useNavigate();
  const form = useForm<NewPasswordForm>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const reset = useResetPassword({
    onSuccess: () => {
      toast.success(AUTH_MESSAGES.passwordReset);
      navigate('/login');
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.resetFailed)),
  });
  return (
    <form
      onSubmit={form.handleSubmit((input) => reset.mutate({ email, resetToken, ...input }))}
      noValidate
      className="space-y-5"
      aria-label="Choose a new password"
    >
      <Field
        label="New password"
        error={errors.newPassword?.message}
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      >
        {(id) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-invalid={!!errors.newPassword}
            {...form.register('newPassword')}
          />
        )}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword?.message}>
        {(id) => (
          <PasswordInput
            id={id}
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        )}
      </Field>
      <FormError error={reset.error} fallback={AUTH_MESSAGES.resetFailed} />
      <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Reset password'}
      </Button>
    </form>
  );
}
