import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  AUTH_MESSAGES,
  registerEditorInputSchema,
  type RegisterEditor,
  type RegisterEditorInput,
} from '@cutroom/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@cutroom/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, FormError } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { PasswordInput, useRegisterEditor } from '../../auth';
import { adminEditorsKey, editorsKey } from '../api/keys';

const empty: RegisterEditorInput = { username: '', password: '', email: '' };

/** register-editor: username, password and an optional (trimmed) e-mail. */
export default function RegisterEditorPage() {
  const queryClient = useQueryClient();
  const form = useForm<RegisterEditorInput, unknown, RegisterEditor>({
    resolver: zodResolver(registerEditorInputSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const registerEditor = useRegisterEditor({
    onSuccess: (reply) => {
      toast.success(reply.message || AUTH_MESSAGES.editorRegistered);
      form.reset(empty);
      // Editor lists (admin and public) now have one more.
      void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
      void queryClient.invalidateQueries({ queryKey: editorsKey });
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.registerEditorFailed)),
  });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Register Editor</h1>
        <p className="mt-1 text-sm text-slate-500">
          The editor signs in at <span className="font-medium text-slate-700">/editor-login</span> with this
          username and password. Then set up their tiers and samples from{' '}
          <Link to="/admin/dashboard/all-editors" className="font-medium text-brand-700 hover:underline">
            All Editors
          </Link>
          .
        </p>
      </div>
      <Card className="max-w-lg p-6 sm:p-8">
        <form
          onSubmit={form.handleSubmit((input) => registerEditor.mutate(input))}
          noValidate
          className="space-y-5"
          aria-label="Register editor"
        >
          <Field label="Username" error={errors.username?.message} hint="Shown to creators on the portfolio.">
            {(id) => (
              <Input
                id={id}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                aria-invalid={!!errors.username}
                {...form.register('username')}
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
          <Field label="Email (optional)" error={errors.email?.message} hint="Never shown to creators.">
            {(id) => (
              <Input
                id={id}
                type="email"
                autoComplete="off"
                aria-invalid={!!errors.email}
                {...form.register('email')}
              />
            )}
          </Field>
          <FormError error={registerEditor.error} fallback={AUTH_MESSAGES.registerEditorFailed} />
          <Button type="submit" disabled={registerEditor.isPending}>
            {registerEditor.isPending ? 'Registering...' : 'Register Editor'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
