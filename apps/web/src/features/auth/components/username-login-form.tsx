import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AUTH_MESSAGES,
  usernameLoginInputSchema,
  type LoginReply,
  type UsernameLoginInput,
} from '@cutroom/contracts/auth';
import { Button } from '../../../components/ui/button';
import { Field, Input, FormError } from '../../../components/ui/input';
import { PasswordInput } from './password-input';
import { SignedInRedirect } from '../../../lib/auth/signed-in-redirect';
import { useLogin } from '../hooks/use-login';

/** Username and password, as editors and admins sign in; 'Login failed' when the server gives no reason. */
export function UsernameLoginForm(props: {
  call: (input: UsernameLoginInput) => Promise<LoginReply>;
  label: string;
}) {
  const form = useForm<UsernameLoginInput>({
    resolver: zodResolver(usernameLoginInputSchema),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const login = useLogin(props.call, AUTH_MESSAGES.loginFailed);

  return (
    <>
      <SignedInRedirect />
      <form
        onSubmit={form.handleSubmit((input) => login.mutate(input))}
        noValidate
        className="space-y-5"
        aria-label={props.label}
      >
        <Field label="Username" error={errors.username?.message}>
          {(id) => (
            <Input
              id={id}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              aria-invalid={!!errors.username}
              {...form.register('username')}
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
        <FormError error={login.error} fallback={AUTH_MESSAGES.loginFailed} />
        <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
          {login.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
    </>
  );
}
