import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  extensionInputSchema,
  ORDER_DEFAULTS,
  ORDER_LIMITS,
  ORDER_TEXTS,
  type Order,
} from '@cutroom/contracts/orders';
import { Button } from '../../../components/ui/button';
import { Field, FormError, Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { refuseContactDetails } from '../../../components/forms/refuse-contact-details';
import { extendedDueAt } from '../utils/extension';
import { formatOrderDate } from '../utils/format';

type ExtensionForm = z.input<typeof extensionInputSchema>;
export type ExtensionRequest = z.output<typeof extensionInputSchema>;

const FAILED = 'Your request could not be sent. Please try again.';

/** The new due date the days typed so far would give, while they are a valid number of days. */
function NewDueDate({ order, days }: { order: Order; days: unknown }) {
  const n = Number(days);
  const valid = days !== '' && Number.isInteger(n) && n >= 1 && n <= ORDER_LIMITS.extensionDaysMax;
  if (!valid) return null;
  return (
    <p className="text-xs text-slate-600" data-testid="extension-new-due">
      If the creator accepts now, it is due {formatOrderDate(extendedDueAt(order, n))}.
    </p>
  );
}

/**
 * The editor asks for more days on an order in progress, and says why; the creator accepts (the due date
 * moves) or keeps the due date. Mount it when it opens, so that each request starts blank; it stays open
 * with what was typed when the server refuses it (`error`).
 */
export function ExtensionRequestDialog(props: {
  order: Order;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The server's refusal of the last try, said in the form. */
  error: unknown;
  onSubmit: (request: ExtensionRequest) => void;
}) {
  const { order, pending, onOpenChange } = props;
  const form = useForm<ExtensionForm, unknown, ExtensionRequest>({
    resolver: zodResolver(extensionInputSchema),
    defaultValues: { days: '', reason: '' },
  });
  const { errors } = form.formState;
  const days = useWatch({ control: form.control, name: 'days' });

  const onSubmit = form.handleSubmit((request) => {
    // The chat's rule: the reason is posted into the conversation.
    const where = { place: 'extension_reason', orderId: order._id, roomId: order.roomId } as const;
    if (refuseContactDetails(form, 'reason', request.reason, where)) return;
    props.onSubmit(request);
  });

  return (
    <Modal
      open
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={ORDER_TEXTS.requestExtension}
      description={`${order.reference} is due ${order.dueAt ? formatOrderDate(order.dueAt) : 'soon'}${order.late ? ' and is late' : ''}. The creator accepts the new due date or keeps this one; without an answer within ${ORDER_DEFAULTS.cancellationResponseHours} hours, the due date stays.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Request for more time">
        <Field
          label="Extra days"
          error={errors.days?.message}
          hint={`From 1 to ${ORDER_LIMITS.extensionDaysMax}`}
        >
          {(id) => (
            // A number of days is short: the field need not run the dialog's width.
            <div className="max-w-40">
              <Input
                id={id}
                type="number"
                inputMode="numeric"
                min={1}
                max={ORDER_LIMITS.extensionDaysMax}
                step={1}
                aria-invalid={Boolean(errors.days)}
                disabled={pending}
                {...form.register('days')}
              />
            </div>
          )}
        </Field>
        <NewDueDate order={order} days={days} />
        <Field label="Reason for the creator" error={errors.reason?.message}>
          {(id) => (
            <Textarea
              id={id}
              rows={3}
              maxLength={ORDER_LIMITS.reasonMax}
              aria-invalid={Boolean(errors.reason)}
              disabled={pending}
              {...form.register('reason')}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <FormError error={props.error} fallback={FAILED} />
          <Button type="submit" disabled={pending} aria-busy={pending}>
            {pending ? 'Sending...' : ORDER_TEXTS.requestExtension}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
