import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import {
  DEFAULT_REFUND_NOTE,
  PAYMENT_MESSAGES,
  REFUND_NOTE_MAX,
  REFUND_NOTE_MIN,
  type Payment,
} from '@cutroom/contracts/payments';
import { hasWholePaise } from '@cutroom/contracts/money';
import { formatRupees } from '@cutroom/contracts/price';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api';
import { useCreateRefund } from '../api/create-refund';
import { getAllPaymentsQueryKey } from '../api/get-all-payments';
import { getRefundsQueryKey, useRefunds } from '../api/get-refunds';
import { formatPaymentDate } from '../utils/format';
import { RefundStatusBadge } from '../components/payment-status-badge';
import { REFUND_CHOICE_TEXT, RefundChoices, RefundReview } from './refund-review';
import { PAYMENT_REFERENCE_LABEL } from '@cutroom/contracts/orders';

type Choice = 'full' | 'partial';

/**
 * Refund all that remains or an amount of a payment, then follow its status. The admin must choose
 * (nothing is "everything" by default), and sees who gets what back and what the editor and the
 * platform keep, in the server's figures, before the refund is made (issue 25, item 10).
 */
export function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reviewing, setReviewing] = useState<'full' | number | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState(DEFAULT_REFUND_NOTE);
  const [error, setError] = useState<string | null>(null);

  const refunds = useRefunds(payment.orderId, {
    // A refund moves from PENDING to its final state at the gateway; keep looking while one is open.
    refetchInterval: (q) =>
      q.state.data?.refunds.some((r) => r.status === 'PENDING' || r.status === 'ONHOLD') ? 1500 : false,
  });
  const remaining = refunds.data?.remainingAmount ?? payment.amount - payment.refundedAmount;

  const create = useCreateRefund(payment.orderId, {
    onSuccess: (reply) => {
      toast.success(PAYMENT_MESSAGES.refundCreated);
      queryClient.setQueryData(getRefundsQueryKey(payment.orderId), reply.refunds);
      queryClient.invalidateQueries({ queryKey: getAllPaymentsQueryKey() });
      setAmount('');
      setChoice(null);
      setReviewing(null);
    },
    onError: (err) => {
      const reason = err instanceof ApiError && err.status > 0 && err.status < 500 ? err.message : undefined;
      toast.error(PAYMENT_MESSAGES.refundFailed, reason ? { description: reason } : undefined);
      queryClient.invalidateQueries({ queryKey: getRefundsQueryKey(payment.orderId) });
    },
  });

  // First the form is checked and the summary shown; only its Confirm makes the refund.
  const review = (e: FormEvent) => {
    e.preventDefault();
    const trimmedNote = note.trim();
    if (!choice) return setError(REFUND_CHOICE_TEXT);
    let refund: 'full' | number = 'full';
    if (choice === 'partial') {
      refund = Number(amount);
      if (amount.trim() === '') return setError('Enter the amount to refund');
      if (!Number.isFinite(refund) || refund <= 0) return setError('Enter an amount above zero');
      if (!hasWholePaise(refund)) return setError('Use at most 2 decimals');
      if (refund > remaining) return setError(`At most ${formatRupees(remaining)} remains to refund`);
    }
    if (trimmedNote.length < REFUND_NOTE_MIN || trimmedNote.length > REFUND_NOTE_MAX) {
      return setError(`The note must be ${REFUND_NOTE_MIN} to ${REFUND_NOTE_MAX} characters`);
    }
    setError(null);
    setReviewing(refund);
  };
  const confirm = () => {
    if (reviewing === null) return;
    const refundNote = note.trim();
    create.mutate(
      reviewing === 'full' ? { full: true, refundNote } : { refundAmount: reviewing, refundNote },
    );
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title="Refund payment"
      description={`${payment.creator.username} → ${payment.editor.username}`}
    >
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 rounded-xl bg-slate-50 p-4 text-sm">
        <dt className="text-slate-500">{PAYMENT_REFERENCE_LABEL}</dt>
        <dd className="font-mono text-xs break-all text-slate-900">{payment.orderId}</dd>
        <dt className="text-slate-500">Paid</dt>
        <dd className="font-semibold text-slate-900">{formatRupees(payment.amount)}</dd>
        <dt className="text-slate-500">Remaining</dt>
        <dd className="font-semibold text-slate-900" data-testid="refund-remaining">
          {formatRupees(remaining)}
        </dd>
      </dl>

      {remaining > 0 && reviewing !== null ? (
        <RefundReview
          payment={payment}
          refund={reviewing}
          remaining={remaining}
          pending={create.isPending}
          onBack={() => setReviewing(null)}
          onConfirm={confirm}
        />
      ) : remaining > 0 ? (
        <form onSubmit={review} noValidate className="mt-5 space-y-4" aria-label="Refund">
          <RefundChoices choice={choice} onChoose={setChoice} remaining={remaining} />
          {choice === 'partial' && (
            <Field label="Refund amount (₹)" hint={`At most ${formatRupees(remaining)}`}>
              {(id) => (
                <Input
                  id={id}
                  type="number"
                  inputMode="decimal"
                  min={0.01}
                  step={0.01}
                  max={remaining}
                  value={amount}
                  onChange={(e) => setAmount(e.target.value)}
                />
              )}
            </Field>
          )}
          <Field label="Refund note">
            {(id) => (
              <Input
                id={id}
                value={note}
                maxLength={REFUND_NOTE_MAX}
                onChange={(e) => setNote(e.target.value)}
              />
            )}
          </Field>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-600">
              {error}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" variant="danger">
              Review refund
            </Button>
          </div>
        </form>
      ) : (
        <p className="mt-5 rounded-xl bg-emerald-50 p-3 text-sm font-medium text-emerald-800">
          This payment has been fully refunded.
        </p>
      )}

      <section className="mt-6" aria-label="Refunds">
        <h3 className="text-sm font-semibold text-slate-900">Refunds</h3>
        {refunds.isPending ? (
          <Spinner />
        ) : refunds.isError ? (
          <p className="mt-2 text-sm text-red-600">Failed to load refunds.</p>
        ) : refunds.data.refunds.length === 0 ? (
          <p className="mt-2 text-sm text-slate-500">No refunds yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
            {refunds.data.refunds.map((r) => (
              <li
                key={r.refundId}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
              >
                <span>
                  <span className="font-semibold text-slate-900">{formatRupees(r.amount)}</span>
                  <span className="ml-2 text-slate-500">{formatPaymentDate(r.createdAt)}</span>
                  <span className="block text-xs text-slate-500">{r.note}</span>
                </span>
                <RefundStatusBadge status={r.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
