import { useId, useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { toast } from 'sonner';
import {
  TAX_PROFILE_STATES,
  TAX_ENTITY_LABELS,
  TAX_ENTITY_TYPES,
  type TaxProfile,
  type TaxProfileValues,
} from '@cutroom/contracts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../../lib/api';
import { useSaveTaxProfile, type SaveTaxProfileReply } from '../api/save-tax-profile';
import {
  NOTHING_REMOVED,
  taxFormDefaults,
  taxProfileFormSchema,
  type TaxFormContext,
  type TaxIdentifier,
  type TaxProfileFormValues,
} from '../utils/tax-profile-form-schema';

export const TAX_SAVE_FAILED = 'Your tax profile could not be saved. Please try again.';

// The inputs' own focus outline (components/ui/input.tsx), for the native selects.
const selectClass =
  'block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! disabled:bg-slate-100';

const IDENTIFIER_FIELDS: {
  name: TaxIdentifier;
  label: string;
  short: string;
  hint: string;
  maxLength: number;
  inputMode?: 'numeric';
}[] = [
  { name: 'pan', label: 'PAN', short: 'PAN', hint: '10 characters, like ABCPE1234F.', maxLength: 14 },
  {
    name: 'aadhaar',
    label: 'Aadhaar number (optional)',
    short: 'Aadhaar number',
    hint: 'The alternative the law allows if you have no PAN: 12 digits.',
    maxLength: 16,
    inputMode: 'numeric',
  },
  {
    name: 'gstin',
    label: 'GSTIN (optional)',
    short: 'GSTIN',
    hint: 'Only if you are registered under GST: TCS is then collected under GST, and our invoices to you carry it.',
    maxLength: 19,
  },
];

/**
 * A refused field (`aria-invalid="true"`): a red border and ring beside its red message. As variants they
 * outrank the control's own slate border and brand focus ring, which `cn` does not merge away.
 */
const invalidClass = 'aria-invalid:border-red-500 aria-invalid:ring-1 aria-invalid:ring-red-500';

/** What a control needs to be named by its hint or error and marked when refused. */
type ControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; className: string };

/**
 * A labelled field whose control is linked to its hint or error (`aria-describedby`), marked
 * `aria-invalid` and outlined in red while refused, as the other forms mark theirs.
 */
function TaxField(props: {
  label: string;
  error?: string;
  hint?: string;
  children: (control: ControlProps) => ReactNode;
}) {
  const id = useId();
  const note = props.error ? `${id}-error` : props.hint ? `${id}-hint` : undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {props.label}
      </label>
      {props.children({
        id,
        'aria-invalid': Boolean(props.error),
        'aria-describedby': note,
        className: invalidClass,
      })}
      {props.error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-red-600">
          {props.error}
        </p>
      ) : (
        props.hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {props.hint}
          </p>
        )
      )}
    </div>
  );
}

/**
 * Who we withhold for and invoice. Identifiers are never shown whole: a stored one is named by its mask
 * beside an empty input; leaving it blank keeps it, 'Remove' sends `null`. After a save the form is
 * emptied and the mutation forgotten, so no typed identifier stays in the page.
 */
export function TaxProfileForm({
  stored,
  onSaved,
  onCancel,
}: {
  stored: TaxProfile | null;
  onSaved: (reply: SaveTaxProfileReply) => void;
  onCancel?: () => void;
}) {
  const [removed, setRemoved] = useState(NOTHING_REMOVED);
  const resolver: Resolver<TaxProfileFormValues, TaxFormContext, TaxProfileValues> = (values, ctx, opts) =>
    zodResolver(taxProfileFormSchema(ctx!))(values, ctx, opts);
  const form = useForm<TaxProfileFormValues, TaxFormContext, TaxProfileValues>({
    resolver,
    context: { stored, removed },
    defaultValues: taxFormDefaults(stored),
  });
  const { errors } = form.formState;
  const save = useSaveTaxProfile();
  const [serverError, setServerError] = useState<string | null>(null);
  const pending = save.isPending;

  const submit = form.handleSubmit((body) => {
    setServerError(null);
    save.mutate(body, {
      onSuccess: (reply) => {
        form.reset(taxFormDefaults(reply.taxProfile));
        save.reset();
        toast.success(reply.message);
        onSaved(reply);
      },
      onError: (err) => {
        const message = errorMessage(err, TAX_SAVE_FAILED);
        setServerError(message);
        toast.error(message);
      },
    });
  });

  const toggleRemoved = (k: TaxIdentifier) => {
    setRemoved((r) => ({ ...r, [k]: !r[k] }));
    form.clearErrors(k);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Tax profile" className="space-y-5">
      <fieldset disabled={pending} className="space-y-5">
        <TaxField label="Legal name" error={errors.legalName?.message} hint="As it is on your PAN.">
          {(control) => (
            <Input {...control} autoComplete="name" maxLength={120} {...form.register('legalName')} />
          )}
        </TaxField>
        <div className="grid gap-5 sm:grid-cols-2">
          <TaxField label="Taxpayer kind" error={errors.entityType?.message}>
            {(control) => (
              <select
                {...control}
                className={cn(selectClass, control.className)}
                {...form.register('entityType')}
              >
                <option value="">Choose…</option>
                {TAX_ENTITY_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {TAX_ENTITY_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </TaxField>
          <TaxField label="State" error={errors.stateCode?.message} hint="Where you work from.">
            {(control) => (
              <select
                {...control}
                className={cn(selectClass, control.className)}
                {...form.register('stateCode')}
              >
                <option value="">Choose…</option>
                {TAX_PROFILE_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </select>
            )}
          </TaxField>
        </div>

        {IDENTIFIER_FIELDS.map((f) => {
          const mask = stored?.[f.name] ?? null;
          const gone = Boolean(mask) && removed[f.name];
          const hint = !mask
            ? f.hint
            : gone
              ? `${mask} is removed when you save.`
              : `Leave blank to keep ${mask}.`;
          return (
            <div key={f.name} className="flex items-start gap-2">
              <div className="min-w-0 flex-1">
                <TaxField label={f.label} error={errors[f.name]?.message} hint={hint}>
                  {(control) => (
                    <Input
                      {...control}
                      autoComplete="off"
                      autoCapitalize="characters"
                      spellCheck={false}
                      inputMode={f.inputMode}
                      maxLength={f.maxLength}
                      className={cn('uppercase', control.className)}
                      {...form.register(f.name)}
                    />
                  )}
                </TaxField>
              </div>
              {mask && (
                // One button that toggles, so the focus stays where it was; lined up with the input, below its label.
                <Button
                  variant="secondary"
                  size="sm"
                  className="mt-7 h-10 shrink-0"
                  aria-label={`${gone ? 'Keep' : 'Remove'} ${f.short}`}
                  onClick={() => toggleRemoved(f.name)}
                >
                  {gone ? 'Keep' : 'Remove'}
                </Button>
              )}
            </div>
          );
        })}

        {serverError && (
          <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm font-medium text-red-700">
            {serverError}
          </p>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Saving...' : 'Save tax profile'}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
