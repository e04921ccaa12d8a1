import { maskAadhaar, maskGstin, maskPan, type TaxEntityType } from '@cutroom/contracts';
import type { Db } from '../../src/db/client';
import { editorTaxProfiles } from '../../src/db/schema';
import { sealJson } from '../../src/lib/sealing';

/** Every test server's sealing key (PAYOUT_DETAILS_KEY), so fixtures can seal what the server opens. */
export const TEST_SEALING_KEY_HEX = 'a1'.repeat(32);
const key = Buffer.from(TEST_SEALING_KEY_HEX, 'hex');

export interface TaxProfileFixture {
  legalName?: string;
  entityType?: TaxEntityType;
  stateCode?: string;
  pan?: string | null;
  aadhaar?: string | null;
  gstin?: string | null;
}

/**
 * The profile a test editor has unless a test says otherwise: an individual in the platform's state
 * (Karnataka, 29) with a PAN and under the ₹5 lakh limit, so no TCS or TDS is withheld and the share is
 * the fee's complement, as most small editors' are.
 */
export const DEFAULT_TAX_PROFILE: TaxProfileFixture = {
  legalName: 'Test Editor',
  entityType: 'individual',
  stateCode: '29',
  pan: 'ABCPE1234F',
};

/** Stores a tax profile for an editor, sealed as the server seals it (modules/tax/profile.ts). */
export async function giveTaxProfile(db: Db, editorId: string, fixture: TaxProfileFixture = {}) {
  const p = { ...DEFAULT_TAX_PROFILE, ...fixture };
  const sealed = (field: string, value: string | null | undefined) =>
    value ? sealJson(key, `tax:${editorId}:${field}`, value) : null;
  const values = {
    legalName: p.legalName!,
    entityType: p.entityType!,
    stateCode: p.stateCode!,
    panSealed: sealed('pan', p.pan),
    panMasked: p.pan ? maskPan(p.pan) : null,
    aadhaarSealed: sealed('aadhaar', p.aadhaar),
    aadhaarMasked: p.aadhaar ? maskAadhaar(p.aadhaar) : null,
    gstinSealed: sealed('gstin', p.gstin),
    gstinMasked: p.gstin ? maskGstin(p.gstin) : null,
  };
  await db
    .insert(editorTaxProfiles)
    .values({ editorId, ...values })
    .onConflictDoUpdate({ target: editorTaxProfiles.editorId, set: values });
}
