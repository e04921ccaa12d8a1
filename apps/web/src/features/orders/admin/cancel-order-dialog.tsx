import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ORDER_LIMITS, type AdminCancelInput, type Order } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { errorMessage } from '../../../lib/api';
import { useAdminCancelOrder } from '../api/admin-cancel-order';
import { ordersKey } from '../api/orders-api';
import { paymentsKey } from '../../payments';
import { cancelFormSchema, type CancelFormValues, type RefundChoice } from './cancel-form';
import { CancelReview } from './cancel-review';

const CHOICES: { value: RefundChoice; label: string; hint: (refundable: string) => string }[] = [
  { value: 'full', label: 'Full refund', hint: (r) => `Everything paid that is not refunded yet (${r}).` },
  { value: 'partial', label: 'Partial refund', hint: (r) => `An amount you choose, up to ${r}.` },
  { value: 'none', label: 'No refund', hint: () => 'The creator gets nothing back.' },
];

/**
 * The admin cancels an order, choosing what the creator gets back (a paid order has no choice made for
 * them); the note goes in the timeline. Nothing is cancelled before the summary of who gets what back
 * and what the editor and the platform keep has been shown and confirmed (issue 25, item 10).
 */
export function CancelOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const queryClient = useQueryClient();
  const refundable = order.paid ? Math.max(0, order.amount - order.refundedAmount) : 0;
  const [serverError, setServerError] = useState<string | null>(null);
  const [reviewing, setReviewing] = useState<AdminCancelInput | null>(null);
  const form = useForm<CancelFormValues, unknown, AdminCancelInput>({
    resolver: zodResolver(cancelFormSchema(refundable)),
    // Unpaid: 'full', so a payment landing meanwhile is still sent back; paid: the admin chooses.
    defaultValues: { refund: order.paid ? undefined : 'full', amount: '', note: '' },
  });
  const { errors } = form.formState;
  const choice = form.watch('refund');

  const cancel = useAdminCancelOrder(order._id, {
    onSuccess: () => {
      toast.success(`Order ${order.reference} cancelled`);
      onClose();
    },
    onError: (err) => {
      const message = errorMessage(err, 'Failed to cancel the order.');
      setServerError(message);
      toast.error(message);
    },
    // Success or refusal, the order may have moved on (paid, delivered, cancelled by someone else):
    // refetch it, the lists, and the payments whose refunds this may have created.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKey });
      void queryClient.invalidateQueries({ queryKey: paymentsKey });
    },
  });

  const submit = form.handleSubmit((body) => {
    setServerError(null);
    setReviewing(body);
  });

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !cancel.isPending && onClose()}
      title={`Cancel order ${order.reference}`}
      description={`${order.title} · ${order.creator.username} → ${order.editor.username}`}
    >
      {reviewing ? (
        <CancelReview
          order={order}
          input={reviewing}
          pending={cancel.isPending}
          error={serverError}
          onBack={() => setReviewing(null)}
          onConfirm={() => cancel.mutate(reviewing)}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5" aria-label="Cancel order">
          {order.paid ? (
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-700">Refund</legend>
              <p className="text-xs text-slate-500">
                Paid {formatRupees(order.amount)}
                {order.refundedAmount > 0 && `, already refunded ${formatRupees(order.refundedAmount)}`}.
              </p>
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
                >
                  <input
                    type="radio"
                    value={c.value}
                    className="mt-0.5 size-4 accent-brand-600"
                    {...form.register('refund')}
                  />
                  <span>
                    <span className="block text-sm font-semibold text-slate-900">{c.label}</span>
                    <span className="block text-xs text-slate-500">{c.hint(formatRupees(refundable))}</span>
                  </span>
                </label>
              ))}
              {errors.refund?.message && (
                <p role="alert" className="text-sm font-medium text-red-600">
                  {errors.refund.message}
                </p>
              )}
            </fieldset>
          ) : (
            // Unpaid: the choice stays 'full' (null), so a payment landing meanwhile is still sent back.
            <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">
              This order has not been paid: there is nothing to refund.
            </p>
          )}
          {order.paid && choice === 'partial' && (
            <Field
              label="Refund amount (₹)"
              error={errors.amount?.message}
              hint={`At most ${formatRupees(refundable)}`}
            >
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  max={refundable}
                  aria-invalid={!!errors.amount}
                  {...form.register('amount')}
                />
              )}
            </Field>
          )}
          <Field
            label="Note"
            error={errors.note?.message}
            hint={`Why the order is cancelled (${ORDER_LIMITS.reasonMax} characters at most). It is kept in the order's timeline.`}
          >
            {(id) => (
              <Textarea
                id={id}
                maxLength={ORDER_LIMITS.reasonMax}
                aria-invalid={!!errors.note}
                {...form.register('note')}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" variant="danger">
              Review cancellation
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
