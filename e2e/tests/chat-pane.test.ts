import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api, until } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { DESKTOP, PHONE } from '../support/screens';

const shotsDir = process.env.E2E_SCREENSHOTS;
/** E2E_SCREENSHOTS=<dir>: the chat screen as it is, at the page's own size. */
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`) });
}

/** A still image (its preview is made at once), a different colour for each cut. */
const makeImage = (n: number) =>
  sharp({
    create: { width: 640, height: 360, channels: 3, background: { r: 40 * n, g: 120, b: 255 - 50 * n } },
  })
    .png()
    .toBuffer();

/** Heights of the open room's pane, its message list and the strip of panels above it. */
const measure = (page: Page) =>
  page.evaluate(() => {
    const pane = document.querySelector<HTMLElement>('section[aria-label^="Chat with"]')!;
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
    const strip = document.querySelector<HTMLElement>('[data-testid="chat-panels"]')!;
    return {
      pane: pane.clientHeight,
      list: list.clientHeight,
      strip: strip.clientHeight,
      stripScrolls: strip.scrollHeight > strip.clientHeight,
    };
  });

/** Whether the newest line of the log is inside the visible part of the message list. */
const newestLineVisible = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="message-list"]')!;
    const items = list.querySelectorAll('[role="log"] > li');
    const last = items[items.length - 1];
    if (!last) return false;
    const box = list.getBoundingClientRect();
    const line = last.getBoundingClientRect();
    return line.bottom <= box.bottom + 1 && line.top >= box.top - 1;
  });

/**
 * The chat pane with a busy room (an order under way with three deliveries, a second offer, forty
 * messages): the message list keeps most of the pane at 1280×800 and 390×844, only the newest delivery is
 * open, and the list shows the newest line on opening and after sending; a reader who scrolled up is
 * offered a jump to the new messages instead of being moved.
 */
describe('the chat pane in a busy room', () => {
  let browser: Browser;
  let editor: Account;
  const contexts: BrowserContext[] = [];

  /** A room of its own for one creator: an order with three deliveries (two sent back), an offer, chat. */
  async function busyRoom(creator: Account): Promise<string> {
    const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
    const order = (
      await api(editor, 'POST', `/chat/${roomId}/offers`, {
        title: 'Brand reel',
        description: 'A 30 second reel',
        amount: 4999,
        deliveryDays: 5,
        revisions: 3,
      })
    ).data;
    await api(creator, 'POST', `/orders/${order._id}/accept`, { payNow: false });
    for (let i = 0; i < 20; i++) {
      await api(creator, 'POST', '/chat/message', { chatRoomId: roomId, content: `Creator line ${i + 1}` });
      await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: `Editor line ${i + 1}` });
    }
    for (let n = 1; n <= 3; n++) {
      const form = new FormData();
      form.append('orderId', order._id);
      form.append('file', new Blob([await makeImage(n)], { type: 'image/png' }), `cut-${n}.png`);
      form.append('note', `Cut number ${n}`);
      const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
      await until(async () => {
        const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
        return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
      }, `the preview of delivery ${n}`);
      if (n < 3) {
        await api(creator, 'POST', `/deliveries/${delivery._id}/request-changes`, {
          note: `Changes to cut ${n}, please`,
        });
      }
    }
    // A second offer, still open: the Orders panel has two cards.
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title: 'Thumbnail pack',
      description: 'Three thumbnails',
      amount: 999,
      deliveryDays: 2,
      revisions: 1,
    });
    await api(creator, 'POST', '/chat/message', { chatRoomId: roomId, content: 'Last line before opening' });
    return roomId;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    editor = await createEditor();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`keeps the messages in view at ${viewport.width}×${viewport.height}`, async () => {
      const creator = await createCreator();
      const roomId = await busyRoom(creator);
      const { page, context } = await signedInPage(browser, creator, { viewport });
      contexts.push(context);
      await page.goto(`/chat?roomId=${roomId}`);
      await page.locator('[data-testid="connection-state"][data-state="connected"]').waitFor();
      const log = page.getByRole('log', { name: 'Messages' });
      await log.getByText('Last line before opening').waitFor();
      // Everything in the room has arrived: both orders and all three deliveries.
      const deliveries = page.getByRole('region', { name: 'Deliveries', exact: true });
      await deliveries.getByRole('article', { name: 'Delivery 3', exact: true }).waitFor();
      await page.getByRole('article', { name: 'Thumbnail pack' }).waitFor();
      await deliveries
        .getByRole('article', { name: 'Delivery 3', exact: true })
        .getByTestId('delivery-preview-image')
        .waitFor();
      await page.waitForTimeout(300);

      // The message list keeps most of the pane; the panels above it are capped and scroll by themselves.
      const size = await measure(page);
      console.log(`chat pane at ${viewport.width}×${viewport.height}: ${JSON.stringify(size)}`);
      expect(size.list, 'message list: at least half of the pane').toBeGreaterThanOrEqual(size.pane / 2);
      if (viewport === DESKTOP) expect(size.list).toBeGreaterThanOrEqual(360);
      expect(size.strip).toBeLessThan(size.list);
      expect(size.stripScrolls, 'the panels scroll inside their own strip').toBe(true);

      // Opening the room shows the newest line, even after the panels above have loaded.
      expect(await newestLineVisible(page)).toBe(true);

      // Only the newest delivery is open; the older ones are one line each, opened on demand.
      const card = (n: number) => deliveries.getByRole('article', { name: `Delivery ${n}`, exact: true });
      const toggle = (n: number) => card(n).getByRole('button', { name: new RegExp(`^Delivery #${n}`) });
      for (const n of [1, 2]) {
        expect(await toggle(n).getAttribute('aria-expanded')).toBe('false');
        expect(await card(n).getByTestId('delivery-preview-image').count()).toBe(0);
        expect(await visibleText(toggle(n))).toContain('Changes requested');
        const box = await toggle(n).boundingBox();
        expect(box!.height, 'a collapsed delivery is one line').toBeLessThan(56);
      }
      expect(await toggle(3).getAttribute('aria-expanded')).toBe('true');
      expect(await visibleText(card(3))).toContain('Cut number 3');
      await shot(page, 'chat-pane');

      await toggle(1).click();
      expect(await toggle(1).getAttribute('aria-expanded')).toBe('true');
      expect(await visibleText(card(1).getByText('Changes to cut 1, please'))).toContain('Changes to cut 1');
      await card(1).getByTestId('delivery-preview-image').waitFor();
      await toggle(1).click();
      expect(await toggle(1).getAttribute('aria-expanded')).toBe('false');

      // Sending: the new line is the newest and in view.
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(`Sent from ${viewport.width}`);
      await box.press('Enter');
      await log
        .locator('[data-testid="chat-message"][data-own="true"]', { hasText: `Sent from ${viewport.width}` })
        .waitFor();
      await expect.poll(() => newestLineVisible(page)).toBe(true);

      // An incoming line while at the bottom: followed.
      await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: 'Editor answers at once' });
      await log.getByText('Editor answers at once').waitFor();
      await expect.poll(() => newestLineVisible(page)).toBe(true);

      // Scrolled up to read: an incoming line does not move the list; a button offers the jump.
      await page.getByTestId('message-list').evaluate((el) => el.scrollTo({ top: 0 }));
      // The scroll event reaches the page in its next rendering step, not after a set time: under load
      // 200 ms once passed without one, and the incoming line was followed as if the reader were at the end.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
      );
      const top = await page.getByTestId('message-list').evaluate((el) => el.scrollTop);
      await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: 'While you were reading' });
      await log.getByText('While you were reading').waitFor({ state: 'attached' });
      const jump = page.getByRole('button', { name: /new message/i });
      await jump.waitFor();
      expect(await page.getByTestId('message-list').evaluate((el) => el.scrollTop)).toBe(top);
      expect(await newestLineVisible(page)).toBe(false);
      await shot(page, 'chat-pane-new-messages');
      await jump.click();
      await expect.poll(() => newestLineVisible(page)).toBe(true);
      await jump.waitFor({ state: 'detached' });
    });
  }
});
