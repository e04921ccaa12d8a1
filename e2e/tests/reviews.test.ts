import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api, completedOrder, until } from '../support/api';
import { launchBrowser, newPage, visibleText } from '../support/browser';
import { DESKTOP, PHONE, shot } from '../support/screens';

/**
 * Issue 15 from a person's point of view: a creator reviews a completed order and sees the stars on the
 * editor's card and the review on the portfolio page, where the editor replies; a visitor on a phone sorts
 * and filters /portfolio and the URL keeps the choice. The order is driven to completion through the API
 * (the orders journeys cover those screens); everything about reviews happens in the browser.
 */

const tier = (title: string, price: number) => ({
  title,
  description: `${title} edit`,
  features: ['1 revision'],
  pricing: [{ reelCount: 1, priceMin: price }],
  deliveryDays: 3,
  revisions: 1,
});

describe('reviews and finding an editor', () => {
  let browser: Browser;
  let admin: Account;
  let creator: Account;
  let editor: Account;
  let pricey: Account;
  let token: string;
  let dir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-reviews-'));
    admin = await adminAccount();
    // One word in every name of this file's editors, so a search shows only them on the shared server.
    token = `zq${Date.now().toString(36)}`;
    editor = await createEditor(`${token}reels`);
    pricey = await createEditor(`${token}cinema`);
    await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
      tiers: [tier('basic', 1499), tier('pro', 4999)],
      whatsIncluded: ['Revisions'],
    });
    await api(admin, 'PATCH', `/admin/editors/${pricey.id}/portfolio/structure`, {
      tiers: [tier('intermediate', 3999), tier('pro', 9999)],
      whatsIncluded: ['Revisions'],
    });
    creator = await createCreator();
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a creator reviews a completed order; the stars show on the card, the review on the portfolio page; the editor replies', async () => {
    const image = path.join(dir, 'cut.png');
    execFileSync('ffmpeg', [
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=800x450',
      '-frames:v',
      '1',
      image,
    ]);
    const order = await completedOrder(creator, editor, image);

    const { context, page } = await signedInPage(browser, creator, { viewport: DESKTOP });
    try {
      await page.goto('/profile/orders');
      const leave = page.getByRole('button', { name: `Leave a review for ${order.reference}` });
      await leave.click();
      const dialog = page.getByRole('dialog', { name: 'Review your order' });
      await dialog.getByRole('button', { name: 'Submit review' }).click();
      expect(await visibleText(dialog.getByText('Choose an overall rating from 1 to 5 stars'))).toContain(
        'Choose',
      );
      await dialog
        .getByRole('group', { name: /Overall rating/ })
        .getByLabel('4 stars')
        .check({ force: true });
      await dialog
        .getByRole('group', { name: /Communication/ })
        .getByLabel('5 stars')
        .check({ force: true });
      await dialog.getByLabel(/Your review/).fill('Tight cuts and great pacing.');
      await shot(page, 'review-dialog');
      await dialog.getByRole('button', { name: 'Submit review' }).click();
      expect(await visibleText(page.getByText('Thanks for your review!'))).toBe('Thanks for your review!');
      await dialog.waitFor({ state: 'detached' });
      expect(await visibleText(page.getByText('Your review:').first())).toContain('Your review');
      expect(await leave.count()).toBe(0);

      await page.goto(`/portfolio?q=${token}`);
      const card = page.getByRole('article').filter({ hasText: editor.username });
      expect(
        await visibleText(card.getByRole('img', { name: 'Rated 4.0 out of 5 from 1 review' })),
      ).toContain('4.0');
      expect(await visibleText(card.getByText('1 order completed', { exact: false }))).toContain('1 order');
      await shot(page, 'reviews-card');
      await card
        .getByRole('link', { name: /View Portfolio/ })
        .or(card.getByRole('button', { name: /View Portfolio/ }))
        .first()
        .click();
      await page.waitForURL(`**/portfolio/${editor.id}`);
      const reviews = page.getByRole('region', { name: 'Reviews' });
      expect(await visibleText(reviews.getByText('Tight cuts and great pacing.'))).toBe(
        'Tight cuts and great pacing.',
      );
      expect(await visibleText(reviews.getByText(creator.username).first())).toContain(creator.username);
      await shot(page, 'reviews-portfolio');
    } finally {
      await context.close();
    }

    const editorSide = await signedInPage(browser, editor, { viewport: PHONE });
    try {
      const page = editorSide.page;
      await page.goto(`/portfolio/${editor.id}`);
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await reviews.getByRole('button', { name: 'Reply' }).click();
      await reviews.getByRole('textbox').fill('Thank you, it was a pleasure!');
      await reviews.getByRole('button', { name: 'Post reply' }).click();
      const reply = reviews.locator('p', { hasText: 'Thank you, it was a pleasure!' });
      expect(await visibleText(reply)).toBe('Thank you, it was a pleasure!');
      expect(await visibleText(reviews.getByText(/Response from/))).toContain(editor.username);
      await reviews.getByRole('textbox').waitFor({ state: 'detached' });
      expect(await reviews.getByRole('button', { name: 'Reply' }).count()).toBe(0);
      await shot(page, 'reviews-reply');
    } finally {
      await editorSide.context.close();
    }
  });

  it('an admin hides the review with a reason: it leaves the page and the average, and its history says why', async () => {
    const { context, page } = await signedInPage(browser, admin, { viewport: PHONE });
    try {
      await page.goto('/admin/dashboard/reviews');
      const card = page.getByRole('article').filter({ hasText: 'Tight cuts and great pacing.' });
      const hide = card.getByRole('button', { name: /^Hide the review of CR-/ });
      await shot(page, 'reviews-admin');
      await hide.click();
      const dialog = page.getByRole('dialog', { name: 'Hide review' });
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      expect(await dialog.getByLabel(/Reason/).getAttribute('aria-invalid')).toBe('true');
      await dialog.getByLabel(/Reason/).fill('Mentions a competitor by name');
      await dialog.getByRole('button', { name: 'Hide review' }).click();
      expect(await visibleText(page.getByText('Review hidden.'))).toBe('Review hidden.');
      await dialog.waitFor({ state: 'detached' });
      expect(await visibleText(card.getByText('Mentions a competitor by name').first())).toContain(
        'competitor',
      );
      await shot(page, 'reviews-admin-hidden');
    } finally {
      await context.close();
    }
    const visitor = await newPage(browser, { viewport: DESKTOP });
    try {
      await visitor.page.goto(`/portfolio/${editor.id}`);
      const reviews = visitor.page.getByRole('region', { name: 'Reviews' });
      expect(await visibleText(reviews.getByText('No reviews yet').first())).toContain('No reviews yet');
      expect(await reviews.getByText('Tight cuts and great pacing.').count()).toBe(0);
    } finally {
      await visitor.context.close();
    }
  });

  it('a visitor on a phone sorts and filters, and the URL keeps the choice', async () => {
    const { context, page } = await newPage(browser, { viewport: PHONE });
    try {
      await page.goto(`/portfolio?q=${token}`);
      const names = async () =>
        (await page.getByRole('article').allInnerTexts()).map((t) =>
          t.includes(`${token}cinema`) ? 'cinema' : 'reels',
        );
      await until(async () => (await page.getByRole('article').count()) === 2, 'both editors');
      // The filters wait behind a button on a phone, so the list starts near the top.
      await expect.poll(() => page.getByRole('combobox', { name: 'Tier' }).isVisible()).toBe(false);
      await page.getByLabel('Sort by').selectOption('price');
      await page.waitForURL(/sort=price/);
      await expect.poll(names).toEqual(['reels', 'cinema']);

      await page.getByRole('button', { name: /Filters/ }).click();
      await page.getByRole('combobox', { name: 'Tier' }).selectOption('intermediate');
      await page.waitForURL(/tier=intermediate/);
      await expect.poll(names).toEqual(['cinema']);
      await shot(page, 'reviews-filters');

      // A price range that matches nobody: say so, and offer to clear.
      await page.getByLabel('Lowest price in rupees').fill('5000');
      await page.waitForURL(/minPrice=5000/);
      expect(await visibleText(page.getByText('No editors match these filters'))).toContain(
        'No editors match',
      );
      await shot(page, 'reviews-no-match');

      // The link restores the same screen.
      const shared = page.url();
      await page.goto(shared);
      expect(await page.getByLabel('Sort by').inputValue()).toBe('price');
      expect(await visibleText(page.getByText('No editors match these filters'))).toContain(
        'No editors match',
      );
      await page.getByRole('button', { name: /Clear/ }).first().click();
      await expect.poll(() => page.url()).not.toContain('tier=');
      await expect.poll(names).toEqual(['reels', 'cinema']);
    } finally {
      await context.close();
    }
  });
});
