import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createEditor, type Account } from '../support/accounts';
import { api, until } from '../support/api';
import { baseUrl, launchBrowser, newPage } from '../support/browser';
import { PHONE } from '../support/screens';
import { startServer, type TestServer } from '../support/server';

/** The page as a crawler or a link preview sees it: one GET, no JavaScript. */
async function html(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(baseUrl() + path);
  return { status: res.status, text: await res.text() };
}

const headOf = (page: string) => page.slice(0, page.indexOf('</head>'));
const metaContent = (page: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(headOf(page))?.[1];
const titleOf = (page: string) => /<title>([^<]*)<\/title>/.exec(headOf(page))?.[1];
const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

describe('public pages rendered on the server', () => {
  let browser: Browser;
  let editor: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminAccount();
    editor = await createEditor(`Meera Cuts ${randomBytes(3).toString('hex')}`);
    await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
      tiers: [
        {
          title: 'basic',
          description: 'Short reels',
          features: ['1 revision'],
          pricing: [{ reelCount: 1, priceMin: 1499 }],
          deliveryDays: 3,
          revisions: 1,
        },
        {
          title: 'pro',
          description: 'Long-form edits',
          features: ['Colour grading'],
          pricing: [{ reelCount: 2, priceMin: 4999, priceMax: 8999 }],
          deliveryDays: 6,
          revisions: 2,
        },
      ],
      whatsIncluded: ['Subtitles'],
    });
    const form = new FormData();
    const still = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer();
    form.append('basic_0', new Blob([new Uint8Array(still)], { type: 'image/jpeg' }), 'sunset.jpg');
    form.append('basic_sample_0_tags', JSON.stringify(['travel']));
    await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/samples`, form);
    // The sample's small image is made in the background; the preview should use it once it exists.
    await until(async () => {
      const { data } = await api(admin, 'GET', `/users/editors/${editor.id}`);
      return data.portfolio.tiers[0]?.samples[0]?.thumbnailUrl;
    }, 'the sample thumbnail');
  });
  afterAll(() => browser?.close());

  it("sends an editor's portfolio with its content, title, preview tags and structured data", async () => {
    const { status, text } = await html(`/portfolio/${editor.id}`);
    expect(status).toBe(200);
    // The name and the prices are in the HTML, before any script.
    const firstScript = text.indexOf('<script type="module"');
    expect(firstScript).toBeGreaterThan(0);
    const nameAt = text.indexOf(`>${editor.username}</h1>`);
    expect(nameAt).toBeGreaterThan(0);
    expect(nameAt).toBeLessThan(firstScript);
    expect(text.slice(0, firstScript)).toContain('₹1,499');
    expect(text.slice(0, firstScript)).toContain('₹4,999–₹8,999');
    // Every tier card states its days and revisions; the range is sold by asking for an offer.
    expect(text.slice(0, firstScript)).toContain('3 days · 1 revision');
    expect(text.slice(0, firstScript)).toContain('6 days · 2 revisions');
    expect(text.slice(0, firstScript)).toContain('Ask for an offer');

    expect(titleOf(text)).toBe(`${editor.username} — video editor · Cutroom`);
    const description = decode(metaContent(text, 'description') ?? '');
    expect(description).toContain(`${editor.username} is a video editor on Cutroom. Tiers from ₹1,499.`);
    expect(decode(metaContent(text, 'og:title') ?? '')).toBe(`${editor.username} — video editor · Cutroom`);
    expect(metaContent(text, 'og:type')).toBe('profile');
    expect(metaContent(text, 'og:url')).toBe(`${baseUrl()}/portfolio/${editor.id}`);
    const image = metaContent(text, 'og:image');
    expect(image).toMatch(new RegExp(`^${baseUrl()}/media/portfolio/${editor.id}/.+`));
    expect((await fetch(image!)).headers.get('content-type')).toMatch(/^image\//);
    expect(metaContent(text, 'twitter:card')).toBe('summary_large_image');
    expect(headOf(text)).toContain(`<link rel="canonical" href="${baseUrl()}/portfolio/${editor.id}" />`);

    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(text)![1]!);
    expect(ld['@type']).toBe('ProfilePage');
    expect(ld.mainEntity.name).toBe(editor.username);
    const offers = ld.mainEntity.makesOffer.map((o: any) => o.itemOffered.offers);
    expect(offers).toEqual([
      { '@type': 'Offer', priceCurrency: 'INR', price: 1499 },
      { '@type': 'AggregateOffer', priceCurrency: 'INR', lowPrice: 4999, highPrice: 8999 },
    ]);
  });

  it('lists the editor in the HTML of /portfolio, with its own title', async () => {
    const { status, text } = await html('/portfolio');
    expect(status).toBe(200);
    expect(text.indexOf(editor.username)).toBeGreaterThan(0);
    expect(text.indexOf(editor.username)).toBeLessThan(text.indexOf('<script type="module"'));
    // The card's tier rows state each tier's days and revisions.
    const card = text.slice(text.indexOf(editor.username));
    expect(card.slice(0, card.indexOf('View Portfolio'))).toContain('6 days · 2 revisions');
    expect(titleOf(text)).toBe('Editor Portfolios · Cutroom');
    expect(headOf(text)).toContain(`<link rel="canonical" href="${baseUrl()}/portfolio" />`);
  });

  it('gives every public page its own title and description', async () => {
    const pages = [
      '/',
      '/portfolio',
      '/about',
      '/faqs',
      '/terms',
      '/contact',
      '/cutroom-perks',
      '/privacy-policy',
      '/refund-policy',
    ];
    const heads = await Promise.all(pages.map(async (p) => ({ p, ...(await html(p)) })));
    for (const { p, status, text } of heads) {
      expect(status, p).toBe(200);
      expect(metaContent(text, 'description')?.length, p).toBeGreaterThan(40);
      // One title and one description: the built page's defaults are replaced, not repeated.
      expect(text.match(/<title>/g), p).toHaveLength(1);
      expect(text.match(/<meta name="description"/g), p).toHaveLength(1);
    }
    const titles = heads.map((h) => titleOf(h.text));
    expect(new Set(titles).size).toBe(pages.length);
    expect(titles).toContain('Frequently asked questions · Cutroom');
    const faq = JSON.parse(
      /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(heads[3]!.text)![1]!,
    );
    expect(faq['@type']).toBe('FAQPage');
    expect(faq.mainEntity.length).toBeGreaterThan(5);
  });

  it('answers 404 for unknown pages and editors, and keeps them out of search results', async () => {
    // '//evil.example/portfolio' is a path on this site, never a page of another host.
    for (const p of [
      '/no-such-page',
      '/portfolio/00000000-0000-4000-8000-000000000000',
      '//evil.example/portfolio',
    ]) {
      const { status, text } = await html(p);
      expect(status, p).toBe(404);
      expect(metaContent(text, 'robots'), p).toBe('noindex');
    }
    // Signed-in screens are still rendered in the browser, from the plain page.
    const chat = await html('/chat');
    expect(chat.status).toBe(200);
    expect(chat.text).toContain('<div id="root"></div>');
  });

  it('publishes robots.txt and a sitemap naming the portfolio', async () => {
    const robots = await html('/robots.txt');
    expect(robots.text).toContain('Disallow: /admin');
    expect(robots.text).toContain(`Sitemap: ${baseUrl()}/sitemap.xml`);
    const sitemap = await html('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.text).toContain(`<loc>${baseUrl()}/portfolio/${editor.id}</loc>`);
    expect(sitemap.text).toContain(`<loc>${baseUrl()}/refund-policy</loc>`);
  });

  it('shows the portfolio with JavaScript off, and takes it over without asking for the data again', async () => {
    const off = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, javaScriptEnabled: false });
    const still = await off.newPage();
    await still.goto(`/portfolio/${editor.id}`);
    await expect(still.getByRole('heading', { level: 1, name: editor.username }).isVisible()).resolves.toBe(
      true,
    );
    await expect(still.getByText('₹4,999–₹8,999').isVisible()).resolves.toBe(true);
    await off.close();

    const { page, context } = await newPage(browser, { viewport: PHONE });
    const asked: string[] = [];
    const documents: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'document') documents.push(r.url());
      if (new URL(r.url()).pathname.startsWith('/api/users/editors')) asked.push(r.url());
    });
    await page.goto(`/portfolio/${editor.id}`);
    // Hydrated: a link inside the page is followed by the app's router, without loading another document.
    await page.getByLabel('Basic tier').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(/\/login\?next=%2Fportfolio%2F/);
    await page.getByRole('form', { name: 'Login' }).waitFor();
    expect(documents).toHaveLength(1);
    // The editor and the reviews came with the HTML: nothing is asked for again.
    expect(asked).toEqual([]);
    await context.close();
  });
});

describe('server rendering under a flood of page requests', () => {
  let server: TestServer;
  beforeAll(async () => {
    // The suite's server lifts per-visitor limits (RATE_LIMIT_DISABLED); this one keeps them.
    server = await startServer({ RATE_LIMIT_DISABLED: '0' });
  });
  afterAll(() => server?.stop());

  it('gives one visitor past 120 renders a minute the plain page, which still works', async () => {
    const rendered = (text: string) => !text.includes('<div id="root"></div>');
    for (let i = 0; i < 120; i++) {
      const text = await (await fetch(`${server.baseUrl}/about`)).text();
      expect(rendered(text), `render ${i + 1}`).toBe(true);
    }
    const past = await fetch(`${server.baseUrl}/about`);
    expect(past.status).toBe(200);
    const text = await past.text();
    expect(rendered(text)).toBe(false);
    expect(text).toContain('<script type="module"');
    // The API is not held back by the pages' budget.
    expect((await fetch(`${server.baseUrl}/api/users/editors`)).status).toBe(200);
  });
});
