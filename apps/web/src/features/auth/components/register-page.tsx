import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { UserRoundCheck } from 'lucide-react';
import { AUTH_MESSAGES, creatorRegisterInputSchema, type CreatorCredentials } from '@cutroom/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@cutroom/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Field, Input, FormError } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useRegisterCreator } from '../api/register-creator';
import { AuthCard, authLinkClass } from './auth-card';
import { useNextPath, withNext } from '../../../lib/auth/next-path';
import { PasswordInput } from './password-input';
import { codeSentState } from './resend-code';
import { SignedInRedirect } from '../../../lib/auth/signed-in-redirect';

/**
 * /register: a creator gives an e-mail and a password, then enters the mailed code at /verify-otp. A
 * `next` from the login page travels along, so the login after verifying still returns there.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const next = useNextPath();
  const form = useForm<CreatorCredentials>({
    resolver: zodResolver(creatorRegisterInputSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const register = useRegisterCreator({
    onSuccess: (reply, input) => {
      toast.success(reply.message || AUTH_MESSAGES.otpSent);
      navigate(withNext(`/verify-otp?email=${encodeURIComponent(input.email.trim())}`, next), {
        state: codeSentState(),
      });
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.registerFailed)),
  });

  return (
    <AuthCard
      title="Create your creator account"
      subtitle="Editors only ever see an anonymous handle, never your e-mail."
      footer={
        <p>
          Already have an account?{' '}
          <Link to={withNext('/login', next)} className={authLinkClass}>
            Login
          </Link>
        </p>
      }
    >
      <SignedInRedirect />
      <form
        onSubmit={form.handleSubmit((input) => register.mutate(input))}
        noValidate
        className="space-y-5"
        aria-label="Register"
      >
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
        <Field
          label="Password"
          error={errors.password?.message}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
        >
          {(id) => (
            <PasswordInput
              id={id}
              autoComplete="new-password"
              aria-invalid={!!errors.password}
              {...form.register('password')}
            />
          )}
        </Field>
        <FormError error={register.error} fallback={AUTH_MESSAGES.registerFailed} />
        <Button type="submit" size="lg" className="w-full" disabled={register.isPending}>
          <UserRoundCheck className="size-4" aria-hidden />
          {register.isPending ? 'Creating account...' : 'Register'}
        </Button>
        <p className="text-center text-xs text-slate-500">
          By registering you agree to the{' '}
          <Link to="/terms" className="underline underline-offset-2">
            terms
          </Link>
          .
        </p>
      </form>
    </AuthCard>
  );
}
