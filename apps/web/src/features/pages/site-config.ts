import { useQuery } from '@tanstack/react-query';
import { PERKS_CHAT_FALLBACK_URL, type SiteConfig } from '@cutroom/contracts/site';
import { api } from '../../lib/api';

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
