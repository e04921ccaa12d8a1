import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api, completeCheckout, until } from '../support/api';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';
import { giveTiers } from '../support/orders';
import { DESKTOP, PHONE, shot } from '../support/screens';

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The JavaScript a page downloads while `visit` runs, as text, to see what it carries. */
async function scriptsOf(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (r) => {
    // The chunk's name, then its code.
    if (r.url().endsWith('.js'))
      bodies.push(
        r.text().then(
          (t) => `${r.url()}\n${t}`,
          () => r.url(),
        ),
      );
  });
  await visit();
  return Promise.all(bodies);
}
// A class name only Recharts' code holds.
const hasRecharts = (scripts: string[]) =>
  scripts.some((s) => s.includes('recharts-surface') || /\/(daily-chart|chart-scales)-[^/]*\.js/.test(s));

/**
 * Issue 25, item 19: the admin dashboard's home shows figures (what waits for an admin, the paid volume
 * and commission of 30 days with a chart, orders by status) at 1280 and 390 wide; Recharts is loaded by
 * that page only, never by a public page.
 */
describe('admin dashboard', () => {
  let browser: Browser;
  let admin: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
    // A paid order today, so the chart has something to draw.
    const [creator, editor] = await Promise.all([createCreator(), createEditor()]);
    await giveTiers(baseUrl(), admin, editor);
    const pay = await api(creator, 'POST', `/payment/${editor.id}/pro`, { phone: '9876543210' });
    await completeCheckout(pay.paymentSessionId, 'SUCCESS');
    await until(async () => {
      const d = await api(admin, 'GET', '/admin/dashboard');
      return d.totals.volume >= 4999;
    }, 'the payment on the dashboard');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('public pages do not download the chart library', async () => {
    const { context, page } = await newPage(browser, { viewport: DESKTOP });
    try {
      const scripts = await scriptsOf(page, async () => {
        await page.goto('/');
        await page.waitForLoadState('networkidle');
        await page.goto('/contact');
        await page.waitForLoadState('networkidle');
      });
      expect(scripts.length).toBeGreaterThan(0);
      expect(hasRecharts(scripts)).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows the figures and the chart', async () => {
    const { context, page } = await signedInPage(browser, admin, { viewport: DESKTOP });
    try {
      const figures = await api(admin, 'GET', '/admin/dashboard');
      const scripts = await scriptsOf(page, async () => {
        await page.goto('/admin/dashboard');
        await page.getByTestId('daily-chart').getByRole('application').waitFor();
        await page.waitForLoadState('networkidle');
      });
      expect(hasRecharts(scripts)).toBe(true);
      expect(await visibleText(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 }))).toBe(
        'Admin Dashboard',
      );
      for (const [key, label] of [
        ['openFlags', 'Open flags'],
        ['openTickets', 'Open tickets'],
        ['payoutFailures', 'Payout failures'],
        ['lateOrders', 'Late orders'],
        ['disputesToDecide', 'Disputes to decide'],
      ] as const) {
        const card = page.getByTestId(`figure-${key}`);
        expect(await visibleText(card)).toBe(`${label}\n${figures.attention[key]}`);
      }
      expect(await visibleText(page.getByTestId('total-volume'))).toMatch(/^₹[\d,.]+$/);
      expect(await visibleText(page.getByRole('heading', { name: 'Orders by status' }))).toBe(
        'Orders by status',
      );
      // The bars of the days with payments are drawn.
      expect(
        await page.locator('[data-testid="daily-chart"] .recharts-bar-rectangle path').count(),
      ).toBeGreaterThan(0);
      await shot(page, 'admin-dashboard');
      expect(await fitsWidth(page)).toBe(true);
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(300);
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.getByTestId('figure-lateOrders').isVisible()).toBe(true);
      const chartBox = await page.getByTestId('daily-chart').boundingBox();
      expect(chartBox!.width).toBeGreaterThan(250);
      expect(chartBox!.x + chartBox!.width).toBeLessThanOrEqual(PHONE.width);

      // A figure leads to where it is dealt with.
      await page.setViewportSize(DESKTOP);
      await page.getByTestId('figure-lateOrders').click();
      await page.waitForURL(
        (u) => u.pathname === '/admin/dashboard/all-orders' && u.searchParams.get('late') === 'true',
      );
    } finally {
      await context.close();
    }
  });
});
