import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MailCheck } from 'lucide-react';
import { AUTH_MESSAGES, otpInputSchema, type OtpInput as OtpFields } from '@cutroom/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Field, Input, FormError } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard, authLinkClass } from './auth-card';
import { useNextPath, withNext } from '../../../lib/auth/next-path';
import { OtpInput } from './otp-field';
import { ResendCodeButton } from './resend-code';

/**
 * /verify-otp?email=: the creator enters the mailed code (or asks for a new one), then logs in with the
 * address already filled in and, when they came from a page that needed a login, returns there.
 */
export default function VerifyOtpPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const next = useNextPath();
  const givenEmail = params.get('email')?.trim() ?? '';
  const form = useForm<OtpFields>({
    resolver: zodResolver(otpInputSchema),
    defaultValues: { email: givenEmail, otp: '' },
  });
  const { errors } = form.formState;
  const verify = useVerifyEmail({
    onSuccess: (reply, input) => {
      // In router state, not the address bar: the next form shows it, nothing else keeps it.
      const state = { email: input.email.trim() };
      if (reply.message === AUTH_MESSAGES.emailVerifiedChoosePassword) {
        // Registered more than once, and not in this browser: no password was kept, the owner picks one.
        toast.success(reply.message);
        navigate('/forgot-password', { state });
        return;
      }
      toast.success(AUTH_MESSAGES.emailVerified);
      navigate(withNext('/login', next), { state });
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.verifyFailed)),
  });

  // The address a new code goes to: the link's, or the field's once it is a valid address.
  const resendTo = async () => ((await form.trigger('email')) ? form.getValues('email').trim() : null);

  return (
    <AuthCard
      badge={
        <span className="mb-4 grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-600">
          <MailCheck className="size-5" aria-hidden />
        </span>
      }
      title="Verify your email"
      subtitle={
        givenEmail ? (
          <>
            We sent a 6-digit code to <strong className="text-slate-900">{givenEmail}</strong>. It is valid
            for 10 minutes.
          </>
        ) : (
          'Enter your e-mail and the 6-digit code we sent you.'
        )
      }
      footer={
        <p>
          Wrong address?{' '}
          <Link to={withNext('/register', next)} className={authLinkClass}>
            Register again
          </Link>{' '}
          or{' '}
          <Link to={withNext('/login', next)} className={authLinkClass}>
            log in
          </Link>
          .
        </p>
      }
    >
      <form
        onSubmit={form.handleSubmit((input) => verify.mutate(input))}
        noValidate
        className="space-y-5"
        aria-label="Verify email"
      >
        {/* The address comes from the link; it is editable only when the link did not carry one. */}
        {givenEmail ? (
          <input type="hidden" {...form.register('email')} />
        ) : (
          <Field label="Email" error={errors.email?.message}>
            {(id) => (
              <Input
                id={id}
                type="email"
                autoComplete="email"
                aria-invalid={!!errors.email}
                {...form.register('email')}
              />
            )}
          </Field>
        )}
        <Field
          label="Verification code"
          error={errors.otp?.message ?? (givenEmail ? errors.email?.message : undefined)}
        >
          {(id) => <OtpInput id={id} aria-invalid={!!errors.otp} autoFocus {...form.register('otp')} />}
        </Field>
        <FormError error={verify.error} fallback={AUTH_MESSAGES.verifyFailed} />
        <Button type="submit" size="lg" className="w-full" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify'}
        </Button>
      </form>
      <div className="mt-5 space-y-2 text-center">
        <p className="text-sm text-slate-600">Didn&apos;t get the code, or it expired?</p>
        <ResendCodeButton email={resendTo} routerState={location.state} />
      </div>
    </AuthCard>
  );
}
