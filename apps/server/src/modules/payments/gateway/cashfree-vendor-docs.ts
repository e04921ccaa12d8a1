import { z } from 'zod';
import { idempotencyKey, type CashfreeHttp } from './cashfree-http';
import type { GatewayVendorDocument, GatewayVendorDocumentInput } from './split-types';

/** UploadVendorDocumentsResponse: every field optional in the spec. */
const uploadReply = z.object({
  vendor_id: z.string().nullish(),
  doc_type: z.string().nullish(),
  status: z.string().nullish(),
  remarks: z.string().nullish().catch(null),
});

/**
 * Cashfree's Upload Vendor Docs (`POST /easy-split/vendor-docs/{vendor_id}`, multipart/form-data): a
 * document given by its number carries `doc_type` and `doc_value` and no file. The value is part of the
 * idempotency key, so a retried upload is answered once while a corrected number is a new request (the
 * key goes to Cashfree only, which receives the number anyway). A refusal (4xx) is a definitive
 * GatewayError in Cashfree's words; the reply's `doc_value` is never handed on.
 */
export async function uploadVendorDocument(
  http: CashfreeHttp,
  input: GatewayVendorDocumentInput,
): Promise<GatewayVendorDocument> {
  const form = new FormData();
  form.set('doc_type', input.docType);
  form.set('doc_value', input.docValue);
  const data = await http.call('POST', `/easy-split/vendor-docs/${encodeURIComponent(input.vendorId)}`, {
    body: form,
    idempotencyKey: idempotencyKey(`vendor-doc:${input.vendorId}:${input.docType}:${input.docValue}`),
    subject: 'vendor',
  });
  const reply = http.parse(uploadReply, data ?? {});
  return {
    vendorId: reply.vendor_id ?? input.vendorId,
    docType: reply.doc_type ?? input.docType,
    status: reply.status ?? null,
    remarks: reply.remarks ?? null,
  };
}
