import type { IncomingHttpHeaders } from 'node:http';
import type { FakeReply } from './cashfree-split';

/**
 * Cashfree's Upload Vendor Docs (`POST /pg/easy-split/vendor-docs/{vendor_id}`, multipart/form-data with
 * `doc_type`, `doc_value`, `file`) and Get Vendor All Documents Status (`GET` on the same path), checked
 * as Cashfree documents them: its headers, a multipart body, a doc_type from its list, and a doc type
 * that ends with NUMBER carrying its number (and no file) in the number's format. A request Cashfree
 * would refuse is refused here too, in its error shape, and written to `violations`.
 */

/** Cashfree's list of document types; those ending in NUMBER carry a doc_value, the others a file. */
export const VENDOR_DOC_TYPES = [
  'UIDAI_FRONT', 'UIDAI_BACK', 'UIDAI_NUMBER', 'DL', 'DL_NUMBER', 'PASSPORT_FRONT', 'PASSPORT_BACK',
  'PASSPORT_NUMBER', 'VOTER_ID', 'VOTER_ID_NUMBER', 'PAN', 'PAN_NUMBER', 'GST', 'GSTIN_NUMBER', 'CIN',
  'CIN_NUMBER', 'NBFC_CERTIFICATE',
] as const; // prettier-ignore

/** The numbers the fake knows the format of (the ones Cutroom sends); others are taken as given. */
const NUMBER_FORMATS: Record<string, RegExp> = {
  PAN_NUMBER: /^[A-Z]{5}[0-9]{4}[A-Z]$/,
  GSTIN_NUMBER: /^[0-9A-Z]{15}$/,
  UIDAI_NUMBER: /^[0-9]{12}$/,
};

export interface FakeVendorDoc {
  vendor_id: string;
  doc_type: string;
  doc_value: string;
  status: string;
  remarks: string | null;
}

export interface FakeVendorDocs {
  /** By vendor id: the documents uploaded, one per doc_type (a new upload replaces the old). */
  docs: Map<string, FakeVendorDoc[]>;
  /** Every upload request the fake accepted, in order (with its fields as sent). */
  uploads: { vendorId: string; fields: Record<string, string> }[];
  handle(method: string, vendorId: string, headers: IncomingHttpHeaders, raw: Buffer): Promise<FakeReply>;
}

export function createFakeVendorDocs(ctx: {
  clientId: string;
  clientSecret: string;
  violations: string[];
  hasVendor: (vendorId: string) => boolean;
}): FakeVendorDocs {
  const docs = new Map<string, FakeVendorDoc[]>();
  const uploads: FakeVendorDocs['uploads'] = [];
  const refuse = (status: number, message: string, code = 'request_invalid'): FakeReply => {
    ctx.violations.push(message);
    return { status, body: { message, code, type: 'invalid_request_error' } };
  };

  async function upload(vendorId: string, headers: IncomingHttpHeaders, raw: Buffer): Promise<FakeReply> {
    const contentType = String(headers['content-type'] ?? '');
    if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) {
      return refuse(400, 'content-type must be multipart/form-data');
    }
    const key = headers['x-idempotency-key'];
    if (typeof key !== 'string' || !/^[0-9a-f-]{36}$/i.test(key)) {
      return refuse(400, 'x-idempotency-key must be a UUID on every create');
    }
    let form: FormData;
    try {
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(raw),
      }).formData();
    } catch {
      return refuse(400, 'request body is not valid multipart/form-data');
    }
    const fields: Record<string, string> = {};
    let file: unknown = null;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') fields[name] = value;
      else if (name === 'file') file = value;
      else return refuse(400, `${name} : should be a text field`);
    }
    for (const name of Object.keys(fields)) {
      if (!['doc_type', 'doc_value'].includes(name)) return refuse(400, `${name} : is not a known field`);
    }
    const docType = fields.doc_type;
    if (!docType || !(VENDOR_DOC_TYPES as readonly string[]).includes(docType)) {
      return refuse(400, 'doc_type : invalid value', 'doc_type_invalid');
    }
    const byNumber = docType.endsWith('_NUMBER');
    if (byNumber && (file || !fields.doc_value)) {
      return refuse(
        400,
        'doc_value : is required for a number document, without a file',
        'doc_value_missing',
      );
    }
    if (!byNumber && !file) return refuse(400, 'file : is required for this doc_type', 'file_missing');
    const format = NUMBER_FORMATS[docType];
    if (byNumber && format && !format.test(fields.doc_value!)) {
      return refuse(400, 'doc_value : invalid value', 'doc_value_invalid');
    }
    if (!ctx.hasVendor(vendorId)) return refuse(404, 'Vendor does not exist', 'vendor_not_found');
    uploads.push({ vendorId, fields });
    const doc: FakeVendorDoc = {
      vendor_id: vendorId,
      doc_type: docType,
      doc_value: fields.doc_value ?? `easySplit/vendorKycDocs/${vendorId}/${docType}`,
      status: 'IN_REVIEW',
      remarks: null,
    };
    docs.set(vendorId, [...(docs.get(vendorId) ?? []).filter((d) => d.doc_type !== docType), doc]);
    return { status: 200, body: doc };
  }

  return {
    docs,
    uploads,
    async handle(method, vendorId, headers, raw) {
      if (headers['x-api-version'] !== '2025-01-01') {
        return refuse(400, 'x-api-version : header missing or not 2025-01-01');
      }
      if (headers['x-client-id'] !== ctx.clientId || headers['x-client-secret'] !== ctx.clientSecret) {
        return { status: 401, body: { message: 'authentication Failed', code: 'request_failed' } };
      }
      if (!/^[A-Za-z0-9_]+$/.test(vendorId)) return refuse(400, 'vendor_id : invalid value');
      if (method === 'POST') return upload(vendorId, headers, raw);
      if (method === 'GET') {
        if (!ctx.hasVendor(vendorId)) return refuse(404, 'Vendor does not exist', 'vendor_not_found');
        return { status: 200, body: { documents: docs.get(vendorId) ?? [] } };
      }
      return refuse(404, `unknown endpoint ${method} /easy-split/vendor-docs/${vendorId}`);
    },
  };
}
