import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, visibleText } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

/**
 * Orders from a person's point of view: a custom offer in the chat paid on approval, Pay Now on a tier,
 * an order nobody reviews completing by itself, and a late order cancelled with a refund. Journeys 1 and 2
 * run on the suite's server at desktop width (1 also on a phone); 3 and 4 on a second server of this
 * file's own whose order clock is short, on a phone.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** E2E_SCREENSHOTS=<dir> saves a full-page PNG at each key step, named by step and width. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  // Let toasts and live updates settle so the picture shows the screen as a person reads it.
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

/** A real clip (ffmpeg is a dependency of the product); `tone` makes cuts differ. */
function makeClip(dir: string, name: string, tone: number): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=3:size=640x360:rate=24'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=3`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', file],
  ]);
  return file;
}

/** A still image: its preview is made at once, which keeps the timed journeys short. */
function makeImage(dir: string, name: string, pattern: string): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', `${pattern}=size=800x450`],
    ...['-frames:v', '1', file],
  ]);
  return file;
}

async function api(base: string, account: Account, method: string, p: string, body?: unknown) {
  const res = await fetch(`${base}/api${p}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

/** Basic and Pro tiers, as the admin portfolio pages set them. */
async function giveTiers(base: string, admin: Account, editor: Account): Promise<void> {
  await api(base, admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
    tiers: [
      {
        title: 'basic',
        description: 'Short reels',
        features: ['1 revision'],
        pricing: [{ reelCount: 1, priceMin: 1499 }],
      },
      {
        title: 'pro',
        description: 'Full edit',
        features: ['Up to 2 revisions', 'Color grading'],
        pricing: [{ reelCount: 1, priceMin: 4999 }],
      },
    ],
    whatsIncluded: ['Revisions'],
  });
}

interface Side {
  context: BrowserContext;
  page: Page;
}

/** A signed-in browser at a width, once the first page's own session check has settled. */
async function openAs(
  browser: Browser,
  account: Account,
  viewport: { width: number; height: number },
  base?: string,
): Promise<Side> {
  return signedInPage(browser, account, { viewport, baseUrl: base });
}

const orderCard = (page: Page, title: string) => page.getByRole('article', { name: title });
const deliveryCard = (page: Page, n: number) =>
  page.getByRole('article', { name: `Delivery ${n}`, exact: true });
/**
 * Unfolds the room's Orders or Deliveries panel if it is folded: on a phone a panel sits open only while
 * something in it waits for the viewer, and a person taps its header to look inside.
 */
async function unfold(page: Page, panel: 'Orders' | 'Deliveries'): Promise<void> {
  const toggle = page
    .getByRole('region', { name: panel, exact: true })
    .locator('button[aria-expanded]')
    .first();
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
}
/** On screen and not covered or clipped: the element itself is what a tap at its centre reaches. */
const inView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
/** The creator's 'Show the delivery' on the order card brings the delivery to review into view. */
async function showDelivery(page: Page, title: string, card: Locator): Promise<void> {
  await orderCard(page, title).getByRole('button', { name: 'Show the delivery' }).click();
  await expect.poll(() => inView(card.getByRole('button', { name: 'Approve' }))).toBe(true);
}
const systemLine = (page: Page, text: string | RegExp) =>
  page.getByTestId('chat-system-line').filter({ hasText: text });

/** The editor fills 'Send offer' and sends it; returns the reference the creator's card shows. */
async function sendOffer(
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
  if (screenshot) await shot(editor, screenshot);
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
async function deliver(
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
  if (opts.screenshot) await shot(editor, opts.screenshot);
  await dialog.getByRole('button', { name: 'Send delivery' }).click();
  expect(await visibleText(editor.getByText('Delivery sent!'))).toBe('Delivery sent!');
  await dialog.waitFor({ state: 'detached' });
}

/** Waits for the watermarked preview of delivery `n` on the creator's screen. */
async function previewReady(page: Page, n: number, kind: 'video' | 'image'): Promise<Locator> {
  const card = deliveryCard(page, n);
  await card.getByTestId(`delivery-preview-${kind}`).waitFor({ timeout: 60_000 });
  return card;
}

/** Fills the payment modal, pays in the simulator's tab and returns the gateway's order id. */
async function payInSimulator(context: BrowserContext, dialog: Locator): Promise<string> {
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
async function download(page: Page, button: Locator, dir: string, expectedName: RegExp): Promise<Buffer> {
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
async function openChatFromOrders(page: Page): Promise<string> {
  await page.goto('/profile/orders');
  const entry = page.locator('[data-order]').locator('visible=true').first();
  const reference = (await entry.getAttribute('data-order'))!;
  expect(await visibleText(entry)).toContain(reference);
  await entry.getByRole('link', { name: `Chat about ${reference}` }).click();
  await page.waitForURL(/\/chat\?roomId=/);
  return reference;
}

describe('orders in the browser', () => {
  let browser: Browser;
  let dir: string;
  let clip1: string;
  let clip2: string;
  let image1: string;
  let image2: string;
  let short: TestServer;
  const opened: Side[] = [];
  const open = async (account: Account, viewport: typeof DESKTOP, base?: string) => {
    const side = await openAs(browser, account, viewport, base);
    opened.push(side);
    return side;
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-e2e-orders-'));
    clip1 = makeClip(dir, 'first-cut.mp4', 440);
    clip2 = makeClip(dir, 'final-cut.mp4', 660);
    image1 = makeImage(dir, 'still-1.png', 'testsrc');
    image2 = makeImage(dir, 'still-2.png', 'smptebars');
    // A second server whose clock for orders is short: a delivery nobody reviews completes after ~22 s
    // (warned ~7 s after it is sent) and one day of delivery time is 8 s.
    [short, browser] = await Promise.all([
      startServer({
        SMTP_URL: `smtp://127.0.0.1:${inject('mailboxSmtpPort')}`,
        ORDER_AUTO_COMPLETE_HOURS: '0.006',
        ORDER_AUTO_COMPLETE_WARNING_HOURS: '0.004',
        ORDER_DAY_SECONDS: '8',
      }),
      launchBrowser(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await short?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Journey 1: the creator starts the chat from the portfolio, the editor sends a custom offer, the
   * creator accepts to pay on approval, a delivery, changes, v2, approval, payment, download.
   */
  async function customOfferJourney(
    viewport: typeof DESKTOP,
    files: [string, string],
    kind: 'video' | 'image',
  ) {
    const base = baseUrl();
    const admin = await adminAccount();
    const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    await giveTiers(base, admin, editor);
    const creatorSide = await open(creator, viewport);
    const editorSide = await open(editor, viewport);
    const c = creatorSide.page;
    const e = editorSide.page;
    const w = viewport.width;

    await c.goto(`/portfolio/${editor.id}`);
    await c.getByRole('button', { name: 'Start Chat with Editor' }).click();
    await c.waitForURL(/\/chat\?roomId=/);
    const roomId = new URL(c.url()).searchParams.get('roomId')!;
    expect(await visibleText(c.getByTestId('chat-counterpart'))).toBe(editor.username);
    await e.goto(`/chat?roomId=${roomId}`);

    const title = `Launch teaser ${w}`;
    const reference = await sendOffer(
      e,
      c,
      { title, description: 'A 30 second teaser from your footage', price: 6999, days: 5, revisions: 1 },
      'j1-offer-form',
    );
    const offer = orderCard(c, title);
    const terms = await visibleText(offer.locator('dl'));
    expect(terms).toContain('₹6,999');
    expect(terms).toContain('5 days');
    expect(terms).toContain('1 included');
    expect(await visibleText(offer.getByText('A 30 second teaser from your footage'))).toBeTruthy();
    const offered = `Offer ${reference}: "${title}" for ₹6,999, delivered in 5 days with 1 revision.`;
    expect(await visibleText(systemLine(c, offered))).toBe(offered);
    // The creator's choices, and the editor's one.
    for (const name of ['Accept & pay now', 'Accept, pay on approval', 'Decline']) {
      expect(await offer.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    await unfold(e, 'Orders');
    expect(await visibleText(orderCard(e, title).getByRole('button', { name: 'Withdraw offer' }))).toBe(
      'Withdraw offer',
    );
    await shot(c, 'j1-offer-card');
    // A keyboard user sees where they are: the focus ring on the offer's first step.
    await c.keyboard.press('Tab');
    await offer.getByRole('button', { name: 'Accept & pay now' }).focus();
    expect(
      await offer
        .getByRole('button', { name: 'Accept & pay now' })
        .evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none'),
    ).toBe(true);
    await shot(c, 'j1-offer-focus');

    await offer.getByRole('button', { name: 'Accept, pay on approval' }).click();
    const accepted = orderCard(e, title);
    expect(await visibleText(accepted.getByText('In progress', { exact: true }))).toBe('In progress');
    expect(await visibleText(accepted.getByText('Not paid yet'))).toBe('Not paid yet');
    expect(
      await visibleText(systemLine(c, `Offer ${reference} accepted; payment is due on approval.`)),
    ).toMatch(/^Offer CR-\d+ accepted; payment is due on approval\. Due /);
    // Paying later stays possible from the card at any time.
    expect(
      await visibleText(orderCard(c, title).getByRole('button', { name: /^Pay for this order · ₹6,999$/ })),
    ).toContain('Pay for this order');
    await shot(e, 'j1-accepted-order');

    const ext = kind === 'video' ? 'mp4' : 'png';
    await deliver(e, files[0], reference, {
      note: 'First cut',
      from: 'panel',
      title,
      screenshot: 'j1-delivery-picker',
    });
    const first = await previewReady(c, 1, kind);
    const sent = `Delivery #1 sent for review (order ${reference}).`;
    expect(await visibleText(systemLine(c, sent))).toBe(sent);
    expect(await visibleText(first.getByTestId('delivery-order'))).toBe(`For ${reference} ${title}`);
    expect(await visibleText(orderCard(c, title).getByText('Delivered', { exact: true }))).toBe('Delivered');
    await showDelivery(c, title, first);
    await shot(c, 'j1-review-delivery');

    await first.getByRole('button', { name: 'Request changes' }).click();
    await first.getByLabel('What should the editor change?').fill('Shorter intro, please');
    await first.getByRole('button', { name: 'Send request' }).click();
    expect(await visibleText(first.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );
    const editorOrder = orderCard(e, title);
    expect(await visibleText(editorOrder.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );
    expect(await visibleText(editorOrder.locator('dl'))).toContain('0 left of 1');
    await unfold(e, 'Deliveries');
    expect(await visibleText(deliveryCard(e, 1).getByText('Shorter intro, please'))).toContain(
      'Shorter intro',
    );

    await deliver(e, files[1], reference, { note: 'Intro trimmed', from: 'card', title });
    const second = await previewReady(c, 2, kind);
    await showDelivery(c, title, second);
    await second.getByRole('button', { name: 'Approve' }).click();
    // Approving completes the order and leads straight into paying for it, as agreed.
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-order'))).toBe(`${reference} ${title}`);
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹6,999');
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await second.getByRole('button', { name: /^Download final/ }).count()).toBe(0);
    expect(await visibleText(deliveryCard(e, 2).getByText('Approved, waiting for payment'))).toBe(
      'Approved, waiting for payment',
    );
    await shot(c, 'j1-approve-pay');
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);
    expect(gatewayOrderId).toBeTruthy();

    const button = second.getByRole('button', { name: `Download final ${kind}` });
    await button.waitFor({ timeout: 20_000 });
    expect(await visibleText(deliveryCard(e, 2).getByText('Paid', { exact: true }))).toBe('Paid');
    const bytes = await download(c, button, dir, new RegExp(`^cutroom-delivery-2\\.${ext}$`));
    expect(bytes.equals(readFileSync(files[1]))).toBe(true);
    for (const text of [
      'Delivery #2 approved.',
      `Order ${reference} completed. Payment of ₹6,999 unlocks the final file.`,
      `Payment of ₹6,999 received for order ${reference}.`,
      'Final file of delivery #2 released to the creator.',
    ]) {
      expect(await visibleText(systemLine(c, text))).toBe(text);
    }
    // The first cut, never approved, stays locked.
    expect(
      await deliveryCard(c, 1)
        .getByRole('button', { name: /^Download final/ })
        .count(),
    ).toBe(0);
    // Completed and paid: the creator's card stays among the current ones while the order can be reviewed.
    await unfold(c, 'Orders');
    const done = orderCard(c, title);
    expect(await visibleText(done.getByText('Completed', { exact: true }))).toBe('Completed');
    expect(await visibleText(done.locator('dl'))).toMatch(/Paid/);
    const leave = done.getByRole('button', { name: `Leave a review for ${reference}` });
    expect(await visibleText(leave)).toContain('Leave a review');
    await shot(c, 'j1-completed-download');
  }

  it('journey 1: a custom offer in the chat, paid on approval, changes, v2, download (desktop)', async () => {
    await customOfferJourney(DESKTOP, [clip1, clip2], 'video');
  });

  it('journey 1 on a phone: offer, accept, deliver, changes, v2, approve, pay, download', async () => {
    await customOfferJourney(PHONE, [image1, image2], 'image');
  });

  it('journey 2: Pay Now on the portfolio first, then delivery, approval and download without paying again', async () => {
    const base = baseUrl();
    const admin = await adminAccount();
    const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    await giveTiers(base, admin, editor);
    const creatorSide = await open(creator, DESKTOP);
    const editorSide = await open(editor, DESKTOP);
    const c = creatorSide.page;
    const e = editorSide.page;

    await c.goto(`/portfolio/${editor.id}`);
    await c.locator('[aria-label="Pro tier"]').getByRole('button', { name: 'Pay Now' }).click();
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    // The modal states what is bought: tier, features, revisions, delivery time and price.
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Pro');
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹4,999');
    const summary = await visibleText(dialog.locator('dl').first());
    expect(summary).toContain('7 days');
    expect(summary).toContain('2 revisions');
    const included = dialog.getByRole('list', { name: 'Included in this plan' }).getByRole('listitem');
    expect((await included.allInnerTexts()).map((t) => t.trim())).toEqual([
      'Up to 2 revisions',
      'Color grading',
    ]);
    await shot(c, 'j2-paynow-modal');
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);

    // The editor finds the order under Orders and opens its chat.
    const reference = await openChatFromOrders(e);
    const card = e.getByTestId('order-card').filter({ hasText: reference });
    expect(await visibleText(card.getByText(/^CR-\d+ · Pro$/))).toBe(`${reference} · Pro`);
    const title = await visibleText(card.getByRole('heading', { level: 3 }));
    expect(await visibleText(card.getByText('In progress', { exact: true }))).toBe('In progress');
    expect(await visibleText(card.locator('dl'))).toMatch(/Paid/);
    const roomId = new URL(e.url()).searchParams.get('roomId')!;
    await c.goto(`/chat?roomId=${roomId}`);
    expect(await visibleText(systemLine(c, `Order ${reference} placed for the pro tier.`))).toContain(
      reference,
    );

    await deliver(e, image1, reference, { note: 'All done', from: 'card', title });
    const delivered = await previewReady(c, 1, 'image');
    await delivered.getByRole('button', { name: 'Approve' }).click();
    const button = delivered.getByRole('button', { name: 'Download final image' });
    await button.waitFor();
    // Paid up front: no payment is asked for again.
    expect(await c.getByRole('dialog').count()).toBe(0);
    expect(await delivered.getByRole('button', { name: /^Pay to unlock/ }).count()).toBe(0);
    const bytes = await download(c, button, dir, /^cutroom-delivery-1\.png$/);
    expect(bytes.equals(readFileSync(image1))).toBe(true);
    expect(await c.getByRole('dialog').count()).toBe(0);
    await shot(c, 'j2-completed-download');

    // Payment History: exactly one payment, naming the order.
    await c.goto('/profile');
    const rows = c.locator('table[aria-label="Payment History"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = c.locator(`tr[data-order-id="${gatewayOrderId}"]`);
    const rowText = await visibleText(row);
    expect(rowText).toContain(reference);
    expect(rowText).toContain('₹4,999');
    expect(rowText).toContain('SUCCESS');
    await shot(c, 'j2-profile-payment-history');

    await c.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Orders' }).click();
    const orderRow = c.locator(`tr[data-order="${reference}"]`);
    const orderText = await visibleText(orderRow);
    expect(orderText).toContain('Completed');
    expect(orderText).toContain('₹4,999');
    expect(orderText).toContain('Paid');
    await shot(c, 'j2-profile-orders');

    // The admin sees it among All Orders and on its own page.
    const adminSide = await open(admin, DESKTOP);
    const a = adminSide.page;
    await a.goto('/admin/dashboard/all-orders');
    const adminRow = a.locator(`tr[data-order="${reference}"]`);
    expect(await visibleText(adminRow)).toContain('Completed');
    await shot(a, 'admin-all-orders');
    await adminRow.getByRole('link', { name: `View order ${reference}` }).click();
    await a.waitForURL(/\/admin\/dashboard\/orders\//);
    expect(await visibleText(a.getByRole('heading', { level: 1, name: title }))).toBe(title);
    const timeline = await visibleText(a.getByRole('list', { name: 'Order timeline' }));
    expect(timeline).toMatch(/Paid ₹4,999/);
    expect(timeline).toContain('Completed: delivery #1 approved');
    await shot(a, 'admin-order-page');
  });

  it('journey 3: nobody reviews the delivery; the order completes by itself and the paid file is released (phone)', async () => {
    const base = short.baseUrl;
    const admin = await adminAccount(base);
    const [editor, creator] = await Promise.all([
      createEditor(undefined, undefined, base),
      createCreator(undefined, undefined, base),
    ]);
    await giveTiers(base, admin, editor);
    const creatorSide = await open(creator, PHONE, base);
    const editorSide = await open(editor, PHONE, base);
    const c = creatorSide.page;
    const e = editorSide.page;

    await c.goto(`/portfolio/${editor.id}`);
    await c.locator('[aria-label="Pro tier"]').getByRole('button', { name: 'Pay Now' }).click();
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Pro');
    await shot(c, 'j3-paynow-modal');
    await payInSimulator(creatorSide.context, dialog);

    const reference = await openChatFromOrders(e);
    const card = e.getByTestId('order-card').filter({ hasText: reference });
    expect(await visibleText(card.getByText(/^CR-\d+ · Pro$/))).toBe(`${reference} · Pro`);
    const title = await visibleText(card.getByRole('heading', { level: 3 }));
    const roomId = new URL(e.url()).searchParams.get('roomId')!;
    await c.goto(`/chat?roomId=${roomId}`);

    await deliver(e, image2, reference, {
      note: 'Have a look',
      from: 'card',
      title,
      screenshot: 'j3-delivery-picker',
    });
    const delivered = await previewReady(c, 1, 'image');
    // Nobody reviews it: first the warning, then the order completes by itself.
    const warning = systemLine(c, `Order ${reference} completes automatically on`);
    expect(await visibleText(warning)).toMatch(
      /unless the creator approves the delivery or asks for changes\.$/,
    );
    await shot(c, 'j3-auto-complete-warning');
    const completed = `Order ${reference} completed automatically: delivery #1 was not reviewed in time.`;
    await systemLine(c, completed).waitFor({ timeout: 40_000 });
    expect(await visibleText(systemLine(c, completed))).toBe(completed);
    expect(await visibleText(systemLine(e, completed))).toBe(completed);
    const button = delivered.getByRole('button', { name: 'Download final image' });
    await button.waitFor();
    expect(await delivered.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const bytes = await download(c, button, dir, /^cutroom-delivery-1\.png$/);
    expect(bytes.equals(readFileSync(image2))).toBe(true);
    await shot(c, 'j3-auto-completed-download');
  });

  it('journey 4: a paid order goes late; the creator cancels it and is refunded in full (phone)', async () => {
    const base = short.baseUrl;
    const admin = await adminAccount(base);
    const [editor, creator] = await Promise.all([
      createEditor(undefined, undefined, base),
      createCreator(undefined, undefined, base),
    ]);
    await giveTiers(base, admin, editor);
    const roomId = (await api(base, creator, 'POST', '/chat/initiate', { editorId: editor.id })).roomId;
    const creatorSide = await open(creator, PHONE, base);
    const editorSide = await open(editor, PHONE, base);
    const c = creatorSide.page;
    const e = editorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);

    const title = 'Rush edit';
    const reference = await sendOffer(
      e,
      c,
      { title, description: 'Needed tomorrow', price: 2500, days: 1, revisions: 0 },
      'j4-offer-form',
    );
    await shot(c, 'j4-offer-card');
    await orderCard(c, title).getByRole('button', { name: 'Accept & pay now' }).click();
    // Accepting to pay now goes straight to paying for the order.
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-order'))).toBe(`${reference} ${title}`);
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹2,500');
    await shot(c, 'j4-accept-pay');
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);

    const card = orderCard(c, title);
    expect(await visibleText(card.getByText('In progress', { exact: true }))).toBe('In progress');
    // One day is 8 s here: the due date passes with no delivery.
    await card.getByText('Late', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await visibleText(card.locator('dl'))).toMatch(/· Late/);
    const lateLine = `Order ${reference} is past its due date with no delivery. The creator may cancel it with a full refund.`;
    expect(await visibleText(systemLine(c, lateLine))).toBe(lateLine);
    const cancel = card.getByRole('button', { name: 'Cancel with full refund' });
    expect(await cancel.isVisible()).toBe(true);
    await shot(c, 'j4-late-cancel');

    await cancel.click();
    const confirm = c.getByRole('dialog', { name: 'Cancel with full refund' });
    expect(await visibleText(confirm.getByText(/refunds the full/))).toContain('₹2,500');
    await confirm.getByLabel('Reason (optional)').fill('The date has passed');
    await shot(c, 'j4-cancel-dialog');
    await confirm.getByRole('button', { name: 'Cancel with full refund' }).click();
    await confirm.waitFor({ state: 'detached' });
    const cancelled = `Order ${reference} was cancelled by the creator. ₹2,500 will be refunded to the creator.`;
    expect(await visibleText(systemLine(c, cancelled))).toBe(cancelled);
    expect(await visibleText(systemLine(e, cancelled))).toBe(cancelled);
    // Cancelled, it is a past order now.
    await c.getByRole('button', { name: 'Show past orders (1)' }).click();
    expect(await visibleText(card.getByText('Cancelled', { exact: true }))).toBe('Cancelled');
    expect(await visibleText(card.getByText('Refunded ₹2,500'))).toBe('Refunded ₹2,500');
    await shot(c, 'j4-cancelled');

    // The refund in the creator's Payment History, confirmed by the gateway.
    await c.goto('/profile');
    const payment = c
      .getByRole('list', { name: 'Payment History' })
      .locator('li')
      .filter({ hasText: gatewayOrderId })
      .first();
    expect(await visibleText(payment)).toContain(reference);
    const refunds = payment.locator('dt:text-is("Refunds") + dd');
    // PENDING at first, SUCCESS once the gateway confirms the refund.
    await expect
      .poll(
        async () => {
          await c.reload();
          return visibleText(refunds);
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^₹2,500\s*SUCCESS$/);
    await shot(c, 'j4-profile-payment-history');
    await c.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Orders' }).click();
    const mine = c.locator(`[data-order="${reference}"]`).locator('visible=true');
    const mineText = await visibleText(mine);
    expect(mineText).toContain('Cancelled');
    expect(mineText).toContain('Refunded ₹2,500');
    await shot(c, 'j4-profile-orders');

    // The admin's order page tells the whole story.
    const adminSide = await open(admin, PHONE, base);
    const a = adminSide.page;
    await a.goto('/admin/dashboard/all-orders');
    const adminCard = a.locator(`[data-order="${reference}"]`).locator('visible=true');
    expect(await visibleText(adminCard)).toContain('Cancelled');
    await shot(a, 'admin-all-orders');
    await adminCard.getByRole('link', { name: `View order ${reference}` }).click();
    await a.waitForURL(/\/admin\/dashboard\/orders\//);
    expect(await visibleText(a.getByRole('heading', { level: 1, name: title }))).toBe(title);
    const timeline = a.getByRole('list', { name: 'Order timeline' });
    await expect
      .poll(async () => {
        await a.reload();
        return visibleText(timeline);
      })
      .toContain('Refund of ₹2,500 confirmed by the gateway');
    const story = await visibleText(timeline);
    expect(story).toContain('Past its due date with no delivery');
    expect(story).toContain('Cancelled');
    expect(story).toContain('The date has passed');
    await shot(a, 'admin-order-page');
  });
});
