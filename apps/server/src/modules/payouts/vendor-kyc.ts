import { createHmac } from 'node:crypto';
import type { GatewayVendorInput } from '../payments';
import { taxIdentityOf } from '../tax';
import type { PayoutsContext } from './context';

export type VendorKyc = NonNullable<GatewayVendorInput['kyc']>;

/**
 * The KYC numbers Cashfree needs of a vendor, from the editor's tax profile (sealed there, opened only
 * to be sent): the PAN, and the GSTIN of a registered editor. The fingerprint (an HMAC, never the
 * numbers) is kept with the account so the vendor jobs can tell when a PAN or GSTIN was saved later.
 */
export async function vendorKycOf(
  ctx: PayoutsContext,
  editorId: string,
): Promise<{ kyc: VendorKyc; fingerprint: string }> {
  const identity = await taxIdentityOf(ctx.db, ctx.key, editorId);
  const kyc = { pan: identity?.pan ?? null, gstin: identity?.gstin ?? null };
  // A key of its own, derived from the sealing key, so the fingerprint cannot be confused with a seal.
  const key = createHmac('sha256', ctx.key).update('cutroom:vendor-kyc').digest();
  const fingerprint = createHmac('sha256', key)
    .update(`${editorId}\n${kyc.pan ?? ''}\n${kyc.gstin ?? ''}`)
    .digest('base64url');
  return { kyc, fingerprint };
}
