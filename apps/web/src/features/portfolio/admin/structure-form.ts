import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  DEFAULT_TIERS,
  TIER_TITLES,
  portfolioStructureInputSchema,
  type Portfolio,
  type PortfolioStructureInput,
  type TierTitle,
} from '@cutroom/contracts/portfolio';

/** One tier as the form edits it; numbers are NaN while their input is empty. */
export interface TierForm {
  title: TierTitle;
  offered: boolean;
  description: string;
  features: string[];
  reelCount: number;
  priceMin: number;
  /** Empty (undefined or NaN) when the tier has no range. */
  priceMax?: number;
  /** What the tier states it delivers; NaN (empty) until the admin enters them. */
  deliveryDays: number;
  revisions: number;
}

export interface StructureForm {
  tiers: TierForm[];
  whatsIncluded: string[];
}

/** The saved structure, or SPEC.md §3's default tiers for an editor without one. */
export function formFromPortfolio(portfolio: Portfolio): StructureForm {
  const saved = new Map(portfolio.tiers.map((t) => [t.title, t]));
  const fresh = portfolio.tiers.length === 0;
  return {
    whatsIncluded: portfolio.whatsIncluded,
    tiers: TIER_TITLES.map((title) => {
      const tier = saved.get(title) ?? DEFAULT_TIERS.find((t) => t.title === title)!;
      const price = tier.pricing[0];
      return {
        title,
        offered: fresh || saved.has(title),
        description: tier.description,
        features: tier.features,
        reelCount: price?.reelCount ?? 0,
        priceMin: price?.priceMin ?? 0,
        // A saved tier without a range shows an empty maximum; new defaults show SPEC.md's 0.
        priceMax: saved.has(title) ? price?.priceMax || undefined : (price?.priceMax ?? 0),
        // No default is picked for the admin: what a tier promises is stated, never assumed.
        deliveryDays: saved.get(title)?.deliveryDays ?? Number.NaN,
        revisions: saved.get(title)?.revisions ?? Number.NaN,
      };
    }),
  };
}

/** What PATCH …/portfolio/structure receives: offered tiers only; an empty or 0 maximum means none. */
export function inputFromForm(form: StructureForm): { input: PortfolioStructureInput; formIndex: number[] } {
  const formIndex: number[] = [];
  const tiers = form.tiers.flatMap((t, i) => {
    if (!t.offered) return [];
    formIndex.push(i);
    const hasMax = t.priceMax !== undefined && Number.isFinite(t.priceMax) && t.priceMax !== 0;
    const stated = (n: number) => (Number.isNaN(n) ? undefined : n);
    return [
      {
        title: t.title,
        description: t.description,
        features: t.features,
        pricing: [
          { reelCount: t.reelCount, priceMin: t.priceMin, ...(hasMax ? { priceMax: t.priceMax } : {}) },
        ],
        deliveryDays: stated(t.deliveryDays),
        revisions: stated(t.revisions),
      },
    ];
  });
  return { input: { tiers, whatsIncluded: form.whatsIncluded }, formIndex };
}

const FIELD_OF: Record<string, keyof TierForm> = {
  reelCount: 'reelCount',
  priceMin: 'priceMin',
  priceMax: 'priceMax',
  deliveryDays: 'deliveryDays',
  revisions: 'revisions',
  description: 'description',
  features: 'features',
};

/** Validates with the contracts' schema and puts each message on the input it is about. */
export const structureResolver: Resolver<StructureForm> = async (values) => {
  const { input, formIndex } = inputFromForm(values);
  const parsed = portfolioStructureInputSchema.safeParse(input);
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  const tierErrors: Record<number, Record<string, { type: string; message: string }>> = {};
  for (const issue of parsed.error.issues) {
    const [root, index, ...rest] = issue.path;
    if (root === 'tiers' && typeof index === 'number') {
      const field = FIELD_OF[String(rest.find((p) => typeof p === 'string' && FIELD_OF[p]) ?? '')];
      const at = formIndex[index]!;
      tierErrors[at] ??= {};
      tierErrors[at][field ?? 'description'] ??= { type: 'validate', message: issue.message };
    } else if (root === 'whatsIncluded') {
      errors.whatsIncluded ??= { type: 'validate', message: issue.message };
    } else {
      errors.root ??= { type: 'validate', message: issue.message };
    }
  }
  if (Object.keys(tierErrors).length) {
    errors.tiers = Object.assign([], tierErrors);
  }
  return { values: {}, errors: errors as FieldErrors<StructureForm> };
};
