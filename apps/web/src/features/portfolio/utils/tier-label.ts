import type { TierTitle } from '@cutroom/contracts/portfolio';

/** 'basic' → 'Basic': tier titles are stored lower-case (SPEC.md §3) and shown capitalised. */
export const tierLabel = (title: TierTitle | string) => title.charAt(0).toUpperCase() + title.slice(1);
