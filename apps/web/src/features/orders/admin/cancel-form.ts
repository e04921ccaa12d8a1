import { z } from 'zod';
import { adminCancelInputSchema, ORDER_MESSAGES, type AdminCancelInput } from '@cutroom/contracts/orders';
import { formatRupees } from '@cutroom/contracts/price';

export const REFUND_CHOICES = ['full', 'partial', 'none'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

/** What the admin fills in; the amount stays text until the choice says it matters. */
export interface CancelFormValues {
  refund: RefundChoice;
  amount: string;
  note: string;
}

/** Full is null (the server refunds whatever was paid, even a payment landing meanwhile); none is 0. */
export function toCancelInput(v: CancelFormValues): AdminCancelInput {
  const refundAmount =
    v.refund === 'full' ? null : v.refund === 'none' ? 0 : v.amount.trim() === '' ? NaN : Number(v.amount);
  return { refundAmount, note: v.note };
}

/**
 * The form checked by the contracts' adminCancelInputSchema (its errors mapped onto the fields the admin
 * sees), plus the one rule it cannot know: a partial refund is at most what is left of the payment.
 */
export function cancelFormSchema(refundable: number) {
  return z
    .object({ refund: z.enum(REFUND_CHOICES), amount: z.string(), note: z.string() })
    .transform((v, ctx) => {
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
