import { PERKS_CHAT_FALLBACK_URL, type SiteConfig } from '@cutroom/contracts';
import type { Config } from '../../config';

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
export function publicSiteConfig(config: Pick<Config, 'PERKS_CHAT_URL'>): SiteConfig {
  return { perksChatUrl: safeExternalUrl(config.PERKS_CHAT_URL) ?? PERKS_CHAT_FALLBACK_URL };
}
