import { z } from 'zod';
import { cfId, rupeesAsPaise } from './cashfree-http';

// Easy Split's replies as Cashfree documents them, and its way of writing times (India's, no offset).

export const vendorReply = z.object({
  vendor_id: z.string(),
  status: z.string(),
  // Informational: a shape we do not expect here must not fail the call that carried it.
  remarks: z.string().nullish().catch(null),
  related_docs: z
    .array(
      z
        .object({
          doc_type: z.string().nullish(),
          status: z.string().nullish(),
          remarks: z.string().nullish(),
        })
        .passthrough(),
    )
    .nullish()
    .catch(null),
  // An object in every example of the spec, an array in its schema.
  schedule_option: z
    .union([
      z.object({ schedule_id: cfId.nullish() }).passthrough(),
      z.array(z.object({ schedule_id: cfId.nullish() }).passthrough()),
    ])
    .nullish()
    .catch(null),
});

export const balanceReply = z.object({
  vendor_id: z.string().nullish(),
  vendor_unsettled: rupeesAsPaise,
  merchant_unsettled: rupeesAsPaise,
});

export const orderSplitReply = z.object({
  vendors: z
    .array(
      z.object({
        vendor_id: z.string(),
        settlement_id: cfId.nullish(),
        settlement_amount: rupeesAsPaise,
        settlement_eligibility_date: z.string().nullish(),
      }),
    )
    .nullish(),
});

export const transferReply = z.object({ settlement_id: cfId.nullish() });

/** Easy Split v2's answer: `{ status: "OK" | "ERROR", subCode, message }`. */
export const v2Reply = z.object({
  status: z.string().nullish(),
  subCode: cfId.nullish(),
  message: z.string().nullish(),
});

/** "yyyy-MM-dd HH:mm:ss" in India's time, as Easy Split's v2 API takes dates. */
export function istDateTime(at: Date): string {
  return new Date(at.getTime() + 5.5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Easy Split writes times as "2024-10-14 15:27:08", in India's time and without an offset; we hand
 * them on as ISO 8601 with the offset so they read as the same instant anywhere.
 */
export function fromIst(value: string | null | undefined): string | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})$/.exec(value.trim());
  return m ? `${m[1]}T${m[2]}+05:30` : value;
}
