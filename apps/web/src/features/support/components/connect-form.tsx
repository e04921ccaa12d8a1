import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type DefaultValues, type UseFormReturn } from 'react-hook-form';
import {
  CONNECT_ROLES,
  SUPPORT_MESSAGES,
  connectRequestInputSchema,
  type ConnectRequestInput,
} from '@cutroom/contracts/support';
import { PHONE_INPUT_MAX } from '@cutroom/contracts/phone';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSubmitConnectRequest } from '../api/submit-connect-request';
import { SubmitFeedback } from './submit-feedback';

const roleHints: Record<(typeof CONNECT_ROLES)[number], string> = {
  Editor: 'I edit videos and want to join',
  Creator: 'I make content and need an editor',
};

/** An empty number box means "not given", not zero. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const emptyForm: DefaultValues<ConnectRequestInput> = { name: '', email: '', phone: '' };

/**
 * The form's state lives with the dialog rather than inside it, so closing the dialog by accident
 * does not throw away what the visitor typed.
 */
export function useConnectForm() {
  const form = useForm<ConnectRequestInput>({
    resolver: zodResolver(connectRequestInputSchema),
    defaultValues: emptyForm,
  });
  const submission = useSubmitConnectRequest();
  /** After a finished submission the next opening starts with an empty form. */
  const startOver = () => {
    if (!submission.isSuccess) return;
    form.reset(emptyForm);
    submission.reset();
  };
  return { form, submission, startOver };
}

export function ConnectForm({
  form,
  submission,
  onDone,
}: {
  form: UseFormReturn<ConnectRequestInput>;
  submission: ReturnType<typeof useSubmitConnectRequest>;
  onDone: () => void;
}) {
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  if (submission.isSuccess) {
    return (
      <div className="space-y-5">
        <SubmitFeedback success={SUPPORT_MESSAGES.submitted} />
        <p className="text-sm text-slate-600">
          Thanks, {submission.variables?.name}. The Cutroom team will reach out to you shortly.
        </p>
        <Button className="w-full" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }

  const onSubmit = form.handleSubmit((input) => submission.mutate(input));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Connect with Cutroom">
      <Field label="Name" error={errors.name?.message}>
        {(id) => (
          <Input id={id} autoComplete="name" aria-invalid={!!errors.name} {...form.register('name')} />
        )}
      </Field>
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
        label="Phone"
        hint="Indian number, e.g. 98765 43210 or +91 98765 43210"
        error={errors.phone?.message}
      >
        {(id) => (
          <Input
            id={id}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX}
            aria-invalid={!!errors.phone}
            {...form.register('phone')}
          />
        )}
      </Field>

      <fieldset>
        <legend className="text-sm font-medium text-slate-700">I am joining as</legend>
        <div className="mt-1.5 grid grid-cols-2 gap-3">
          {CONNECT_ROLES.map((value) => (
            <label
              key={value}
              className={cn(
                'flex cursor-pointer flex-col rounded-xl border px-4 py-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                role === value
                  ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                  : 'border-slate-300 hover:border-slate-400',
              )}
            >
              <span className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <input
                  type="radio"
                  value={value}
                  className="size-4 accent-brand-600"
                  {...form.register('role')}
                />
                {value}
              </span>
              <span className="mt-1 text-xs text-slate-500">{roleHints[value]}</span>
            </label>
          ))}
        </div>
        {errors.role && (
          <p role="alert" className="mt-1.5 text-xs font-medium text-red-600">
            {errors.role.message}
          </p>
        )}
      </fieldset>

      {role === 'Creator' && (
        <Field
          label="Follower count (optional)"
          hint="Across your main platform"
          error={errors.followerCount?.message}
        >
          {(id) => (
            <Input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              aria-invalid={!!errors.followerCount}
              // Dropped again when the visitor switches to Editor: editors have no follower count.
              {...form.register('followerCount', { setValueAs: blankToUndefined, shouldUnregister: true })}
            />
          )}
        </Field>
      )}

      <div aria-live="polite">
        <SubmitFeedback
          error={submission.isError ? errorMessage(submission.error, SUPPORT_MESSAGES.failed) : undefined}
        />
      </div>

      <Button type="submit" size="lg" className="w-full" disabled={submission.isPending}>
        {submission.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
