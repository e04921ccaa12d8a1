import type { TaxDocumentKind } from '@cutroom/contracts';

/** Everything a document shows, frozen when it is issued, so the PDF drawn years later is the same paper. */
export interface TaxDocumentContent {
  kind: TaxDocumentKind;
  /** 'Payment receipt', 'Tax invoice', 'Credit note'. */
  title: string;
  /** 'CR/INV/2026-27/000042'. */
  number: string;
  /** ISO instant; shown as the IST calendar date. */
  issuedAt: string;
  issuer: { name: string; address: string[]; gstin: string | null; pan: string | null };
  /** lines: e.g. ['GSTIN 29ABCDE1234F1Z5', 'Karnataka (29)']; may be empty. */
  recipient: { name: string; lines: string[] };
  /** 'CR-10482', 'Wedding highlights edit'. */
  order: { reference: string; title: string };
  /** 'Karnataka (29)'. */
  placeOfSupply: string | null;
  /** The original a credit note reduces. */
  refersTo: { number: string; issuedAt: string } | null;
  lines: { description: string; sac: string | null; amountPaise: number }[];
  /** 'CGST @ 9%', 'SGST @ 9%' or 'IGST @ 18%'. */
  taxes: { label: string; amountPaise: number }[];
  totalPaise: number;
  /** e.g. 'Paid through Cashfree · payment reference order_abc', 'Tax on this supply is not payable on reverse charge.' */
  notes: string[];
}
