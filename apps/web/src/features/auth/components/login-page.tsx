import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AUTH_MESSAGES, creatorLoginInputSchema, type CreatorCredentials } from '@cutroom/contracts/auth';
import { emailSchema } from '@cutroom/contracts/support';
import { Button } from '../../../components/ui/button';
import { Field, Input, FormError } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api';
import { creatorLogin } from '../api/creator-login';
import { AuthCard, authLinkClass } from './auth-card';
import { useNextPath, withNext } from '../../../lib/auth/next-path';
import { PasswordInput } from './password-input';
import { SignedInRedirect } from '../../../lib/auth/signed-in-redirect';
import { useLogin } from '../hooks/use-login';

/** The e-mail a previous step (verifying the code) handed over in router state, if it is one. */
function carriedEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  const parsed = emailSchema.safeParse(email);
  return parsed.success ? parsed.data : '';
}

/** /login: creators sign in with e-mail and password. */
export default function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const next = useNextPath();
  const givenEmail = carriedEmail(location.state);
  const form = useForm<CreatorCredentials>({
    resolver: zodResolver(creatorLoginInputSchema),
    defaultValues: { email: givenEmail, password: '' },
  });
  const { errors } = form.formState;
  const login = useLogin(creatorLogin, AUTH_MESSAGES.creatorLoginFailed, (err, input) => {
    // The right password on an address not yet verified: the server has a code waiting; go enter it.
    if (err instanceof ApiError && err.status === 403) {
      toast.info(err.message);
      navigate(withNext(`/verify-otp?email=${encodeURIComponent(input.email.trim())}`, next));
      return true;
    }
  });

  // Arriving with the address filled in, the password is what is left to type.
  useEffect(() => {
    if (givenEmail) form.setFocus('password');
  }, [givenEmail, form]);

  return (
    <AuthCard
      notice={next ? AUTH_MESSAGES.loginToContinue : undefined}
      title="Welcome back"
      subtitle="Log in to chat with editors, pay securely and get your final cut."
      footer={
        <>
          <p>
            New to Cutroom?{' '}
            <Link to={withNext('/register', next)} className={authLinkClass}>
              Create an account
            </Link>
          </p>
          <p>
            Are you an editor?{' '}
            <Link to={withNext('/editor-login', next)} className={authLinkClass}>
              Editor login
            </Link>
          </p>
        </>
      }
    >
      <SignedInRedirect />
      <form
        onSubmit={form.handleSubmit((input) => login.mutate(input))}
        noValidate
        className="space-y-5"
        aria-label="Login"
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
        <Field label="Password" error={errors.password?.message}>
          {(id) => (
            <PasswordInput
              id={id}
              autoComplete="current-password"
              aria-invalid={!!errors.password}
              {...form.register('password')}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Link to="/forgot-password" className="text-sm font-medium text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <FormError error={login.error} fallback={AUTH_MESSAGES.creatorLoginFailed} />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </AuthCard>
  );
}
