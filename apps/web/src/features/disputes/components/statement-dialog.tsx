import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import {
  answerDisputeInputSchema,
  DISPUTE_LIMITS,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  openDisputeInputSchema,
  type DisputeReason,
} from '@cutroom/contracts/disputes';
import { Button } from '../../../components/ui/button';
import { Field, FormError, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { cn } from '../../../lib/cn';
import { refuseContactDetails } from '../../../components/forms/refuse-contact-details';
import { otherSide } from '../utils/texts';
import { EvidenceFilesField } from './evidence-files-field';
import { EvidencePicker } from './evidence-picker';

type Side = 'creator' | 'editor';

interface StatementForm {
  reason?: DisputeReason | '';
  statement: string;
  messageIds: string[];
  deliveryIds: string[];
}

/** What the dialog hands on once its fields pass the contracts' rules (`reason` when it asks for one). */
export interface Statement {
  reason?: DisputeReason;
  statement: string;
  messageIds: string[];
  deliveryIds: string[];
}

const select =
  'block h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus-visible:outline-2! focus-visible:outline-offset-2! focus-visible:outline-brand-600! disabled:bg-slate-100';

/**
 * A side's statement on a dispute, with the reason when opening one, and the evidence it cites: checked
 * with the contracts' schema beside each field, contact details refused (and reported) as everywhere a
 * text reaches the other side. Mount it when it opens, so each one starts blank; it stays open with what
 * was typed when the server refuses it (`error`).
 */
export function StatementDialog(props: {
  mode: 'open' | 'answer';
  order: { _id: string; roomId: string };
  side: Side;
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal of the last try, said in the form. */
  error: unknown;
  onOpenChange: (open: boolean) => void;
  /** The statement, and the files to attach once the server has taken it. */
  onSubmit: (statement: Statement, files: File[]) => void;
}) {
  const { mode, order, side, pending, onOpenChange } = props;
  const schema = mode === 'open' ? openDisputeInputSchema : answerDisputeInputSchema;
  const form = useForm<StatementForm, unknown, Statement>({
    // One form for both: the answer's schema has no reason, and leaves the field out of what it passes on.
    resolver: zodResolver(schema as typeof openDisputeInputSchema) as never,
    defaultValues: { reason: '', statement: '', messageIds: [], deliveryIds: [] },
  });
  const { errors } = form.formState;
  const reason = useWatch({ control: form.control, name: 'reason' });
  const [files, setFiles] = useState<File[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  const onSubmit = form.handleSubmit((statement) => {
    const where = { place: 'dispute_statement', orderId: order._id, roomId: order.roomId } as const;
    if (refuseContactDetails(form, 'statement', statement.statement, where)) return;
    props.onSubmit(statement, files);
  });

  return (
    <Modal
      open
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={props.title}
      description={props.description}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={props.title}>
        {mode === 'open' && (
          <Field label="Reason" error={errors.reason?.message}>
            {(id) => (
              <select
                id={id}
                className={cn(select, !reason && 'text-slate-500')}
                aria-invalid={Boolean(errors.reason)}
                disabled={pending}
                {...form.register('reason')}
              >
                <option value="">Choose a reason</option>
                {DISPUTE_REASONS.map((r) => (
                  <option key={r} value={r}>
                    {DISPUTE_REASON_LABELS[r]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        <Field
          label="Your statement"
          error={errors.statement?.message}
          hint={`What happened and what you ask for, ${DISPUTE_LIMITS.statementMin} to ${DISPUTE_LIMITS.statementMax} characters. The ${otherSide(side)} and Cutroom support read it.`}
        >
          {(id) => (
            <Textarea
              id={id}
              rows={5}
              maxLength={DISPUTE_LIMITS.statementMax}
              aria-invalid={Boolean(errors.statement)}
              disabled={pending}
              {...form.register('statement')}
            />
          )}
        </Field>
        <Controller
          control={form.control}
          name="messageIds"
          render={({ field: messages }) => (
            <Controller
              control={form.control}
              name="deliveryIds"
              render={({ field: deliveries }) => (
                <EvidencePicker
                  roomId={order.roomId}
                  orderId={order._id}
                  side={side}
                  messageIds={messages.value}
                  deliveryIds={deliveries.value}
                  onMessages={messages.onChange}
                  onDeliveries={deliveries.onChange}
                  disabled={pending}
                  errors={{ messages: errors.messageIds?.message, deliveries: errors.deliveryIds?.message }}
                />
              )}
            />
          )}
        />
        <EvidenceFilesField
          optional
          files={files}
          refusal={refusal}
          disabled={pending}
          onChange={(next, why) => {
            setFiles(next);
            setRefusal(why);
          }}
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <FormError error={props.error} fallback="The dispute could not be sent. Please try again." />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending...' : props.submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
