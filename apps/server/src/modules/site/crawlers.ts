import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { users } from '../../db/schema';
import { liveEditor } from '../portfolio';

/** The public pages that are always there (the editors' portfolios are added from the database). */
export const PUBLIC_PAGES = [
  '/',
  '/portfolio',
  '/about',
  '/faqs',
  '/contact',
  '/cutroom-perks',
  '/terms',
  '/privacy-policy',
  '/refund-policy',
] as const;

/** The sitemap protocol's limit per file; beyond it a sitemap index would be needed. */
const SITEMAP_MAX_URLS = 50_000;

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string,
  );

/**
 * robots.txt and sitemap.xml, at the site's root where crawlers look for them. Signed-in screens and the
 * API are kept out of search results; every public page and live editor's portfolio is listed.
 */
export const crawlerRoutes: FastifyPluginAsync = async (app) => {
  const origin = app.config.PUBLIC_URL;

  app.get('/robots.txt', async (_request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      'User-agent: *',
      'Allow: /',
      ...['/api/', '/admin', '/chat', '/profile', '/payment-success', '/unsubscribe', '/simulator/'].map(
        (path) => `Disallow: ${path}`,
      ),
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n');
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    // users_role_created_idx: the live editors, newest first, without reading their portfolios.
    const editors = await app.db
      .select({ id: users.id, createdAt: users.createdAt })
      .from(users)
      .where(liveEditor)
      .orderBy(desc(users.createdAt))
      .limit(SITEMAP_MAX_URLS - PUBLIC_PAGES.length);
    const entry = (path: string, lastModified?: Date) =>
      `  <url><loc>${escapeXml(origin + path)}</loc>${
        lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : ''
      }</url>`;
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...PUBLIC_PAGES.map((path) => entry(path)),
      ...editors.map((e) => entry(`/portfolio/${encodeURIComponent(e.id)}`, e.createdAt)),
      '</urlset>',
      '',
    ].join('\n');
  });
};
