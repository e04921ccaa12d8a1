import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createEditor } from '../support/accounts';
import { api } from '../support/api';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';
import { DESKTOP, PHONE } from '../support/screens';

/**
 * Public pages arrive rendered by the server and work before the app takes them over, and without
 * JavaScript at all: links are plain links, and /portfolio's sort, filters and search are a GET form
 * whose fields are the URL's parameters. What a visitor chose before the app took over is kept.
 */

const tier = (title: string, price: number) => ({
  title,
  description: `${title} edit`,
  features: ['1 revision'],
  pricing: [{ reelCount: 1, priceMin: price }],
  deliveryDays: 3,
  revisions: 1,
});

/** Holds the app's scripts back until `release()`: the page stays as the server sent it. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('before the app takes the page over, and without JavaScript', () => {
  let browser: Browser;
  /** One word in every name of this file's editors, so a search shows only them on the shared server. */
  let token: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminAccount();
    token = `hy${Date.now().toString(36)}`;
    const prices = {
      cheap: [tier('basic', 1499), tier('pro', 4999)],
      mid: [tier('intermediate', 2499)],
      dear: [tier('intermediate', 3999), tier('pro', 9999)],
    };
    for (const [name, tiers] of Object.entries(prices)) {
      const editor = await createEditor(`${token}${name}`);
      await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
        tiers,
        whatsIncluded: ['Revisions'],
      });
    }
  });
  afterAll(() => browser?.close());

  /** The editors listed, by the word after the token in their names. */
  const names = async (page: Page) =>
    (await page.getByRole('article').allInnerTexts()).map(
      (text) => /(cheap|mid|dear)/.exec(text.slice(text.indexOf(token)))?.[1] ?? text,
    );
  const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

  it('without JavaScript on a phone, the filters are a form: Apply loads the sorted, filtered list', async () => {
    const context: BrowserContext = await browser.newContext({
      baseURL: baseUrl(),
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    try {
      const page = await context.newPage();
      await page.goto(`/portfolio?q=${token}`);
      expect((await names(page)).sort()).toEqual(['cheap', 'dear', 'mid']);
      // No button that only the app could work: the panel shows open, Apply sends the form.
      expect(await page.getByRole('button', { name: /^Filters/ }).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Add' }).isVisible()).toBe(false);
      const apply = page.getByRole('button', { name: 'Apply' });
      expect(await apply.isVisible()).toBe(true);

      await page.getByLabel('Sort by').selectOption('price');
      await page.getByRole('combobox', { name: 'Tier' }).selectOption('intermediate');
      await apply.click();
      await page.waitForURL(/tier=intermediate/);
      expect(params(page)).toMatchObject({ q: token, sort: 'price', tier: 'intermediate' });
      expect(await names(page)).toEqual(['mid', 'dear']);
      // The server's page shows the choices it applied.
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
      expect(await page.getByRole('combobox', { name: 'Tier' }).inputValue()).toBe('intermediate');
      expect(await page.getByRole('searchbox', { name: 'Search editors' }).inputValue()).toBe(token);

      // Enter in a box sends the form too.
      await page.getByLabel('Lowest price in rupees').fill('3000');
      await page.getByLabel('Lowest price in rupees').press('Enter');
      await page.waitForURL(/minPrice=3000/);
      expect(params(page)).toMatchObject({ sort: 'price', tier: 'intermediate', minPrice: '3000' });
      expect(await names(page)).toEqual(['dear']);

      // Clear filters is a link without JavaScript: the search and the sort stay.
      await page.getByRole('link', { name: 'Clear filters' }).click();
      await page.waitForURL((u) => !u.searchParams.has('tier'));
      expect(params(page)).toEqual({ q: token, sort: 'price' });
      expect(await names(page)).toEqual(['cheap', 'mid', 'dear']);
    } finally {
      await context.close();
    }
  });

  it('a sort, tier and price chosen before the app takes the page over are applied once it does', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      const release = await holdScripts(page);
      await page.goto(`/portfolio?q=${token}`, { waitUntil: 'commit' });
      await page.getByRole('article').first().waitFor();
      expect(await names(page)).toHaveLength(3);
      await page.getByLabel('Sort by').selectOption('price');
      await page.getByRole('combobox', { name: 'Tier' }).selectOption('intermediate');
      await page.getByLabel('Lowest price in rupees').fill('3000');

      release();
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      await page.waitForURL((u) => u.searchParams.get('minPrice') === '3000');
      expect(params(page)).toEqual({ q: token, sort: 'price', tier: 'intermediate', minPrice: '3000' });
      await expect.poll(() => names(page)).toEqual(['dear']);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
      expect(await page.getByRole('combobox', { name: 'Tier' }).inputValue()).toBe('intermediate');
      expect(await page.getByLabel('Lowest price in rupees').inputValue()).toBe('3000');
      // The app applies each change at once: no Apply button any more.
      expect(await page.getByRole('button', { name: 'Apply' }).isVisible()).toBe(false);
      await page.getByRole('combobox', { name: 'Tier' }).selectOption('');
      await page.waitForURL((u) => !u.searchParams.has('tier'));
      await expect.poll(() => names(page)).toEqual(['cheap', 'dear']);
    } finally {
      await context.close();
    }
  });

  it('Apply pressed before the app takes over loads the sorted list from the server', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      const release = await holdScripts(page);
      await page.goto(`/portfolio?q=${token}`, { waitUntil: 'commit' });
      await page.getByRole('article').first().waitFor();
      await page.getByLabel('Sort by').selectOption('price');
      await page.getByRole('button', { name: 'Apply' }).click();
      // The scripts are still held: this list is the server's.
      await page.waitForURL(/sort=price/, { waitUntil: 'commit' });
      await page.getByRole('article').first().waitFor();
      expect(params(page)).toMatchObject({ q: token, sort: 'price' });
      expect(await names(page)).toEqual(['cheap', 'mid', 'dear']);
      release();
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
    } finally {
      await context.close();
    }
  });

  it('a footer link followed before the app takes over opens its page', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      const release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const link = page.getByTestId('site-footer').getByRole('link', { name: 'Privacy Policy' });
      expect(await link.getAttribute('href')).toBe('/privacy-policy');
      await link.click({ noWaitAfter: true });
      // The app's scripts arrive while the link is being followed (the moment the app starts up).
      release();
      await page.waitForURL((u) => u.pathname === '/privacy-policy');
      expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Privacy Policy');
      await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    } finally {
      await context.close();
    }
  });
});
