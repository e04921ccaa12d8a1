import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm, type FieldError } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { toast } from 'sonner';
import {
  PORTFOLIO_MESSAGES,
  TIER_FEATURE_PRESETS,
  TIER_TERMS_LIMITS,
  WHATS_INCLUDED_PRESETS,
} from '@cutroom/contracts/portfolio';
import { notify } from '../../../components/ui/notify';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api';
import { tierLabel } from '../utils/tier-label';
import { useSavePortfolioStructure } from '../api/save-portfolio-structure';
import { ChoiceList } from './choice-list';
import { useAdminEditor } from '../api/get-admin-editor';
import { adminEditorsKey, editorsKey } from '../api/keys';
import { formFromPortfolio, inputFromForm, structureResolver, type StructureForm } from './structure-form';

/** edit-structure/{editorId}: tiers (description, features, pricing) and what's included. */
export default function EditStructurePage() {
  const { editorId } = useParams();
  const queryClient = useQueryClient();
  const editor = useAdminEditor(editorId);
  const form = useForm<StructureForm>({ resolver: structureResolver });
  const { errors } = form.formState;

  useEffect(() => {
    if (editor.data) form.reset(formFromPortfolio(editor.data.portfolio));
  }, [editor.data, form]);
  useEffect(() => {
    if (editor.isError) notify.error(PORTFOLIO_MESSAGES.fetchPortfolioFailed);
  }, [editor.isError]);

  const save = useSavePortfolioStructure(editorId, {
    onSuccess: () => {
      toast.success(PORTFOLIO_MESSAGES.structureSaved);
      void queryClient.invalidateQueries({ queryKey: adminEditorsKey });
      void queryClient.invalidateQueries({ queryKey: editorsKey });
    },
    onError: (err) =>
      toast.error(PORTFOLIO_MESSAGES.updateFailed, { description: errorMessage(err, '') || undefined }),
  });

  if (editor.isPending) return <Spinner label="Loading portfolio..." />;
  if (editor.isError) {
    return (
      <Card role="alert" className="p-6 text-center">
        <p className="font-medium text-red-700">{PORTFOLIO_MESSAGES.fetchPortfolioFailed}</p>
        <Link to="/admin/dashboard/all-editors" className={`${buttonClass('secondary')} mt-4`}>
          Back to All Editors
        </Link>
      </Card>
    );
  }

  const tiers = form.watch('tiers') ?? [];
  const fieldError = (i: number, field: string) =>
    (errors.tiers?.[i] as Record<string, FieldError | undefined> | undefined)?.[field]?.message;

  return (
    <form
      noValidate
      aria-label="Edit structure"
      className="space-y-6"
      onSubmit={form.handleSubmit((values) => save.mutate(inputFromForm(values).input))}
    >
      <div>
        <Link
          to="/admin/dashboard/all-editors"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-600 hover:text-slate-900"
        >
          <ArrowLeft className="size-4" aria-hidden /> All Editors
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Edit Structure: {editor.data.username}</h1>
        <p className="text-sm text-slate-500">
          Tiers, prices and what every order includes. Samples are managed on{' '}
          <Link
            to={`/admin/dashboard/edit-editor/${editor.data._id}`}
            className="font-medium text-brand-700 hover:underline"
          >
            Edit Portfolio
          </Link>
          ; removing a tier removes its samples.
        </p>
      </div>

      {tiers.map((tier, i) => (
        <Card key={tier.title} className="p-5 sm:p-6">
          <div className="flex items-center justify-between gap-4">
            <h2 className="text-lg font-bold text-slate-900">{tierLabel(tier.title)}</h2>
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                {...form.register(`tiers.${i}.offered`)}
              />
              Offer this tier
            </label>
          </div>
          {tier.offered && (
            <div className="mt-4 space-y-5">
              <Field label="Description" error={fieldError(i, 'description')}>
                {(id) => (
                  <Textarea id={id} rows={2} maxLength={2000} {...form.register(`tiers.${i}.description`)} />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-3">
                <Field label="Reel count" error={fieldError(i, 'reelCount')}>
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      {...form.register(`tiers.${i}.reelCount`, { valueAsNumber: true })}
                    />
                  )}
                </Field>
                <Field label="Minimum price (₹)" error={fieldError(i, 'priceMin')}>
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      {...form.register(`tiers.${i}.priceMin`, { valueAsNumber: true })}
                    />
                  )}
                </Field>
                <Field
                  label="Maximum price (₹, optional)"
                  error={fieldError(i, 'priceMax')}
                  hint="A range: creators ask for an offer instead of Pay Now"
                >
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      {...form.register(`tiers.${i}.priceMax`, { valueAsNumber: true })}
                    />
                  )}
                </Field>
              </div>
              {/* What Pay Now buys and the tier card states: entered, never a default. */}
              <div className="grid gap-4 sm:grid-cols-3">
                <Field
                  label="Delivery time (days)"
                  error={fieldError(i, 'deliveryDays')}
                  hint={`${TIER_TERMS_LIMITS.deliveryDaysMin}–${TIER_TERMS_LIMITS.deliveryDaysMax} days`}
                >
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={TIER_TERMS_LIMITS.deliveryDaysMin}
                      max={TIER_TERMS_LIMITS.deliveryDaysMax}
                      step={1}
                      inputMode="numeric"
                      {...form.register(`tiers.${i}.deliveryDays`, { valueAsNumber: true })}
                    />
                  )}
                </Field>
                <Field
                  label="Revisions included"
                  error={fieldError(i, 'revisions')}
                  hint={`${TIER_TERMS_LIMITS.revisionsMin}–${TIER_TERMS_LIMITS.revisionsMax}`}
                >
                  {(id) => (
                    <Input
                      id={id}
                      type="number"
                      min={TIER_TERMS_LIMITS.revisionsMin}
                      max={TIER_TERMS_LIMITS.revisionsMax}
                      step={1}
                      inputMode="numeric"
                      {...form.register(`tiers.${i}.revisions`, { valueAsNumber: true })}
                    />
                  )}
                </Field>
              </div>
              <Controller
                control={form.control}
                name={`tiers.${i}.features`}
                render={({ field }) => (
                  <ChoiceList
                    legend="Features"
                    presets={TIER_FEATURE_PRESETS}
                    value={field.value ?? []}
                    onChange={field.onChange}
                    addLabel={`Add a custom feature for ${tierLabel(tier.title)}`}
                    columns="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-2 lg:grid-cols-3"
                  />
                )}
              />
              {fieldError(i, 'features') && (
                <p role="alert" className="text-xs font-medium text-red-600">
                  {fieldError(i, 'features')}
                </p>
              )}
            </div>
          )}
        </Card>
      ))}

      <Card className="p-5 sm:p-6">
        <h2 className="mb-3 text-lg font-bold text-slate-900">What&apos;s Included</h2>
        <Controller
          control={form.control}
          name="whatsIncluded"
          render={({ field }) => (
            <ChoiceList
              legend="Included with every tier"
              presets={WHATS_INCLUDED_PRESETS}
              value={field.value ?? []}
              onChange={field.onChange}
              addLabel="Add something included"
            />
          )}
        />
        {errors.whatsIncluded?.message && (
          <p role="alert" className="mt-2 text-xs font-medium text-red-600">
            {errors.whatsIncluded.message}
          </p>
        )}
      </Card>

      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-red-600">
          {errors.root.message}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Link to="/admin/dashboard/all-editors" className={buttonClass('secondary')}>
          Cancel
        </Link>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Structure'}
        </Button>
      </div>
    </form>
  );
}
