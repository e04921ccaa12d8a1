import { z } from 'zod';
import { adminCancelInputSchema, ORDER_MESSAGES, type AdminCancelInput } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';

export const REFUND_CHOICES = ['full', 'partial', 'none'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/** What the form says when a paid order's admin has not chosen what the creator gets back. */
export const CANCEL_REFUND_CHOICE_TEXT = 'Choose what the creator gets back';

/** What the admin fills in; the amount stays text until the choice says it matters. */
export interface CancelFormValues {
  /** Nothing at first on a paid order: the admin must choose (issue 25, item 10). */
  refund?: RefundChoice | null;
  amount: string;
  note: string;
}

/** Full is `full: true` (the server refunds whatever was paid, even a payment landing meanwhile); none is 0. */
export function toCancelInput(v: CancelFormValues & { refund: RefundChoice }): AdminCancelInput {
  if (v.refund === 'full') return { full: true, note: v.note };
  const refundAmount = v.refund === 'none' ? 0 : v.amount.trim() === '' ? NaN : Number(v.amount);
  return { refundAmount, note: v.note };
}

/** The refund the summary previews (GET /api/orders/{id}/money?refund=). */
export function previewRefundOf(input: AdminCancelInput): 'full' | number {
  return input.full ? 'full' : (input.refundAmount ?? 0);
}

/**
 * The form checked by the contracts' adminCancelInputSchema (its errors mapped onto the fields the admin
 * sees), plus the one rule it cannot know: a partial refund is at most what is left of the payment.
 */
export function cancelFormSchema(refundable: number) {
  return z
    .object({
      // A radio group with nothing checked reads null.
      refund: z.enum(REFUND_CHOICES).nullish(),
      amount: z.string(),
      note: z.string(),
    })
    .transform((raw, ctx) => {
      if (!raw.refund) {
        ctx.addIssue({ code: 'custom', path: ['refund'], message: CANCEL_REFUND_CHOICE_TEXT });
        // The note is checked all the same, so every missing thing is said at once.
        const note = adminCancelInputSchema.safeParse({ full: true, note: raw.note });
        for (const issue of note.error?.issues ?? []) {
          ctx.addIssue({ code: 'custom', path: ['note'], message: issue.message });
        }
        return z.NEVER;
      }
      const v = { ...raw, refund: raw.refund };
      // Zero or nothing under Partial is a slip, not a wish for no refund: say so rather than send 0.
      const noAmount = v.refund === 'partial' && !(Number(v.amount) > 0);
      if (noAmount) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message:
            v.amount.trim() === ''
              ? 'Enter the amount to refund'
              : 'Enter an amount above zero, or choose No refund',
        });
      }
      const parsed = adminCancelInputSchema.safeParse(toCancelInput(v));
      if (!parsed.success || noAmount) {
        for (const issue of parsed.error?.issues ?? []) {
          if (issue.path[0] === 'refundAmount' && noAmount) continue;
          const field = issue.path[0] === 'refundAmount' ? 'amount' : 'note';
          ctx.addIssue({ code: 'custom', path: [field], message: issue.message });
        }
        return z.NEVER;
      }
      const { refundAmount } = parsed.data;
      if (v.refund === 'partial' && refundAmount != null && refundAmount > refundable) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: ORDER_MESSAGES.refundTooLarge(formatRupees(refundable)),
        });
        return z.NEVER;
      }
      return parsed.data;
    });
}
