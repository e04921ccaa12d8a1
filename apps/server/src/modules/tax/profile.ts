import { eq, sql } from 'drizzle-orm';
import {
  gstStateName,
  maskAadhaar,
  maskGstin,
  maskPan,
  taxProfileProblem,
  type TaxIdentifiers,
  type TaxProfile,
  type TaxProfileValues,
} from '@cutroom/contracts';
import type { Db } from '../../db/client';
import { editorTaxProfiles } from '../../db/schema';
import { badRequest } from '../../lib/http-error';
import { openJson, sealJson } from '../../lib/sealing';

type ProfileRow = typeof editorTaxProfiles.$inferSelect;
type Sealable = 'pan' | 'aadhaar' | 'gstin';

/** Each identifier is sealed bound to its editor and its field: a PAN blob never opens as an Aadhaar. */
const boundTo = (editorId: string, field: Sealable) => `tax:${editorId}:${field}`;
const seal = (key: Buffer, editorId: string, field: Sealable, value: string) =>
  sealJson(key, boundTo(editorId, field), value);
/** A whole identifier from a profile row (null when none): for the platform's own paper and returns only. */
export const openTaxIdentifier = (key: Buffer, editorId: string, field: Sealable, sealed: string | null) =>
  sealed === null ? null : openJson<string>(key, boundTo(editorId, field), sealed);
const open = openTaxIdentifier;

export function toTaxProfile(row: ProfileRow): TaxProfile {
  return {
    legalName: row.legalName,
    entityType: row.entityType,
    stateCode: row.stateCode,
    stateName: gstStateName(row.stateCode) ?? row.stateCode,
    pan: row.panMasked,
    aadhaar: row.aadhaarMasked,
    gstin: row.gstinMasked,
    registered: row.gstinMasked !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function taxProfileView(db: Db, editorId: string): Promise<TaxProfile | null> {
  const [row] = await db.select().from(editorTaxProfiles).where(eq(editorTaxProfiles.editorId, editorId));
  return row ? toTaxProfile(row) : null;
}

/** The whole identifiers, for the platform's own paper (the editor's invoice): never for a page. */
export interface TaxIdentity {
  legalName: string;
  stateCode: string;
  gstin: string | null;
  pan: string | null;
  /** Quoted instead of a PAN by some editors (s.139A(5E)); payouts sends it as their KYC document. */
  aadhaar: string | null;
}

export async function taxIdentityOf(db: Db, key: Buffer, editorId: string): Promise<TaxIdentity | null> {
  const [row] = await db.select().from(editorTaxProfiles).where(eq(editorTaxProfiles.editorId, editorId));
  if (!row) return null;
  return {
    legalName: row.legalName,
    stateCode: row.stateCode,
    gstin: open(key, editorId, 'gstin', row.gstinSealed),
    pan: open(key, editorId, 'pan', row.panSealed),
    aadhaar: open(key, editorId, 'aadhaar', row.aadhaarSealed),
  };
}

/**
 * Saves a profile: an identifier given is set, `null` removes it, one left out keeps what is stored. The
 * merged whole is checked together (the state inside the GSTIN, the PAN inside it, the PAN's kind), with
 * the row locked so two saves at once cannot each pass against the other's old values.
 */
export async function saveTaxProfile(
  db: Db,
  key: Buffer,
  editorId: string,
  input: TaxProfileValues,
): Promise<TaxProfile> {
  return db.transaction(async (tx) => {
    // A first save has no row to lock yet: two at once would each merge with nothing and the later
    // would drop what the earlier set. The editor's own advisory lock serialises them either way.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tax-profile:${editorId}`}))`);
    const [stored] = await tx
      .select()
      .from(editorTaxProfiles)
      .where(eq(editorTaxProfiles.editorId, editorId))
      .for('update');
    const kept = (field: Sealable, sealed: string | null | undefined) =>
      input[field] !== undefined ? input[field] : open(key, editorId, field, sealed ?? null);
    const merged: TaxIdentifiers = {
      entityType: input.entityType,
      stateCode: input.stateCode,
      pan: kept('pan', stored?.panSealed),
      aadhaar: kept('aadhaar', stored?.aadhaarSealed),
      gstin: kept('gstin', stored?.gstinSealed),
    };
    const problem = taxProfileProblem(merged);
    if (problem) throw badRequest(problem[1]);
    const values = {
      legalName: input.legalName,
      entityType: input.entityType,
      stateCode: input.stateCode,
      panSealed: merged.pan ? seal(key, editorId, 'pan', merged.pan) : null,
      panMasked: merged.pan ? maskPan(merged.pan) : null,
      aadhaarSealed: merged.aadhaar ? seal(key, editorId, 'aadhaar', merged.aadhaar) : null,
      aadhaarMasked: merged.aadhaar ? maskAadhaar(merged.aadhaar) : null,
      gstinSealed: merged.gstin ? seal(key, editorId, 'gstin', merged.gstin) : null,
      gstinMasked: merged.gstin ? maskGstin(merged.gstin) : null,
      updatedAt: sql`now()`,
    };
    const [row] = await tx
      .insert(editorTaxProfiles)
      .values({ editorId, ...values })
      .onConflictDoUpdate({ target: editorTaxProfiles.editorId, set: values })
      .returning();
    return toTaxProfile(row!);
  });
}
