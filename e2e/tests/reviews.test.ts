import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';

/**
 * Issue 15 from a person's point of view: a creator reviews a completed order and sees the stars on the
 * editor's card and the review on the portfolio page, where the editor replies; a visitor on a phone sorts
 * and filters /portfolio and the URL keeps the choice. The order is driven to completion through the API
 * (the orders journeys cover those screens); everything about reviews happens in the browser.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const shotsDir = process.env.E2E_SCREENSHOTS;
/** E2E_SCREENSHOTS=<dir>: the screen at both widths (the page is resized and put back). */
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const own = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(shotsDir, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(own);
}

async function api(account: Account, method: string, p: string, body?: unknown): Promise<any> {
  const form = body instanceof FormData;
  const res = await fetch(`${baseUrl()}/api${p}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined || form ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

async function until<T>(
  fn: () => Promise<T | null | undefined | false>,
  what: string,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const tier = (title: string, price: number) => ({
  title,
  description: `${title} edit`,
  features: ['1 revision'],
  pricing: [{ reelCount: 1, priceMin: price }],
});

/** The whole order through the API: offer, accept (pay on approval), an image delivered, approved, paid. */
async function completedOrder(
  creator: Account,
  editor: Account,
  image: string,
): Promise<{ _id: string; reference: string }> {
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title: 'Travel reel',
      description: 'A 45 s reel',
      amount: 2499,
      deliveryDays: 3,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: false });
  const form = new FormData();
  form.append('orderId', offer._id);
  form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
  const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
  await until(async () => {
    const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
    return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
  }, 'the preview');
  await api(creator, 'POST', `/deliveries/${delivery._id}/approve`);
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  const done = await fetch(`${baseUrl()}/simulator/checkout/${pay.paymentSessionId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=SUCCESS',
    redirect: 'manual',
  });
  expect(done.status).toBe(303);
  return until(async () => {
    const order = (await api(creator, 'GET', `/orders/${offer._id}`)).data;
    return order.status === 'completed' ? order : null;
  }, 'the order to complete');
}

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
