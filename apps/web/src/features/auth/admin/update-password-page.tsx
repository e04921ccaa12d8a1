import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { AUTH_MESSAGES, updatePasswordFormSchema, type UpdatePasswordForm } from '@cutroom/contracts/auth';
import { PASSWORD_MIN_LENGTH } from '@cutroom/contracts/limits';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, FormError } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useUpdatePassword } from '../api/update-password';
import { PasswordInput } from '../components/password-input';

const empty: UpdatePasswordForm = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** update-password: the admin's own password; other sessions of this admin end on success. */
export default function UpdatePasswordPage() {
  const form = useForm<UpdatePasswordForm>({
    resolver: zodResolver(updatePasswordFormSchema),
    defaultValues: empty,
  });
  const { errors } = form.formState;
  const update = useUpdatePassword({
    onSuccess: () => {
      toast.success(AUTH_MESSAGES.passwordUpdated);
      form.reset(empty);
    },
    onError: (err) => toast.error(errorMessage(err, AUTH_MESSAGES.updatePasswordFailed)),
  });

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Update Password</h1>
        <p className="mt-1 text-sm text-slate-500">
          Your other signed-in devices are signed out when the password changes.
        </p>
      </div>
      <Card className="max-w-lg p-6 sm:p-8">
        <form
          onSubmit={form.handleSubmit(({ oldPassword, newPassword }) =>
            update.mutate({ oldPassword, newPassword }),
          )}
          noValidate
          className="space-y-5"
          aria-label="Update password"
        >
          <Field label="Old password" error={errors.oldPassword?.message}>
            {(id) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                aria-invalid={!!errors.oldPassword}
                {...form.register('oldPassword')}
              />
            )}
          </Field>
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
          <FormError error={update.error} fallback={AUTH_MESSAGES.updatePasswordFailed} />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Password'}
          </Button>
        </form>
      </Card>
    </div>
  );
}
