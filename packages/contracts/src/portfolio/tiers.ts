/** The three tiers by title, and the preset options an admin picks a tier's features from. */
import { z } from 'zod';

export const TIER_TITLES = ['basic', 'intermediate', 'pro'] as const;
export const tierTitleSchema = z.enum(TIER_TITLES);
export type TierTitle = z.infer<typeof tierTitleSchema>;

/**
 * The delivery time and revisions a tier states (and Pay Now buys): whole days and whole revisions, the
 * same bounds as an editor's offer (ORDER_LIMITS uses these).
 */
export const TIER_TERMS_LIMITS = {
  deliveryDaysMin: 1,
  deliveryDaysMax: 90,
  revisionsMin: 0,
  revisionsMax: 10,
} as const;

/** '1 day · 1 revision', '5 days · 2 revisions': the terms every tier card states. */
export function tierTermsLabel(terms: { deliveryDays: number; revisions: number }): string {
  const days = `${terms.deliveryDays} ${terms.deliveryDays === 1 ? 'day' : 'days'}`;
  const revisions = `${terms.revisions} ${terms.revisions === 1 ? 'revision' : 'revisions'}`;
  return `${days} · ${revisions}`;
}

/** SPEC.md §3: the preset tier feature options, in the order the admin sees them. */
export const TIER_FEATURE_PRESETS = [
  '1 revision',
  'Trimming & cutting',
  'Basic transitions',
  'Basic color correction',
  'Audio leveling',
  'Basic subtitles',
  'Background noise removal',
  'Aspect ratio adjustment for one platform',
  'Up to 2 revisions',
  'Advanced transitions',
  'Basic motion graphics',
  'Creative color grading',
  'Intermediate sound design',
  'Stylized subtitles',
  'Background music syncing',
  'Light effects',
  'Crop & reframe for multiple platforms',
  'Advanced motion graphics & animation',
  'VFX & compositing',
  '3D elements integration',
  'Advanced color grading',
  'Multi-camera syncing',
  'Audio mixing & mastering',
  'High-end visual effects',
  'Storyboard-to-final edit service',
  'Thumbnail creation',
  'Project file delivery',
  'Express delivery',
] as const;

/** SPEC.md §3: the preset what's-included options; custom entries may be typed. */
export const WHATS_INCLUDED_PRESETS = [
  'Background Music',
  'Voice Over',
  'Stock Footage',
  'Revisions',
] as const;

/** Trims, drops empties and removes case-insensitive duplicates, keeping the first spelling. */
export function dedupeTexts(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim().replace(/\s+/g, ' ');
    const key = value.toLowerCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}
