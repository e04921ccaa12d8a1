import { z } from 'zod';

/** Where the perks page's chat link points when PERKS_CHAT_URL is not configured (or not usable). */
export const PERKS_CHAT_FALLBACK_URL = '/contact';

/**
 * GET /api/public/site-config: public settings the pages read at run time.
 * Calls marked pure so a page that only needs the constant above does not pull zod into its chunk.
 */
export const siteConfigSchema = /* @__PURE__ */ z.object({
  /** An absolute http(s) URL, or the in-app fallback path. */
  perksChatUrl: /* @__PURE__ */ z.string(),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
