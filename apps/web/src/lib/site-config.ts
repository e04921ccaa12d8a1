import { useQuery } from '@tanstack/react-query';
import { PERKS_CHAT_FALLBACK_URL, type SiteConfig } from '@cutroom/contracts/site';
import { api } from './api';

/** Public settings from the server; changes only with a server restart. */
export function useSiteConfig() {
  return useQuery({
    queryKey: ['site-config'],
    queryFn: ({ signal }) => api.get<SiteConfig>('/public/site-config', { signal }),
    staleTime: 10 * 60_000,
  });
}

/** The perks page's chat link: the configured one, or the contact page while unknown or unavailable. */
export function usePerksChatUrl(): string {
  return useSiteConfig().data?.perksChatUrl ?? PERKS_CHAT_FALLBACK_URL;
}

export const isExternalUrl = (url: string) => /^https?:\/\//i.test(url);

/** A tel: href from a number written for people ("+91 80 4000 1234" → "tel:+918040001234"). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/**
 * A configured duration as a policy sentence reads it: "72 hours (3 days)", "48 hours (2 days)". Under an
 * hour (shortened windows on test servers) it is given in minutes rather than as "0.1 hours".
 */
export function describeHours(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  }
  const h = Math.round(hours * 10) / 10;
  const text = `${h} hour${h === 1 ? '' : 's'}`;
  return h % 24 === 0 ? `${text} (${h / 24} day${h === 24 ? '' : 's'})` : text;
}
