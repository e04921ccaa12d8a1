import { createHmac } from 'node:crypto';
import type { GatewayVendorInput, VendorDocumentType } from '../payments';
import { taxIdentityOf } from '../tax';
import type { PayoutsContext } from './context';

export type VendorKyc = NonNullable<GatewayVendorInput['kyc']>;

/** A KYC document sent by its number (Cashfree's Upload Vendor Docs). */
export interface VendorDocument {
  docType: VendorDocumentType;
  docValue: string;
}

/**
 * The KYC numbers Cashfree needs of a vendor, from the editor's tax profile (sealed there, opened only
 * to be sent): the PAN, and the GSTIN of a registered editor, in kyc_details; and the same as documents
 * (PAN_NUMBER, GSTIN_NUMBER), or the Aadhaar number (UIDAI_NUMBER) of an editor who gave Aadhaar instead
 * of a PAN. The fingerprint (an HMAC of all of them, never the numbers) is kept with the account so the
 * vendor jobs can tell when a number was saved later, and send each change once.
 */
export async function vendorKycOf(
  ctx: PayoutsContext,
  editorId: string,
): Promise<{ kyc: VendorKyc; documents: VendorDocument[]; fingerprint: string }> {
  const identity = await taxIdentityOf(ctx.db, ctx.key, editorId);
  const kyc = { pan: identity?.pan ?? null, gstin: identity?.gstin ?? null };
  const aadhaar = kyc.pan ? null : (identity?.aadhaar ?? null);
  const documents: VendorDocument[] = [];
  if (kyc.pan) documents.push({ docType: 'PAN_NUMBER', docValue: kyc.pan });
  if (aadhaar) documents.push({ docType: 'UIDAI_NUMBER', docValue: aadhaar });
  if (kyc.gstin) documents.push({ docType: 'GSTIN_NUMBER', docValue: kyc.gstin });
  // A key of its own, derived from the sealing key, so the fingerprint cannot be confused with a seal.
  const key = createHmac('sha256', ctx.key).update('cutroom:vendor-kyc').digest();
  const fingerprint = createHmac('sha256', key)
    .update(`${editorId}\n${kyc.pan ?? ''}\n${kyc.gstin ?? ''}\ndocs:${aadhaar ?? ''}`)
    .digest('base64url');
  return { kyc, documents, fingerprint };
}
