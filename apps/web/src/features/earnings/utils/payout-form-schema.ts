import { z } from 'zod';
import {
  INVISIBLE_CHARACTERS,
  PAYOUT_MESSAGES,
  PAYOUT_METHODS,
  payoutDetailsInputSchema,
  type PayoutDetails,
} from '@cutroom/contracts';
import { ApiError } from '../../../lib/api';

/** What the payout details form holds: both methods' fields, and the account number typed twice. */
export interface PayoutFormValues {
  method: (typeof PAYOUT_METHODS)[number];
  accountHolder: string;
  phone: string;
  accountNumber: string;
  confirmAccountNumber: string;
  ifsc: string;
  vpa: string;
}

export const EMPTY_PAYOUT_FORM: PayoutFormValues = {
  method: 'bank',
  accountHolder: '',
  phone: '',
  accountNumber: '',
  confirmAccountNumber: '',
  ifsc: '',
  vpa: '',
};

export const PAYOUT_FIELDS = [
  'accountHolder',
  'phone',
  'accountNumber',
  'confirmAccountNumber',
  'ifsc',
  'vpa',
] as const;
export type PayoutField = (typeof PAYOUT_FIELDS)[number];

export const ENTER_ACCOUNT_AGAIN = 'Enter the account number again';

/** The contract normalises an account number this way before checking it; the copy is compared alike. */
const accountDigits = (v: string) => v.replace(INVISIBLE_CHARACTERS, '').replace(/[\s-]/g, '');

/**
 * The form's schema: the chosen method's fields go through the contract's `payoutDetailsInputSchema`
 * (so the page and the server refuse the same things, with the same words), and a bank account number
 * must be typed the same twice. The output is what the API takes: never the copy, never the other method.
 */
export const payoutFormSchema = z
  .object({
    method: z.enum(PAYOUT_METHODS),
    accountHolder: z.string(),
    phone: z.string(),
    accountNumber: z.string(),
    confirmAccountNumber: z.string(),
    ifsc: z.string(),
    vpa: z.string(),
  })
  .transform((v, ctx): PayoutDetails => {
    const common = { accountHolder: v.accountHolder, phone: v.phone };
    const input =
      v.method === 'bank'
        ? { method: v.method, ...common, accountNumber: v.accountNumber, ifsc: v.ifsc }
        : { method: v.method, ...common, vpa: v.vpa };
    const parsed = payoutDetailsInputSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      }
    }
    let copyDiffers = false;
    if (v.method === 'bank') {
      const copy = accountDigits(v.confirmAccountNumber);
      if (!copy) {
        ctx.addIssue({ code: 'custom', message: ENTER_ACCOUNT_AGAIN, path: ['confirmAccountNumber'] });
        copyDiffers = true;
      } else if (copy !== accountDigits(v.accountNumber)) {
        ctx.addIssue({
          code: 'custom',
          message: PAYOUT_MESSAGES.accountsDiffer,
          path: ['confirmAccountNumber'],
        });
        copyDiffers = true;
      }
    }
    if (!parsed.success || copyDiffers) return z.NEVER;
    return parsed.data;
  });

/**
 * A 400's field errors, to show next to the fields: `errors` as `{ field: message }` when the server sends
 * it, else a message of the API's `"<field>: <message>"` form. Anything else stays a general message.
 */
export function serverFieldErrors(err: unknown): Partial<Record<PayoutField, string>> {
  if (!(err instanceof ApiError) || err.status !== 400) return {};
  const found: Partial<Record<PayoutField, string>> = {};
  const isField = (k: string): k is PayoutField => (PAYOUT_FIELDS as readonly string[]).includes(k);
  const errors = (err.body as { errors?: unknown } | undefined)?.errors;
  if (errors && typeof errors === 'object' && !Array.isArray(errors)) {
    for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
      const message = Array.isArray(v) ? v[0] : v;
      if (isField(k) && typeof message === 'string') found[k] = message;
    }
  }
  const prefixed = /^(\w+): (.+)$/.exec(err.message);
  if (prefixed && isField(prefixed[1]!) && !found[prefixed[1]]) found[prefixed[1]] = prefixed[2]!;
  return found;
}
