import { z } from 'zod';
import { typedText, userText } from '../typed-text';
import { isValidAadhaar, isValidGstin, isValidPan } from './identifiers';
import { GST_STATES } from './states';

/**
 * An editor's tax profile (issue 27): who the platform withholds for and invoices. PAN, Aadhaar and
 * GSTIN are sealed at rest and only ever shown masked; a save sends a value to set it, `null` to remove
 * it, and leaves it out to keep the one stored.
 */

export const TAX_ENTITY_TYPES = ['individual', 'huf', 'company', 'firm', 'other'] as const;
export type TaxEntityType = (typeof TAX_ENTITY_TYPES)[number];

export const TAX_ENTITY_LABELS: Record<TaxEntityType, string> = {
  individual: 'Individual',
  huf: 'Hindu undivided family',
  company: 'Company',
  firm: 'Firm or LLP',
  other: 'Other',
};

/** The kind a PAN's fourth letter names, where our entity types name one. */
export const PAN_KIND_LETTERS: Partial<Record<TaxEntityType, string>> = {
  individual: 'P',
  huf: 'H',
  company: 'C',
  firm: 'F',
};

export const TAX_PROFILE_MESSAGES = {
  legalName: 'Enter your legal name as it is on your PAN',
  entityType: 'Choose what kind of taxpayer you are',
  state: 'Choose the state you work from',
  pan: 'Enter a valid PAN, like ABCPE1234F',
  panKind: (entity: string) => `This PAN is not one of a ${entity.toLowerCase()}`,
  aadhaar: 'Enter a valid 12-digit Aadhaar number',
  gstin: 'Enter a valid 15-character GSTIN, like 27AAPFU0939F1ZV',
  gstinState: (state: string) => `This GSTIN is registered in ${state}, not in the state you chose`,
  gstinPan: 'The PAN inside this GSTIN is not your PAN',
  gstinNeedsPan: 'Enter your PAN too: a GSTIN is issued on one',
  saved: 'Tax profile saved',
} as const;

/**
 * Spaces and dashes people type inside identifiers are dropped; letters are upper-cased. Anything else
 * that is not the identifier's own characters (an invisible one pasted along) makes it invalid, with the
 * field's own message rather than a length complaint.
 */
const identifier = (label: string, max: number, invalid: string) =>
  userText(label)
    .transform((v) => v.replace(/[ \t-]/g, '').toUpperCase())
    .pipe(z.string().max(max, invalid));

/** The states an editor may choose: the retired codes (25 Daman and Diu, 28 undivided Andhra Pradesh) are not offered. */
export const TAX_PROFILE_STATES = GST_STATES.filter((s) => s.code !== '25' && s.code !== '28');
const STATE_CODES = TAX_PROFILE_STATES.map((s) => s.code) as [string, ...string[]];

export const taxProfileInputSchema = z
  .object({
    legalName: typedText('Legal name', 120, 2),
    entityType: z.enum(TAX_ENTITY_TYPES, { error: TAX_PROFILE_MESSAGES.entityType }),
    stateCode: z.enum(STATE_CODES, { error: TAX_PROFILE_MESSAGES.state }),
    pan: identifier('PAN', 10, TAX_PROFILE_MESSAGES.pan)
      .refine(isValidPan, TAX_PROFILE_MESSAGES.pan)
      .nullable()
      .optional(),
    aadhaar: identifier('Aadhaar number', 12, TAX_PROFILE_MESSAGES.aadhaar)
      .refine(isValidAadhaar, TAX_PROFILE_MESSAGES.aadhaar)
      .nullable()
      .optional(),
    gstin: identifier('GSTIN', 15, TAX_PROFILE_MESSAGES.gstin)
      .refine(isValidGstin, TAX_PROFILE_MESSAGES.gstin)
      .nullable()
      .optional(),
  })
  .strict();
export type TaxProfileInput = z.input<typeof taxProfileInputSchema>;
export type TaxProfileValues = z.output<typeof taxProfileInputSchema>;

/** The identifiers once merged with what is stored; checked together (state, PAN inside GSTIN, kind). */
export interface TaxIdentifiers {
  entityType: TaxEntityType;
  stateCode: string;
  pan: string | null;
  aadhaar: string | null;
  gstin: string | null;
}

/** The first problem of a whole profile, as `[field, message]`, or null when it holds together. */
export function taxProfileProblem(p: TaxIdentifiers): [keyof TaxIdentifiers, string] | null {
  const letter = PAN_KIND_LETTERS[p.entityType];
  if (p.pan && letter && p.pan[3] !== letter) {
    return ['pan', TAX_PROFILE_MESSAGES.panKind(TAX_ENTITY_LABELS[p.entityType])];
  }
  if (p.gstin) {
    if (!p.pan) return ['pan', TAX_PROFILE_MESSAGES.gstinNeedsPan];
    const state = GST_STATES.find((s) => s.code === p.gstin!.slice(0, 2));
    if (p.gstin.slice(0, 2) !== p.stateCode) {
      return ['gstin', TAX_PROFILE_MESSAGES.gstinState(state?.name ?? `state ${p.gstin.slice(0, 2)}`)];
    }
    if (p.gstin.slice(2, 12) !== p.pan) return ['gstin', TAX_PROFILE_MESSAGES.gstinPan];
  }
  return null;
}

/** What the page is shown: never a whole identifier. */
export interface TaxProfile {
  legalName: string;
  entityType: TaxEntityType;
  stateCode: string;
  stateName: string;
  /** '••••••234F' */
  pan: string | null;
  /** '•••• •••• 9012' */
  aadhaar: string | null;
  /** '29•••••••••••1Z5' */
  gstin: string | null;
  /** Registered under GST (a GSTIN is on file): TCS applies. */
  registered: boolean;
  updatedAt: string;
}

export const maskPan = (pan: string) => `••••••${pan.slice(-4)}`;
export const maskAadhaar = (a: string) => `•••• •••• ${a.slice(-4)}`;
export const maskGstin = (g: string) => `${g.slice(0, 2)}${'•'.repeat(10)}${g.slice(-3)}`;
