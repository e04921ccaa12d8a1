import { fullTitle, SITE_NAME, type PageMetaData } from '../components/seo/page-meta';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * JSON that is safe inside a <script> element: no '<' can close the element or open a comment, whatever
 * an editor typed into their name or a tier.
 */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const absolute = (origin: string, pathOrUrl: string) => new URL(pathOrUrl, origin).href;

/** The head of a server-rendered page: title, description, canonical, Open Graph, Twitter card, JSON-LD. */
export function renderPageHead(meta: PageMetaData, origin: string, path: string): string {
  const title = fullTitle(meta.title);
  const canonical = absolute(origin, meta.canonicalPath ?? path);
  const image = meta.image ? absolute(origin, meta.image) : undefined;
  const tag = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const lines = [
    `<title>${escapeHtml(title)}</title>`,
    tag('name', 'description', meta.description),
    meta.noIndex
      ? tag('name', 'robots', 'noindex')
      : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:title', title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', canonical),
    tag('property', 'og:locale', 'en_IN'),
    ...(image ? [tag('property', 'og:image', image), tag('property', 'og:image:alt', meta.title)] : []),
    tag('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', title),
    tag('name', 'twitter:description', meta.description),
    ...(image ? [tag('name', 'twitter:image', image)] : []),
  ];
  if (meta.structuredData) {
    lines.push(`<script type="application/ld+json">${scriptSafeJson(meta.structuredData)}</script>`);
  }
  return lines.join('\n    ');
}
