/**
 * GET /api/orders/{id}/money: where an order's money goes, in the server's own figures (issue 25, item 10).
 * The confirmations before Approve, an admin's refund and an admin's cancellation show these, so what a
 * person agrees to is what the ledger will book, never a sum re-derived in the browser.
 */
import { z } from 'zod';
import { hasWholePaise } from './money';

/** `?refund=full` or `?refund=<rupees>` (admins): what that refund would move. */
export const orderMoneyQuerySchema = z.object({
  refund: z
    .union([
      z.literal('full'),
      z.coerce
        .number({ error: 'Refund amount must be a number' })
        .min(0, 'Refund amount cannot be negative')
        .max(10_000_000, 'Refund amount is too large')
        .refine(hasWholePaise, 'Refund amount can have at most 2 decimals'),
    ])
    .optional(),
});
export type OrderMoneyQuery = z.input<typeof orderMoneyQuerySchema>;

/** Rupees each; `editorKeeps` + `platformKeeps` + `refunded` = `amount` once paid. */
export const orderMoneySchema = z.object({
  orderId: z.string(),
  reference: z.string(),
  /** What was paid, or the price still to pay. */
  amount: z.number(),
  /** A payment is booked for the order (the split below is fixed); else the split it would get now. */
  paid: z.boolean(),
  feePercent: z.number(),
  commission: z.number(),
  editorShare: z.number(),
  /** Refunded or on its way back. */
  refunded: z.number(),
  /** What may still be refunded. */
  refundable: z.number(),
  /** After every refund so far. */
  editorKeeps: z.number(),
  platformKeeps: z.number(),
  /** The refund asked about: who gives what back, and what each side keeps after it. */
  refund: z
    .object({
      amount: z.number(),
      fromEditor: z.number(),
      fromPlatform: z.number(),
      editorKeeps: z.number(),
      platformKeeps: z.number(),
    })
    .nullable(),
});
export type OrderMoney = z.infer<typeof orderMoneySchema>;
