import type { TaxDocumentContent } from './content';

// Test data only: one content per kind, plus one with every field at its longest, for the renderer's
// tests and for looking at the paper.

const issuer: TaxDocumentContent['issuer'] = {
  name: 'Cutroom Technologies Private Limited',
  address: ['4th Floor, 12 Residency Road', 'Bengaluru, Karnataka 560025'],
  gstin: '29AAKCC1234M1Z5',
  pan: 'AAKCC1234M',
};

const order: TaxDocumentContent['order'] = {
  reference: 'CR-10482',
  title: 'Wedding highlights edit',
};

export const receiptSample: TaxDocumentContent = {
  kind: 'receipt',
  title: 'Payment receipt',
  number: 'CR/RCPT/2026-27/000042',
  issuedAt: '2026-11-26T20:15:00.000Z',
  issuer,
  recipient: { name: 'Ananya Rao', lines: ['Bengaluru, Karnataka (29)'] },
  order,
  placeOfSupply: 'Karnataka (29)',
  refersTo: null,
  lines: [{ description: 'Video editing: Wedding highlights edit', sac: null, amountPaise: 12_345_600 }],
  taxes: [],
  totalPaise: 12_345_600,
  notes: [
    'Paid through Cashfree · payment reference order_abc123',
    'Cutroom receives this payment on behalf of the editor and holds it until the order is complete.',
  ],
};

export const receiptCreditNoteSample: TaxDocumentContent = {
  ...receiptSample,
  kind: 'receipt_credit_note',
  title: 'Credit note',
  number: 'CR/RCN/2026-27/000007',
  issuedAt: '2026-12-03T06:40:00.000Z',
  refersTo: { number: receiptSample.number, issuedAt: receiptSample.issuedAt },
  lines: [{ description: 'Partial refund: Wedding highlights edit', sac: null, amountPaise: 4_000_050 }],
  totalPaise: 4_000_050,
  notes: ['Refunded through Cashfree · refund reference refund_9f2c'],
};

const editor: TaxDocumentContent['recipient'] = {
  name: 'Vikram Editing Studio',
  lines: ['GSTIN 29ABCDE1234F1Z5', 'Karnataka (29)'],
};

export const intraStateInvoiceSample: TaxDocumentContent = {
  kind: 'commission_invoice',
  title: 'Tax invoice',
  number: 'CR/INV/2026-27/000042',
  issuedAt: '2026-11-27T04:30:00.000Z',
  issuer,
  recipient: editor,
  order,
  placeOfSupply: 'Karnataka (29)',
  refersTo: null,
  lines: [{ description: 'Marketplace commission on order CR-10482', sac: '998599', amountPaise: 2_469_120 }],
  taxes: [
    { label: 'CGST @ 9%', amountPaise: 222_221 },
    { label: 'SGST @ 9%', amountPaise: 222_221 },
  ],
  totalPaise: 2_913_562,
  notes: ['Tax on this supply is not payable on reverse charge.'],
};

export const interStateInvoiceSample: TaxDocumentContent = {
  ...intraStateInvoiceSample,
  number: 'CR/INV/2026-27/000043',
  recipient: { name: 'Meera Frames LLP', lines: ['GSTIN 27AAFFM4321K1Z9', 'Maharashtra (27)'] },
  placeOfSupply: 'Maharashtra (27)',
  taxes: [{ label: 'IGST @ 18%', amountPaise: 444_442 }],
};

export const commissionCreditNoteSample: TaxDocumentContent = {
  ...intraStateInvoiceSample,
  kind: 'commission_credit_note',
  title: 'Credit note',
  number: 'CR/CCN/2026-27/000003',
  issuedAt: '2026-12-03T06:40:00.000Z',
  refersTo: { number: intraStateInvoiceSample.number, issuedAt: intraStateInvoiceSample.issuedAt },
  lines: [{ description: 'Commission returned on a partial refund', sac: '998599', amountPaise: 800_010 }],
  taxes: [
    { label: 'CGST @ 9%', amountPaise: 72_001 },
    { label: 'SGST @ 9%', amountPaise: 72_001 },
  ],
  totalPaise: 944_012,
};

const long120 = (start: string) => `${start} `.padEnd(120, 'and more words ').slice(0, 120);

/** Every free-text field at its longest: the paper must wrap it, never overflow or overlap. */
export const longTextSample: TaxDocumentContent = {
  ...commissionCreditNoteSample,
  issuer: {
    ...issuer,
    address: [
      'Unit 1204, 12th Floor, Prestige Tech Park Phase Three',
      'Outer Ring Road, Marathahalli Sarjapur Road',
      'Kadubeesanahalli, Varthur Hobli',
      'Bengaluru East Taluk',
      'Bengaluru Urban District',
      'Karnataka 560103, India',
    ],
  },
  recipient: {
    name: long120(
      'Sri Venkateswara Cinematic Wedding Films Highlights Teasers Reels and Post Production Studio',
    ),
    lines: ['GSTIN 29ABCDE1234F1Z5', 'Karnataka (29)'],
  },
  order: {
    reference: 'CR-10482',
    title: long120('Wedding highlights edit with a same-day teaser, three Instagram reels, colour grading'),
  },
  lines: [
    {
      description: long120('Commission returned on a partial refund of the order'),
      sac: '998599',
      amountPaise: 800_010,
    },
    { description: 'Commission returned on the rush fee', sac: '998599', amountPaise: 99_999_999 },
  ],
  taxes: [
    { label: 'CGST @ 9%', amountPaise: 9_072_001 },
    { label: 'SGST @ 9%', amountPaise: 9_072_001 },
  ],
  totalPaise: 118_944_011,
  notes: [
    'Tax on this supply is not payable on reverse charge.',
    long120('This credit note reduces the commission charged on the original invoice because the creator'),
  ],
};

export const allSamples = {
  receipt: receiptSample,
  receiptCreditNote: receiptCreditNoteSample,
  intraStateInvoice: intraStateInvoiceSample,
  interStateInvoice: interStateInvoiceSample,
  commissionCreditNote: commissionCreditNoteSample,
  longText: longTextSample,
} satisfies Record<string, TaxDocumentContent>;
