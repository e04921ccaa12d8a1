import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';
import { confirmApprove } from '../support/orders';

/** A real clip (ffmpeg is a dependency of the product); `tone` makes two cuts differ. */
function makeClip(dir: string, name: string, tone: number): string {
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=4:size=640x360:rate=24'],
    ...['-f', 'lavfi', '-i', `sine=frequency=${tone}:duration=4`],
    ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-preset', 'veryfast', '-c:a', 'aac', '-shortest'],
    ...['-movflags', '+faststart', file],
  ]);
  return file;
}

async function api(account: Account, method: string, p: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${p}`, {
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

/** signInPage once the first page's own session check has settled (so the reload keeps the token). */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Login', exact: true })
    .waitFor();
  await signInPage(page, account);
  await page.getByRole('button', { name: 'Logout' }).first().waitFor();
}

const card = (page: Page, n: number) => page.getByRole('article', { name: `Delivery ${n}`, exact: true });

describe('a delivery from first cut to final file', () => {
  let browser: Browser;
  let dir: string;
  let editor: Account;
  let creator: Account;
  let roomId: string;
  let firstCut: string;
  let finalCut: string;
  let editorSide: { context: BrowserContext; page: Page };
  let creatorSide: { context: BrowserContext; page: Page };
  /** Every URL the creator's browser asked for. */
  const creatorRequests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-e2e-delivery-'));
    firstCut = makeClip(dir, 'first-cut.mp4', 440);
    finalCut = makeClip(dir, 'final-cut.mp4', 660);
    browser = await launchBrowser();
    const admin = await adminAccount();
    [editor, creator] = await Promise.all([createEditor(), createCreator()]);
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
          description: 'Full edit',
          features: ['Up to 2 revisions'],
          pricing: [{ reelCount: 1, priceMin: 4999 }],
          deliveryDays: 7,
          revisions: 2,
        },
      ],
      whatsIncluded: ['Revisions'],
    });
    roomId = (await api(creator, 'POST', '/chat/initiate', { editorId: editor.id })).roomId;

    editorSide = await newPage(browser);
    creatorSide = await newPage(browser);
    creatorSide.page.on('request', (r) => creatorRequests.push(r.url()));
    await signIn(editorSide.page, editor);
    await signIn(creatorSide.page, creator);
    await editorSide.page.goto(`/chat?roomId=${roomId}`);
    await creatorSide.page.goto(`/chat?roomId=${roomId}`);
  });
  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The order the deliveries are for, as its card in the chat names it (CR-…). */
  let reference = '';

  async function send(file: string, note: string) {
    const page = editorSide.page;
    await page.getByRole('button', { name: 'Send delivery' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send delivery' });
    await dialog.getByLabel('Video or image').setInputFiles(file);
    // The delivery is for an order: the one in progress, named by its reference and title.
    const order = dialog.getByRole('group', { name: 'Order' }).locator('label', { hasText: reference });
    expect(await visibleText(order)).toContain('Brand reel');
    await order.click();
    expect(await order.getByRole('radio').isChecked()).toBe(true);
    await dialog.getByLabel('Note for the creator (optional)').fill(note);
    await dialog.getByRole('button', { name: 'Send delivery' }).click();
    expect(await visibleText(page.getByText('Delivery sent!'))).toBe('Delivery sent!');
    await dialog.waitFor({ state: 'detached' });
  }

  it('the editor offers the work in the chat and the creator accepts it, to pay on approval', async () => {
    const page = editorSide.page;
    await page.getByRole('button', { name: 'Send offer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send offer' });
    await dialog.getByLabel('Title').fill('Brand reel');
    await dialog.getByLabel('Description (optional)').fill('A 30 second reel from your footage');
    await dialog.getByLabel('Price (₹)').fill('4999');
    await dialog.getByLabel('Delivery (days)').fill('5');
    await dialog.getByLabel('Revisions').fill('2');
    await dialog.getByLabel('Tier (optional)').selectOption('pro');
    await dialog.getByRole('button', { name: 'Send offer' }).click();
    await dialog.waitFor({ state: 'detached' });

    const offer = creatorSide.page.getByRole('article', { name: 'Brand reel' });
    expect(await visibleText(offer.getByText('Offer pending'))).toBe('Offer pending');
    reference = (await visibleText(offer.getByText(/^CR-\d+ · Pro$/))).split(' ')[0]!;
    await offer.getByRole('button', { name: 'Accept, pay on approval' }).click();
    const accepted = editorSide.page.getByRole('article', { name: 'Brand reel' });
    expect(await visibleText(accepted.getByText('In progress', { exact: true }))).toBe('In progress');
  });

  it('the editor sends a cut; the creator watches a watermarked preview, never the original', async () => {
    await send(firstCut, 'First cut, music to come');
    const creatorCard = card(creatorSide.page, 1);
    // Live on the creator's screen: first the processing state (unless the preview was already made)...
    await creatorCard.waitFor();
    const video = creatorCard.getByTestId('delivery-preview-video');
    await video.waitFor({ timeout: 60_000 });
    expect(await visibleText(creatorCard.getByText('First cut, music to come'))).toContain('First cut');

    const watched = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 800));
      v.currentTime = 3;
      await new Promise((r) => v.addEventListener('seeked', r, { once: true }));
      return { src: v.currentSrc, poster: v.poster, duration: v.duration, at: v.currentTime };
    });
    expect(watched.duration).toBeGreaterThan(3.5);
    expect(watched.at).toBeGreaterThanOrEqual(2.9);
    expect(watched.src).toContain(`/preview?t=`);
    expect(watched.poster).toContain(`/poster?t=`);
    // The preview is the server's watermarked copy, not the file the editor sent.
    const preview = Buffer.from(await (await fetch(watched.src)).arrayBuffer());
    expect(preview.length).toBeGreaterThan(1000);
    expect(preview.equals(readFileSync(firstCut))).toBe(false);
    expect(creatorRequests.filter((u) => u.includes('/final'))).toEqual([]);

    const sentLine = `Delivery #1 sent for review (order ${reference}).`;
    expect(await visibleText(creatorSide.page.getByText(sentLine))).toBe(sentLine);
    expect(await visibleText(creatorCard.getByTestId('delivery-order'))).toBe(`For ${reference} Brand reel`);
  });

  it('the creator requests changes, the editor sees it live and sends again', async () => {
    const creatorCard = card(creatorSide.page, 1);
    await creatorCard.getByRole('button', { name: 'Request changes' }).click();
    await creatorCard.getByLabel('What should the editor change?').fill('Please trim the intro');
    await creatorCard.getByRole('button', { name: 'Send request' }).click();
    expect(await visibleText(creatorCard.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );

    const editorCard = card(editorSide.page, 1);
    expect(await visibleText(editorCard.getByText('Please trim the intro'))).toContain(
      'Please trim the intro',
    );
    expect(await editorCard.getAttribute('data-status')).toBe('changes_requested');

    await send(finalCut, 'Intro trimmed');
    await card(creatorSide.page, 2).getByTestId('delivery-preview-video').waitFor({ timeout: 60_000 });
    // The history stays: the first card is still there, with the request.
    expect(await card(creatorSide.page, 1).getAttribute('data-status')).toBe('changes_requested');
  });

  it('the creator approves, pays through the simulator and downloads exactly what the editor sent', async () => {
    const { context, page } = creatorSide;
    const second = card(page, 2);
    await second.getByRole('button', { name: 'Approve' }).click();
    await confirmApprove(second.page());
    // Approving leads straight into paying for the order, at the price and tier of the offer.
    const dialog = page.getByRole('dialog');
    expect(await visibleText(dialog.getByTestId('payment-order'))).toBe(`${reference} Brand reel`);
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Pro');
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹4,999');
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await second.getByRole('button', { name: 'Download final video' }).count()).toBe(0);
    expect(await visibleText(card(editorSide.page, 2).getByText('Approved, waiting for payment'))).toBe(
      'Approved, waiting for payment',
    );

    await dialog.getByLabel('Phone number').fill('9876543210');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: /^Pay ₹/ }).click(),
    ]);
    await tab.waitForURL(/\/simulator\/checkout\/session_/);
    await tab.getByRole('button', { name: 'Success' }).click();
    await tab.waitForURL(/\/payment-success\?order_id=/);
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Successful!');
    await tab.close();

    // The gateway's confirmation reaches both open chat screens.
    const downloadButton = second.getByRole('button', { name: 'Download final video' });
    await downloadButton.waitFor({ timeout: 20_000 });
    expect(await visibleText(card(editorSide.page, 2).getByText('Paid', { exact: true }))).toBe('Paid');
    expect(creatorRequests.filter((u) => u.includes('/final'))).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), downloadButton.click()]);
    expect(download.suggestedFilename()).toBe('cutroom-delivery-2.mp4');
    const saved = path.join(dir, 'downloaded.mp4');
    await download.saveAs(saved);
    expect(readFileSync(saved).equals(readFileSync(finalCut))).toBe(true);

    for (const text of [
      'Delivery #2 approved.',
      `Order ${reference} completed. Payment of ₹4,999 unlocks the final file.`,
      `Payment of ₹4,999 received for order ${reference}.`,
      'Final file of delivery #2 released to the creator.',
    ]) {
      expect(await visibleText(page.getByText(text))).toBe(text);
    }
    // The first, unapproved cut stays locked.
    expect(await card(page, 1).getByRole('button', { name: 'Download final video' }).count()).toBe(0);
  });
});
