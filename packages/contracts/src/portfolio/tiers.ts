/** The three tiers by title, and the preset options an admin picks a tier's features from. */
import { z } from 'zod';

export const TIER_TITLES = ['basic', 'intermediate', 'pro'] as const;
export const tierTitleSchema = z.enum(TIER_TITLES);
export type TierTitle = z.infer<typeof tierTitleSchema>;

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
