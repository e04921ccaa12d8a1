import { PERKS_CHAT_FALLBACK_URL, type SiteConfig } from '@cutroom/contracts';
import type { Config } from '../../config';

/** SUPPORT_EMAIL when unset: fine for the demo, and reported at start when real payments are taken. */
export const DEMO_SUPPORT_EMAIL = 'support@cutroom.local';

export type SiteSettings = Pick<
  Config,
  | 'PERKS_CHAT_URL'
  | 'COMPANY_NAME'
  | 'COMPANY_ADDRESS'
  | 'SUPPORT_EMAIL'
  | 'SUPPORT_PHONE'
  | 'ORDER_AUTO_COMPLETE_HOURS'
  | 'ORDER_CANCELLATION_RESPONSE_HOURS'
>;

/** Only web links are handed to browsers: a configured `javascript:` or `data:` URL must never become an href. */
export function safeExternalUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The public settings the pages need; the perks chat link falls back to the contact page. */
export function publicSiteConfig(config: SiteSettings): SiteConfig {
  return {
    perksChatUrl: safeExternalUrl(config.PERKS_CHAT_URL) ?? PERKS_CHAT_FALLBACK_URL,
    company: {
      name: config.COMPANY_NAME,
      address: config.COMPANY_ADDRESS ?? null,
      supportEmail: config.SUPPORT_EMAIL ?? DEMO_SUPPORT_EMAIL,
      supportPhone: config.SUPPORT_PHONE ?? null,
    },
    orderRules: {
      autoCompleteHours: config.ORDER_AUTO_COMPLETE_HOURS,
      cancellationResponseHours: config.ORDER_CANCELLATION_RESPONSE_HOURS,
    },
  };
}

/**
 * The contact settings a live Cashfree account needs on the website and this deployment lacks. The
 * gateway's website review looks for a reachable address, e-mail and phone on the contact and policy pages.
 */
export function missingMerchantContacts(
  config: Pick<
    Config,
    'PAYMENT_PROVIDER' | 'CASHFREE_ENV' | 'COMPANY_ADDRESS' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'
  >,
): string[] {
  if (config.PAYMENT_PROVIDER !== 'cashfree' || config.CASHFREE_ENV !== 'production') return [];
  const missing: string[] = [];
  if (!config.COMPANY_ADDRESS) missing.push('COMPANY_ADDRESS');
  if (!config.SUPPORT_EMAIL) missing.push('SUPPORT_EMAIL');
  if (!config.SUPPORT_PHONE) missing.push('SUPPORT_PHONE');
  return missing;
}
