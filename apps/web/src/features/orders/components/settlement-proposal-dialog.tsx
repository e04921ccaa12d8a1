import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  ORDER_DEFAULTS,
  ORDER_LIMITS,
  ORDER_MESSAGES,
  ORDER_TEXTS,
  settlementInputSchema,
  type Order,
} from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { Field, FormError, Input, Textarea } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { refuseContactDetails } from '../../../components/forms/refuse-contact-details';
import { paidRemaining, settlementRefund } from '../utils/settlement';
import type { OrderSide } from './order-actions';

/** The contracts' rules, and the server's bound: less than what was paid and not refunded. */
const formSchema = (remaining: number) =>
  settlementInputSchema.extend({
    amount: settlementInputSchema.shape.amount.refine(
      (n) => n < remaining,
      ORDER_MESSAGES.settlementTooLarge(formatRupees(remaining)),
    ),
  });
type SettlementForm = z.input<typeof settlementInputSchema>;
export type SettlementProposal = z.output<typeof settlementInputSchema>;

const FAILED = 'Your proposal could not be sent. Please try again.';

/** What the amount typed so far gives back to the creator, while it is one that can be proposed. */
function GoesBack({ order, amount, side }: { order: Order; amount: unknown; side: OrderSide }) {
  const n = Number(amount);
  const valid = amount !== '' && Number.isInteger(n) && n >= 1 && n < paidRemaining(order);
  if (!valid) return null;
  return (
    <p
      className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
      data-testid="settlement-refund"
    >
      <span className="font-semibold">
        {formatRupees(settlementRefund(order, n))} goes back to {side === 'creator' ? 'you' : 'the creator'}
      </span>{' '}
      if the {side === 'creator' ? 'editor' : 'creator'} accepts.
    </p>
  );
}

/**
 * Either side of a paid, delivered order proposes completing it for less than was paid, and may say why;
 * the other side accepts (the order completes, the difference is refunded, the final file is released)
 * or declines. Mount it when it opens, so that each proposal starts blank; it stays open with what was
 * typed when the server refuses it (`error`).
 */
export function SettlementProposalDialog(props: {
  order: Order;
  side: OrderSide;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  /** The server's refusal of the last try, said in the form. */
  error: unknown;
  onSubmit: (proposal: SettlementProposal) => void;
}) {
  const { order, side, pending, onOpenChange } = props;
  const other = side === 'creator' ? 'editor' : 'creator';
  const remaining = paidRemaining(order);
  const schema = useMemo(() => formSchema(remaining), [remaining]);
  const form = useForm<SettlementForm, unknown, SettlementProposal>({
    resolver: zodResolver(schema),
    defaultValues: { amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const paid = `${formatRupees(remaining)} paid${order.refundedAmount > 0 ? ' (after refunds)' : ''}`;

  const onSubmit = form.handleSubmit((proposal) => {
    // The chat's rule: the reason is posted into the conversation.
    const where = { place: 'settlement_reason', orderId: order._id, roomId: order.roomId } as const;
    if (refuseContactDetails(form, 'reason', proposal.reason, where)) return;
    props.onSubmit(proposal);
  });

  return (
    <Modal
      open
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={ORDER_TEXTS.proposeSettlement}
      description={`Propose completing ${order.reference} for less than the ${paid}. If the ${other} accepts, the difference goes back to the creator, the order completes and the final file is released. Without an answer within ${ORDER_DEFAULTS.cancellationResponseHours} hours, nothing changes.`}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Proposal of a different amount">
        <Field
          label="Complete at (₹)"
          error={errors.amount?.message}
          hint={`Whole rupees, from ₹1 to less than ${formatRupees(remaining)}`}
        >
          {(id) => (
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <div className="w-36">
                <Input
                  id={id}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={Math.max(1, Math.ceil(remaining) - 1)}
                  step={1}
                  aria-invalid={Boolean(errors.amount)}
                  disabled={pending}
                  {...form.register('amount')}
                />
              </div>
              <span className="text-sm text-slate-600" data-testid="settlement-paid">
                of {paid}
              </span>
            </div>
          )}
        </Field>
        <GoesBack order={order} amount={amount} side={side} />
        <Field label={`Reason for the ${other} (optional)`} error={errors.reason?.message}>
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
            {pending ? 'Sending...' : 'Propose this amount'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
