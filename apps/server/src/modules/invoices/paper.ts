import { gstStateName, orderReference, type TaxDocumentKind } from '@cutroom/contracts';
import type { Config } from '../../config';
import type { TaxDocumentContent } from './pdf/content';

/**
 * What each document says, from the facts of the order: pure, so the words of the paper are decided in
 * one place. Amounts in paise.
 */

export type PlatformConfig = Pick<
  Config,
  'PLATFORM_LEGAL_NAME' | 'PLATFORM_ADDRESS' | 'PLATFORM_GSTIN' | 'PLATFORM_COMMISSION_SAC'
>;

export interface OrderFacts {
  number: number;
  title: string;
  creatorName: string;
  editorName: string;
  gatewayOrderId: string | null;
}

/** The editor as the commission invoice addresses them: from their tax profile when there is one. */
export interface EditorParty {
  legalName: string;
  stateCode: string;
  gstin: string | null;
}

export interface GstParts {
  intraState: boolean;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  ratePpm: number;
}

const stateLabel = (code: string) => `${gstStateName(code) ?? 'State'} (${code})`;
const percent = (ppm: number) => `${Number((ppm / 10_000).toFixed(3))}%`;

function issuerOf(p: PlatformConfig): TaxDocumentContent['issuer'] {
  return {
    name: p.PLATFORM_LEGAL_NAME,
    address: p.PLATFORM_ADDRESS.split('|')
      .map((l) => l.trim())
      .filter(Boolean),
    gstin: p.PLATFORM_GSTIN,
    pan: p.PLATFORM_GSTIN.slice(2, 12),
  };
}

interface Base {
  kind: TaxDocumentKind;
  number: string;
  issuedAt: Date;
  refersTo: { number: string; issuedAt: Date } | null;
}

function frame(p: PlatformConfig, base: Base, order: OrderFacts) {
  return {
    kind: base.kind,
    number: base.number,
    issuedAt: base.issuedAt.toISOString(),
    issuer: issuerOf(p),
    order: { reference: orderReference(order.number), title: order.title },
    refersTo: base.refersTo
      ? { number: base.refersTo.number, issuedAt: base.refersTo.issuedAt.toISOString() }
      : null,
  };
}

/** The creator's receipt, or the credit note of a refund: what was paid for the editor's work. */
export function receiptPaper(
  p: PlatformConfig,
  base: Base,
  order: OrderFacts,
  amountPaise: number,
): TaxDocumentContent {
  const refund = base.kind === 'receipt_credit_note';
  return {
    ...frame(p, base, order),
    title: refund ? 'Credit note' : 'Payment receipt',
    recipient: { name: order.creatorName, lines: [] },
    placeOfSupply: null,
    lines: [
      {
        description: `${refund ? 'Refund for video editing' : 'Video editing'} by ${order.editorName}`,
        sac: null,
        amountPaise,
      },
    ],
    taxes: [],
    totalPaise: amountPaise,
    notes: [
      ...(order.gatewayOrderId ? [`Paid through Cashfree · payment reference ${order.gatewayOrderId}`] : []),
      refund
        ? 'The amount goes back to the card or account the payment came from.'
        : 'Cutroom receives this payment on behalf of the editor as an e-commerce operator and releases it when the order is complete.',
    ],
  };
}

/** The platform's tax invoice to the editor for its commission, or the credit note that reduces it. */
export function commissionPaper(
  p: PlatformConfig,
  base: Base,
  order: OrderFacts,
  editor: EditorParty,
  commissionPaise: number,
  gst: GstParts,
): TaxDocumentContent {
  const credit = base.kind === 'commission_credit_note';
  const half = percent(gst.ratePpm / 2);
  const taxes = gst.intraState
    ? [
        { label: `CGST @ ${half}`, amountPaise: gst.cgstPaise },
        { label: `SGST @ ${half}`, amountPaise: gst.sgstPaise },
      ]
    : [{ label: `IGST @ ${percent(gst.ratePpm)}`, amountPaise: gst.igstPaise }];
  return {
    ...frame(p, base, order),
    title: credit ? 'Credit note' : 'Tax invoice',
    recipient: {
      name: editor.legalName,
      lines: [...(editor.gstin ? [`GSTIN ${editor.gstin}`] : []), stateLabel(editor.stateCode)],
    },
    placeOfSupply: stateLabel(editor.stateCode),
    lines: [
      {
        description: `${credit ? 'Commission returned on a refund of' : 'Marketplace commission on'} order ${orderReference(order.number)}`,
        sac: p.PLATFORM_COMMISSION_SAC,
        amountPaise: commissionPaise,
      },
    ],
    taxes,
    totalPaise: commissionPaise + gst.cgstPaise + gst.sgstPaise + gst.igstPaise,
    notes: [
      credit
        ? 'This amount is returned to your share of the order.'
        : 'Deducted from your share of the order: nothing is payable separately.',
      'Tax on this supply is not payable on reverse charge.',
    ],
  };
}

/** GST of `totalPaise` split the way the order's assessment split it (within a state, or across). */
export function gstPartsOf(totalPaise: number, intraState: boolean, ratePpm: number): GstParts {
  if (!intraState) return { intraState, cgstPaise: 0, sgstPaise: 0, igstPaise: totalPaise, ratePpm };
  const cgstPaise = Math.floor(totalPaise / 2);
  return { intraState, cgstPaise, sgstPaise: totalPaise - cgstPaise, igstPaise: 0, ratePpm };
}
