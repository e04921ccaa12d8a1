import { z } from 'zod';

/**
 * The paper of an order (issue 27): the creator's receipts and refund credit notes, the platform's tax
 * invoices to the editor for its commission and their credit notes. Each kind has its own series,
 * numbered without gaps per financial year.
 */

export const TAX_DOCUMENT_KINDS = [
  'receipt',
  'receipt_credit_note',
  'commission_invoice',
  'commission_credit_note',
] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const TAX_DOCUMENT_LABELS: Record<TaxDocumentKind, string> = {
  receipt: 'Payment receipt',
  receipt_credit_note: 'Refund credit note',
  commission_invoice: 'Tax invoice for commission',
  commission_credit_note: 'Credit note for commission',
};

/** Who a kind is issued to: receipts to the creator, commission paper to the editor. */
export const TAX_DOCUMENT_PARTY: Record<TaxDocumentKind, 'creator' | 'editor'> = {
  receipt: 'creator',
  receipt_credit_note: 'creator',
  commission_invoice: 'editor',
  commission_credit_note: 'editor',
};

/** The series code in a document's number: CR/INV/2026-27/000042. */
export const TAX_DOCUMENT_SERIES: Record<TaxDocumentKind, string> = {
  receipt: 'RCPT',
  receipt_credit_note: 'RCN',
  commission_invoice: 'INV',
  commission_credit_note: 'CCN',
};

export interface TaxDocumentSummary {
  id: string;
  kind: TaxDocumentKind;
  kindLabel: string;
  number: string;
  issuedAt: string;
  orderId: string;
  orderReference: string;
  /** Rupees, taxes included. */
  total: number;
  /** The number of the receipt or invoice a credit note reduces. */
  refersTo: string | null;
}

export interface TaxDocumentsPage {
  items: TaxDocumentSummary[];
  nextCursor: string | null;
}

export const documentParamsSchema = z.object({
  id: z.string({ error: 'document id is required' }).uuid('Invalid document id'),
});

/** A document's file name: its number with the slashes a file system refuses made dashes. */
export const documentFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;
