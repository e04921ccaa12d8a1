import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createEditor, signInPage, type Account } from '../support/accounts';
import { api } from '../support/api';
import { launchBrowser, newPage, visibleText } from '../support/browser';
import { DESKTOP, PHONE } from '../support/screens';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';

/**
 * Every warning and error the page reports: console messages (the browser's own, such as a failed
 * request's status, come this way too) and uncaught exceptions. Nothing is allowed: a visitor's session
 * check, a lazy route's first load and a signed-in page all have to be quiet.
 */
function consoleOf(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      found.push(`${message.type()} on ${new URL(page.url()).pathname}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) =>
    found.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`),
  );
  return found;
}

/** Loads the path as a fresh page load (so the lazy first screen and the session check run each time). */
async function load(page: Page, where: string): Promise<void> {
  await page.goto(where);
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  await page.waitForLoadState('networkidle');
}

describe('browser console and toasts', () => {
  let browser: Browser;
  let editor: Account;
  let creator: Account;
  let paths: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    paths = ['/', '/portfolio', `/portfolio/${editor.id}`, '/login', '/about'];
  });
  afterAll(() => browser?.close());

  it('stays quiet for an anonymous visitor and for a signed-in creator on the public pages', async () => {
    const { page, context } = await newPage(browser);
    const found = consoleOf(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    for (const where of paths) await load(page, where);
    expect(await nav.getByRole('link', { name: 'Login', exact: true }).count()).toBe(1);

    // Signed in the way a person does it: the login form (cookie and stored token).
    await load(page, '/login');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByLabel('Email').fill(creator.email!);
    await login.getByLabel('Password', { exact: true }).fill(creator.password);
    await login.getByRole('button', { name: 'Login' }).click();
    await nav.getByRole('button', { name: 'Logout' }).waitFor();

    for (const where of paths) {
      await load(page, where);
      await nav.getByRole('button', { name: 'Logout' }).waitFor();
    }
    expect(found).toEqual([]);
    await context.close();
  });

  it('shows a toast below the navbar at 1280 and 390, and a message raised twice once', async () => {
    const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await newPage(browser, { viewport });
      await signInPage(page, creator);
      await page.goto(`/chat?roomId=${roomId}`);
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('write to me at someone@example.com');
      await box.press('Enter');
      const toasts = page.locator('[data-sonner-toast]');
      expect(await visibleText(toasts)).toContain(BLOCKED);
      await box.press('Enter');
      // Long enough for a second toast to have slid in, had there been one.
      await page.waitForTimeout(800);
      expect(await toasts.filter({ hasText: BLOCKED }).count()).toBe(1);

      const header = (await page.locator('header').first().boundingBox())!;
      const toast = (await toasts.first().boundingBox())!;
      const close = (await toasts.first().locator('[data-close-button]').boundingBox())!;
      // Entirely below the header, its close button (which sits above the toast's corner) included.
      expect(toast.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(close.y).toBeGreaterThanOrEqual(header.y + header.height);
      expect(toast.x + toast.width).toBeLessThanOrEqual(viewport.width);

      const dir = process.env.E2E_SCREENSHOTS;
      if (dir) {
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: path.join(dir, `toast-${viewport.width}.png`) });
      }
      await context.close();
    }
  });
});
