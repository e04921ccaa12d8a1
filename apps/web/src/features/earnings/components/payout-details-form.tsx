import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { TriangleAlert } from 'lucide-react';
import type { PayoutDetails, PayoutMethod } from '@cutroom/contracts/payouts';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api';
import { useSavePayoutDetails, type SavePayoutDetailsReply } from '../api/save-payout-details';
import {
  EMPTY_PAYOUT_FORM,
  PAYOUT_FIELDS,
  payoutFormSchema,
  serverFieldErrors,
  type PayoutFormValues,
} from '../utils/payout-form-schema';

const METHODS: { value: PayoutMethod; label: string; hint: string }[] = [
  { value: 'bank', label: 'Bank account', hint: 'Account number and IFSC of an Indian bank account.' },
  { value: 'upi', label: 'UPI id', hint: 'Like name@okicici; the account holder must match the UPI name.' },
];

export const SAVE_FAILED = 'Your payout details could not be saved. Please try again.';

/**
 * Bank account or UPI id for payouts. Checked with the contract's schema before it is sent; the numbers
 * leave the page once saved (the form is emptied and the mutation forgotten): only the server's masked
 * account is shown from then on. `changing` says details exist already, so saving holds payouts.
 */
export function PayoutDetailsForm({
  changing,
  onSaved,
  onCancel,
}: {
  changing: boolean;
  onSaved: (reply: SavePayoutDetailsReply) => void;
  onCancel?: () => void;
}) {
  const form = useForm<PayoutFormValues, unknown, PayoutDetails>({
    resolver: zodResolver(payoutFormSchema),
    defaultValues: EMPTY_PAYOUT_FORM,
  });
  const { errors } = form.formState;
  const method = form.watch('method');
  const save = useSavePayoutDetails();
  const [serverError, setServerError] = useState<string | null>(null);
  const pending = save.isPending;

  const submit = form.handleSubmit((details) => {
    setServerError(null);
    save.mutate(details, {
      onSuccess: (reply) => {
        form.reset(EMPTY_PAYOUT_FORM);
        // The mutation keeps what was sent as its `variables`: forget it too.
        save.reset();
        toast.success(reply.message);
        onSaved(reply);
      },
      onError: (err) => {
        const fields = serverFieldErrors(err);
        const named = PAYOUT_FIELDS.filter((f) => fields[f]);
        for (const f of named) form.setError(f, { message: fields[f] });
        if (named.length === 0) setServerError(errorMessage(err, SAVE_FAILED));
      },
    });
  });

  const cancel = () => {
    form.reset(EMPTY_PAYOUT_FORM);
    onCancel?.();
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Payout details" className="space-y-5">
      {changing && (
        <p className="flex gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-600/20">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            Changing your payout details holds your payouts for 24 hours, and we e-mail you a security notice.
            Your current details stay in use until you save new ones.
          </span>
        </p>
      )}
      {/* A disabled fieldset keeps every field and button still while the details are being saved. */}
      <fieldset disabled={pending} className="space-y-5">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Paid to</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {METHODS.map((m) => (
              <label
                key={m.value}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500"
              >
                <input
                  type="radio"
                  value={m.value}
                  className="mt-0.5 size-4 accent-brand-600"
                  {...form.register('method', { onChange: () => form.clearErrors() })}
                />
                <span>
                  <span className="block text-sm font-semibold text-slate-900">{m.label}</span>
                  <span className="block text-xs text-slate-500">{m.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Field
          label="Account holder name"
          error={errors.accountHolder?.message}
          hint="As the bank or UPI app shows it."
        >
          {(id) => (
            <Input
              id={id}
              autoComplete="name"
              maxLength={100}
              aria-invalid={!!errors.accountHolder}
              {...form.register('accountHolder')}
            />
          )}
        </Field>

        <Field
          label="Mobile number"
          error={errors.phone?.message}
          hint="10 digits. The payment gateway asks for it with every payout account."
        >
          {(id) => (
            <Input
              id={id}
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={20}
              aria-invalid={!!errors.phone}
              {...form.register('phone')}
            />
          )}
        </Field>

        {method === 'bank' ? (
          <>
            <Field label="Account number" error={errors.accountNumber?.message} hint="9 to 18 digits.">
              {(id) => (
                <Input
                  id={id}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  aria-invalid={!!errors.accountNumber}
                  {...form.register('accountNumber')}
                />
              )}
            </Field>
            <Field label="Confirm account number" error={errors.confirmAccountNumber?.message}>
              {(id) => (
                <Input
                  id={id}
                  inputMode="numeric"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={40}
                  aria-invalid={!!errors.confirmAccountNumber}
                  {...form.register('confirmAccountNumber')}
                />
              )}
            </Field>
            <Field label="IFSC" error={errors.ifsc?.message} hint="11 characters, like HDFC0001234.">
              {(id) => (
                <Input
                  id={id}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={20}
                  className="uppercase"
                  aria-invalid={!!errors.ifsc}
                  {...form.register('ifsc')}
                />
              )}
            </Field>
          </>
        ) : (
          <Field label="UPI id" error={errors.vpa?.message} hint="Like name@okicici.">
            {(id) => (
              <Input
                id={id}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={100}
                aria-invalid={!!errors.vpa}
                {...form.register('vpa')}
              />
            )}
          </Field>
        )}

        {serverError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
            {serverError}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button variant="secondary" onClick={cancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Saving...' : 'Save payout details'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
