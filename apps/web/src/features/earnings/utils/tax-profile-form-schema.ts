import { z } from 'zod';
import {
  PAN_KIND_LETTERS,
  TAX_ENTITY_TYPES,
  TAX_PROFILE_MESSAGES,
  taxProfileInputSchema,
  taxProfileProblem,
  type TaxEntityType,
  type TaxProfile,
  type TaxProfileValues,
} from '@cutroom/contracts';

/** The identifiers the server keeps sealed and shows only masked. */
export const TAX_IDENTIFIERS = ['pan', 'aadhaar', 'gstin'] as const;
export type TaxIdentifier = (typeof TAX_IDENTIFIERS)[number];

export const TAX_FIELDS = ['legalName', 'entityType', 'stateCode', ...TAX_IDENTIFIERS] as const;
export type TaxField = (typeof TAX_FIELDS)[number];

/** What the form holds: an identifier's input is empty unless a new value is typed. */
export interface TaxProfileFormValues {
  legalName: string;
  entityType: TaxEntityType | '';
  stateCode: string;
  pan: string;
  aadhaar: string;
  gstin: string;
}

/** What the form is checked against: the stored (masked) profile and the identifiers marked for removal. */
export interface TaxFormContext {
  stored: TaxProfile | null;
  removed: Record<TaxIdentifier, boolean>;
}

export const NOTHING_REMOVED: Record<TaxIdentifier, boolean> = { pan: false, aadhaar: false, gstin: false };

export const taxFormDefaults = (stored: TaxProfile | null): TaxProfileFormValues => ({
  legalName: stored?.legalName ?? '',
  entityType: stored?.entityType ?? '',
  stateCode: stored?.stateCode ?? '',
  pan: '',
  aadhaar: '',
  gstin: '',
});

/**
 * The PUT body: a typed identifier is sent, a removed one is sent as `null`, an untouched one is left
 * out so the server keeps what it has.
 */
export function taxProfileBody(v: TaxProfileFormValues, ctx: TaxFormContext): Record<string, unknown> {
  const body: Record<string, unknown> = {
    legalName: v.legalName,
    entityType: v.entityType,
    stateCode: v.stateCode,
  };
  for (const k of TAX_IDENTIFIERS) {
    if (v[k].trim()) body[k] = v[k];
    else if (ctx.removed[k] && ctx.stored?.[k]) body[k] = null;
  }
  return body;
}

/**
 * `taxProfileProblem` over the profile as it will be once saved. Stored identifiers are known only by
 * their masks, so stand-ins take their place: a kept PAN is assumed to be the kind the taxpayer kind
 * needs (the server checks the real one) and is compared with a new GSTIN by the four characters its
 * mask shows; a kept GSTIN keeps its state code, which its mask shows.
 */
export function taxFormProblem(v: TaxProfileValues, ctx: TaxFormContext): [TaxField, string] | null {
  const stored = ctx.stored;
  const keptPan = v.pan === undefined && stored?.pan ? stored.pan : null;
  const keptGstin = v.gstin === undefined && stored?.gstin ? stored.gstin : null;
  const letter = PAN_KIND_LETTERS[v.entityType] ?? 'P';
  const standIn = (base = 'AAAPA0000A') => `${base.slice(0, 3)}${letter}${base.slice(4)}`;
  const newGstin = v.gstin ?? null;

  const pan = v.pan ?? (keptPan ? standIn(newGstin?.slice(2, 12)) : null);
  let gstin: string | null = null;
  if (newGstin) gstin = keptPan ? `${newGstin.slice(0, 2)}${pan}${newGstin.slice(12)}` : newGstin;
  else if (keptGstin) gstin = `${keptGstin.slice(0, 2)}${pan ?? standIn()}1Z5`;

  const problem = taxProfileProblem({
    entityType: v.entityType,
    stateCode: v.stateCode,
    pan,
    aadhaar: v.aadhaar ?? null,
    gstin,
  });
  if (problem) return problem;
  if (newGstin && keptPan && keptPan.slice(-4) !== newGstin.slice(8, 12)) {
    return ['gstin', TAX_PROFILE_MESSAGES.gstinPan];
  }
  return null;
}

const isField = (k: unknown): k is TaxField => (TAX_FIELDS as readonly unknown[]).includes(k);

/**
 * The form's schema: the body goes through the contract's `taxProfileInputSchema` (the page refuses what
 * the server refuses, in the same words, beside the field), then the whole profile through
 * `taxFormProblem`. The output is the body to send.
 */
export const taxProfileFormSchema = (ctx: TaxFormContext) =>
  z
    .object({
      legalName: z.string(),
      entityType: z.union([z.enum(TAX_ENTITY_TYPES), z.literal('')]),
      stateCode: z.string(),
      pan: z.string(),
      aadhaar: z.string(),
      gstin: z.string(),
    })
    .transform((v, zctx): TaxProfileValues => {
      const parsed = taxProfileInputSchema.safeParse(taxProfileBody(v, ctx));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if (isField(field)) zctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
        }
        return z.NEVER;
      }
      const problem = taxFormProblem(parsed.data, ctx);
      if (problem) {
        zctx.addIssue({ code: 'custom', message: problem[1], path: [problem[0]] });
        return z.NEVER;
      }
      return parsed.data;
    });
