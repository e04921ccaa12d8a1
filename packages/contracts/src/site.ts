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
  /**
   * Who runs the site and how to reach them (COMPANY_NAME, COMPANY_ADDRESS, SUPPORT_EMAIL, SUPPORT_PHONE):
   * the contact page and the policy pages show it, as the payment gateway asks of a merchant's website.
   */
  company: /* @__PURE__ */ z.object({
    name: /* @__PURE__ */ z.string(),
    /** Null when not configured: the pages then leave the line out rather than show a placeholder. */
    address: /* @__PURE__ */ z.string().nullable(),
    supportEmail: /* @__PURE__ */ z.string(),
    supportPhone: /* @__PURE__ */ z.string().nullable(),
  }),
  /** The order windows the refund policy quotes, in hours, as this server enforces them. */
  orderRules: /* @__PURE__ */ z.object({
    autoCompleteHours: /* @__PURE__ */ z.number(),
    cancellationResponseHours: /* @__PURE__ */ z.number(),
  }),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
export type CompanyContact = SiteConfig['company'];
