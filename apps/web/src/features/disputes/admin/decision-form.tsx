import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  DISPUTE_DECISION_LABELS,
  DISPUTE_DECISIONS,
  DISPUTE_LIMITS,
  type AdminDisputeRow,
  type DecideDisputeInput,
} from '@cutroom/contracts/disputes';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { Field, FormError, Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useDecideDispute } from '../hooks/use-decide-dispute';
import { decisionEffect, decisionResolver, type DecisionForm as Form } from './decision-rules';

const radio =
  'mt-0.5 size-4 shrink-0 accent-brand-600 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600!';

/**
 * An admin decides a case with Cutroom support: one of the four decisions, the amount of a partial
 * refund (at most what was paid), and a note both sides read. The decision is confirmed first, with what
 * it does to the order and the money; a refusal is said in the confirmation, and the form keeps it all.
 */
export function DecisionForm({ row }: { row: AdminDisputeRow }) {
  const paid = row.paidAmount;
  const form = useForm<Form, unknown, DecideDisputeInput>({
    resolver: decisionResolver(paid),
    defaultValues: { decision: '', amount: '', note: '' },
  });
  const { errors } = form.formState;
  const decision = useWatch({ control: form.control, name: 'decision' });
  const [confirming, setConfirming] = useState<DecideDisputeInput | null>(null);
  const decide = useDecideDispute(row, () => setConfirming(null));

  const review = form.handleSubmit((input) => {
    decide.reset();
    setConfirming(input);
  });

  return (
    <>
      <form onSubmit={review} noValidate className="space-y-4" aria-label="Decision">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Decision</legend>
          {DISPUTE_DECISIONS.map((d) => (
            <label
              key={d}
              className="flex cursor-pointer gap-2.5 rounded-lg p-2 text-sm ring-1 ring-slate-200 hover:bg-slate-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-300"
            >
              <input type="radio" value={d} className={radio} {...form.register('decision')} />
              <span className="min-w-0">
                <span className="block font-semibold text-slate-900">{DISPUTE_DECISION_LABELS[d]}</span>
                <span className="block text-xs text-slate-600">{decisionEffect(d, paid)}</span>
              </span>
            </label>
          ))}
          {errors.decision && (
            <p role="alert" className="text-xs font-medium text-red-600">
              {errors.decision.message}
            </p>
          )}
        </fieldset>
        {decision === 'partial_refund' && (
          <Field
            label="Refund to the creator (₹)"
            error={errors.amount?.message}
            hint={`Whole rupees, from ₹1 to the ${formatRupees(paid)} paid`}
          >
            {(id) => (
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <div className="w-36">
                  <Input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={Math.max(1, Math.floor(paid))}
                    step={1}
                    aria-invalid={Boolean(errors.amount)}
                    {...form.register('amount')}
                  />
                </div>
                <span className="text-sm text-slate-600" data-testid="decision-paid">
                  of {formatRupees(paid)} paid
                </span>
              </div>
            )}
          </Field>
        )}
        <Field
          label="Note to both sides"
          error={errors.note?.message}
          hint={`Why you decided so, 10 to ${DISPUTE_LIMITS.noteMax} characters. Both sides read it in the chat and by e-mail.`}
        >
          {(id) => (
            <Textarea
              id={id}
              rows={4}
              maxLength={DISPUTE_LIMITS.noteMax}
              aria-invalid={Boolean(errors.note)}
              {...form.register('note')}
            />
          )}
        </Field>
        <Button type="submit" className="w-full">
          Review the decision
        </Button>
      </form>

      {confirming && (
        <Modal
          open
          onOpenChange={(o) => !o && !decide.isPending && setConfirming(null)}
          title="Decide this dispute?"
          description={`Order ${row.orderReference}: ${row.orderTitle}`}
        >
          <div className="space-y-4 text-sm text-slate-700" data-testid="decision-confirm">
            <p>
              <span className="font-semibold text-slate-900">
                {DISPUTE_DECISION_LABELS[confirming.decision]}.
              </span>{' '}
              {decisionEffect(confirming.decision, paid, confirming.amount)}
            </p>
            <blockquote className="rounded-lg bg-slate-50 px-3 py-2 break-words whitespace-pre-wrap text-slate-800">
              “{confirming.note}”
            </blockquote>
            <p>Both sides are told at once, in the chat and by e-mail. A decision cannot be undone.</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={decide.isPending}>
                Go back
              </Button>
              <FormError
                error={decide.error}
                fallback="The decision could not be recorded. Please try again."
              />
              <Button
                onClick={() => decide.mutate(confirming)}
                disabled={decide.isPending}
                aria-busy={decide.isPending}
              >
                {decide.isPending ? 'Deciding...' : 'Confirm the decision'}
              </Button>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}
