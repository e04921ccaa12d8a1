import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { writeClip } from '../../apps/server/test/helpers/media';
import { signedInPage, type Account } from './accounts';
import { api } from './api';
import { launchBrowser, visibleText } from './browser';
import { shotAtOwnWidth } from './screens';
import { startServer, type TestServer } from './server';

// The order journeys (tests/orders-*.test.ts) are one story told in four files; what a person does in
// them (send an offer, deliver, pay in the simulator, download) is written once, here.

/**
 * A browser for one journey file, a scratch folder for its files and, with `shortClock`, a second server
 * of its own whose order clock is short: a delivery nobody reviews completes after ~22 s (warned ~7 s
 * after it is sent) and one day of delivery time is 8 s, or `daySeconds`.
 */
export function orderJourneys(opts: { shortClock?: boolean; daySeconds?: number } = {}) {
  let browser: Browser | undefined;
  let dir: string | undefined;
  let short: TestServer | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-e2e-orders-'));
    [short, browser] = await Promise.all([
      opts.shortClock
        ? startServer({
            SMTP_URL: `smtp://127.0.0.1:${inject('mailboxSmtpPort')}`,
            ORDER_AUTO_COMPLETE_HOURS: '0.006',
            ORDER_AUTO_COMPLETE_WARNING_HOURS: '0.004',
            ORDER_DAY_SECONDS: String(opts.daySeconds ?? 8),
          })
        : undefined,
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await short?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir!;
    },
    get short() {
      return short!;
    },
    open: (account: Account, viewport: { width: number; height: number }, base?: string) =>
      openAs(browser!, account, viewport, base),
  };
}

/** A real clip (ffmpeg is a dependency of the product); `tone` makes cuts differ. */
export async function makeClip(dir: string, name: string, tone: number): Promise<string> {
  const file = path.join(dir, name);
  await writeClip(file, { size: '640x360', seconds: 3, rate: 24, tone });
  return file;
}

/** A still image: its preview is made at once, which keeps the timed journeys short. */
export function makeImage(dir: string, name: string, pattern: string): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `${pattern}=size=800x450`],
    ...['-frames:v', '1', file],
  ]);
  return file;
}

/** Basic and Pro tiers, as the admin portfolio pages set them. */
export async function giveTiers(base: string, admin: Account, editor: Account): Promise<void> {
  await api(
    admin,
    'PATCH',
    `/admin/editors/${editor.id}/portfolio/structure`,
    {
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
          description: 'Full edit',
          features: ['Up to 2 revisions', 'Color grading'],
          pricing: [{ reelCount: 1, priceMin: 4999 }],
          deliveryDays: 7,
          revisions: 2,
        },
      ],
      whatsIncluded: ['Revisions'],
    },
    base,
  );
}

export interface Side {
  context: BrowserContext;
  page: Page;
}

/** A signed-in browser at a width, once the first page's own session check has settled. */
export async function openAs(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
  base?: string,
): Promise<Side> {
  return signedInPage(browser, account, { viewport, baseUrl: base });
}

export const orderCard = (page: Page, title: string) => page.getByRole('article', { name: title });
export const deliveryCard = (page: Page, n: number) =>
  page.getByRole('article', { name: `Delivery ${n}`, exact: true });
/**
 * Unfolds the room's Orders or Deliveries panel if it is folded: on a phone a panel sits open only while
 * something in it waits for the viewer, and a person taps its header to look inside.
 */
export async function unfold(page: Page, panel: 'Orders' | 'Deliveries'): Promise<void> {
  const region = page.getByRole('region', { name: panel, exact: true });
  const toggle = region.locator('button[aria-expanded]').first();
  await toggle.waitFor();
  // Until its list has loaded, a folded panel may still open by itself (something in it waits for the
  // viewer): read the toggle only then, or the tap meant to unfold it folds it again (seen right after
  // the page opened).
  await region.getByText(`Loading ${panel.toLowerCase()}...`, { exact: true }).waitFor({ state: 'detached' });
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
}
/** On screen and not covered or clipped: the element itself is what a tap at its centre reaches. */
export const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
/** The creator's 'Show the delivery' on the order card brings the delivery to review into view. */
export async function showDelivery(page: Page, title: string, card: Locator): Promise<void> {
  await orderCard(page, title).getByRole('button', { name: 'Show the delivery' }).click();
  await expect.poll(() => inView(card.getByRole('button', { name: 'Approve' }))).toBe(true);
}
export const systemLine = (page: Page, text: string | RegExp) =>
  page.getByTestId('chat-system-line').filter({ hasText: text });

