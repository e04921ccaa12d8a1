import { z } from 'zod';
import { TAX_DOCUMENT_KINDS } from '../tax/documents';
import { TAX_ENTITY_TYPES } from '../tax/profile';

/** `TaxProfile`: only masked identifiers. */
export const taxProfileSchema = z.object({
  legalName: z.string(),
  entityType: z.enum(TAX_ENTITY_TYPES),
  stateCode: z.string(),
  stateName: z.string(),
  pan: z.string().nullable(),
  aadhaar: z.string().nullable(),
  gstin: z.string().nullable(),
  registered: z.boolean(),
  updatedAt: z.string(),
});

/** GET /api/earnings/tax-profile. */
export const taxProfileReplySchema = z.object({ taxProfile: taxProfileSchema.nullable() });

/** PUT /api/earnings/tax-profile. */
export const taxProfileSavedReplySchema = z.object({ taxProfile: taxProfileSchema, message: z.string() });

/** `TaxDocumentSummary`. */
export const taxDocumentSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(TAX_DOCUMENT_KINDS),
  kindLabel: z.string(),
  number: z.string(),
  issuedAt: z.string(),
  orderId: z.string(),
  orderReference: z.string(),
  total: z.number(),
  refersTo: z.string().nullable(),
});

/** GET /api/earnings/documents. */
export const taxDocumentsPageSchema = z.object({
  items: z.array(taxDocumentSummarySchema),
  nextCursor: z.string().nullable(),
});

/** GET /api/orders/{id}/documents. */
export const orderDocumentsReplySchema = z.object({ items: z.array(taxDocumentSummarySchema) });

/** GET /api/admin/tax (`TaxSummary`). */
export const taxSummarySchema = z.object({
  months: z.array(
    z.object({
      month: z.string(),
      orders: z.number(),
      gross: z.number(),
      commission: z.number(),
      gstOnCommission: z.number(),
      tcs: z.number(),
      tds: z.number(),
    }),
  ),
  rates: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      value: z.number(),
      unit: z.enum(['percent', 'rupees']),
      effectiveFrom: z.string(),
      section: z.string(),
      source: z.string(),
    }),
  ),
});
