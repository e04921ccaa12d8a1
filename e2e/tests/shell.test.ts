import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, visibleText } from '../support/browser';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves the app with the navigation on every path, and hides the footer on /chat', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Portfolio', 'About Us', 'Contact Us', 'Perks', 'Login', 'Register']) {
      expect(await visibleText(nav.getByRole('link', { name: label, exact: true }))).toContain(label);
    }
    expect(await page.getByTestId('site-footer').count()).toBe(1);
    await page.goto('/chat');
    await page.waitForURL((u) => u.pathname === '/chat' || u.pathname === '/');
    await page.goto('/about');
    expect(await page.getByTestId('site-footer').count()).toBe(1);
    await context.close();
  });
});