/** The editor fills 'Send offer' and sends it; returns the reference the creator's card shows. */
export async function sendOffer(
  editor: Page,
  creator: Page,
  offer: {
    title: string;
    description: string;
    price: number;
    days: number;
    revisions: number;
    tier?: string;
  },
  screenshot?: string,
): Promise<string> {
  await editor.getByRole('button', { name: 'Send offer' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Send offer' });
  await dialog.getByLabel('Title').fill(offer.title);
  await dialog.getByLabel('Description (optional)').fill(offer.description);
  await dialog.getByLabel('Price (₹)').fill(String(offer.price));
  await dialog.getByLabel('Delivery (days)').fill(String(offer.days));
  await dialog.getByLabel('Revisions').fill(String(offer.revisions));
  if (offer.tier) await dialog.getByLabel('Tier (optional)').selectOption(offer.tier);
  if (screenshot) await shotAtOwnWidth(editor, screenshot);
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.waitFor({ state: 'detached' });
  expect(await visibleText(editor.getByText('Offer sent!'))).toBe('Offer sent!');

  const card = orderCard(creator, offer.title);
  expect(await visibleText(card.getByText('Offer pending', { exact: true }))).toBe('Offer pending');
  const reference = (await visibleText(card.getByText(/^CR-\d+ · /))).split(' ')[0]!;
  expect(reference).toMatch(/^CR-\d+$/);
  return reference;
}

/** The editor sends a file for the order named `reference`, from the panel or from the order's card. */
export async function deliver(
  editor: Page,
  file: string,
  reference: string,
  opts: { note: string; from: 'panel' | 'card'; title: string; screenshot?: string },
): Promise<void> {
  if (opts.from === 'panel') {
    await editor.getByRole('button', { name: 'Send delivery' }).click();
  } else {
    await orderCard(editor, opts.title)
      .getByRole('group', { name: `Actions for order ${reference}` })
      .getByRole('button', { name: 'Deliver' })
      .click();
  }
  const dialog = editor.getByRole('dialog', { name: 'Send delivery' });
  await dialog.getByLabel('Video or image').setInputFiles(file);
  const choice = dialog.getByRole('group', { name: 'Order' }).locator('label', { hasText: reference });
  expect(await visibleText(choice)).toContain(opts.title);
  await choice.click();
  expect(await choice.getByRole('radio').isChecked()).toBe(true);
  await dialog.getByLabel('Note for the creator (optional)').fill(opts.note);
  if (opts.screenshot) await shotAtOwnWidth(editor, opts.screenshot);
  await dialog.getByRole('button', { name: 'Send delivery' }).click();
  expect(await visibleText(editor.getByText('Delivery sent!'))).toBe('Delivery sent!');
  await dialog.waitFor({ state: 'detached' });
}

/** Waits for the watermarked preview of delivery `n` on the creator's screen. */
export async function previewReady(page: Page, n: number, kind: 'video' | 'image'): Promise<Locator> {
  const card = deliveryCard(page, n);
  await card.getByTestId(`delivery-preview-${kind}`).waitFor({ timeout: 60_000 });
  return card;
}

/** Fills the payment modal, pays in the simulator's tab and returns the gateway's order id. */
export async function payInSimulator(context: BrowserContext, dialog: Locator): Promise<string> {
  await dialog.getByLabel('Phone number').fill('9876543210');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: /^Pay ₹/ }).click(),
  ]);
  await tab.waitForURL(/\/simulator\/checkout\/session_/);
  await tab.getByRole('button', { name: 'Success' }).click();
  await tab.waitForURL(/\/payment-success\?order_id=/);
  expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Successful!');
  const gatewayOrderId = new URL(tab.url()).searchParams.get('order_id')!;
  await tab.close();
  await dialog.waitFor({ state: 'detached' });
  return gatewayOrderId;
}

/** Clicks the download button and returns the bytes the browser saved. */
export async function download(
  page: Page,
  button: Locator,
  dir: string,
  expectedName: RegExp,
): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(file.suggestedFilename()).toMatch(expectedName);
  const saved = path.join(dir, `${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(saved);
  return readFileSync(saved);
}

/**
 * Opens the room of the newest order from /profile/orders, as an editor finds a Pay Now order, and returns
 * the reference the list shows.
 */
export async function openChatFromOrders(page: Page): Promise<string> {
  await page.goto('/profile/orders');
  const entry = page.locator('[data-order]').locator('visible=true').first();
  const reference = (await entry.getAttribute('data-order'))!;
  expect(await visibleText(entry)).toContain(reference);
  await entry.getByRole('link', { name: `Chat about ${reference}` }).click();
  await page.waitForURL(/\/chat\?roomId=/);
  return reference;
}

/**
 * Approve asks first (issue 25, item 10): the confirmation shows where the money goes, in the server's
 * figures, and its own Approve completes the order. Returns the summary's text.
 */
export async function confirmApprove(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: /^Approve delivery #\d+\?$/ });
  const summary = dialog.getByTestId('money-summary');
  await summary.waitFor();
  const text = await summary.innerText();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  return text;
}
