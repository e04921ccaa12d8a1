import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, signInPage } from '../support/accounts';
import { launchBrowser, newPage, visibleText } from '../support/browser';

describe('app shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('serves the app with the navigation and the footer on public paths, deep links included', async () => {
    const { page, context } = await newPage(browser);
    for (const path of ['/', '/about', '/terms']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const label of ['Home', 'Portfolio', 'About Us', 'Contact Us', 'Perks', 'Login', 'Register']) {
        expect(await visibleText(nav.getByRole('link', { name: label, exact: true }))).toContain(label);
      }
      expect(await visibleText(page.getByTestId('site-footer'))).toContain('Cutroom');
    }
    await context.close();
  });

  it('hides the footer on /chat for a signed-in creator, and shows it again elsewhere', async () => {
    const { page, context } = await newPage(browser);
    await signInPage(page, await createCreator());
    await page.goto('/chat');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/chat');
    expect(await page.getByTestId('site-footer').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Portfolio' }).click();
    await page.getByTestId('site-footer').waitFor();
    await context.close();
  });
});
