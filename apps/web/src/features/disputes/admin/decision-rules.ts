import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  DISPUTE_MESSAGES,
  decideDisputeInputSchema,
  type DecideDisputeInput,
  type DisputeDecision,
} from '@cutroom/contracts/disputes';
import { formatRupees } from '@cutroom/contracts/price';

/** The decision form's fields as typed: the amount is text until it is checked. */
export interface DecisionForm {
  decision: DisputeDecision | '';
  amount: string;
  note: string;
}

/** What each decision does to the order and the money, said under its radio and in the confirmation. */
export function decisionEffect(decision: DisputeDecision, paid: number, amount?: number): string {
  const all = formatRupees(paid);
  switch (decision) {
    case 'full_refund':
      return `The order is cancelled and the ${all} paid goes back to the creator.`;
    case 'partial_refund':
      return amount === undefined
        ? 'The amount you set goes back to the creator and the editor keeps the rest; the order completes with what was delivered (cancelled if nothing was).'
        : `${formatRupees(amount)} of the ${all} paid goes back to the creator and the editor keeps the rest; the order completes with what was delivered (cancelled if nothing was).`;
    case 'release':
      return `The order completes and the ${all} paid stays with the editor; nothing is refunded.`;
    case 'cancel_no_refund':
      return 'The order is cancelled and nothing is refunded.';
  }
}

/**
 * Checks the form with the contracts' schema (decideDisputeInputSchema) and the server's bound (a partial
 * refund at most what was paid, after refunds), each message beside its field; passes on the request body.
 */
export const decisionResolver =
  (paid: number): Resolver<DecisionForm, unknown, DecideDisputeInput> =>
  async (values) => {
    const errors: FieldErrors<DecisionForm> = {};
    const partial = values.decision === 'partial_refund';
    let amount: number | undefined;
    if (partial) {
      if (values.amount.trim() === '')
        errors.amount = { type: 'required', message: 'Enter the amount to refund' };
      else amount = Number(values.amount);
    }
    const parsed = decideDisputeInputSchema.safeParse({
      decision: values.decision || undefined,
      amount,
      note: values.note,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'decision' || key === 'amount' || key === 'note') && !errors[key])
          errors[key] = { type: 'validate', message: issue.message };
      }
    }
    if (partial && amount !== undefined && !errors.amount && amount > paid)
      errors.amount = { type: 'max', message: DISPUTE_MESSAGES.refundTooLarge(formatRupees(paid)) };
    if (Object.keys(errors).length > 0 || !parsed.success) return { values: {}, errors };
    return { values: parsed.data, errors: {} };
  };
