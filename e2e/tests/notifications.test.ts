import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';

/**
 * Nobody misses a message: the same creator in two tabs and an editor. The editor's messages raise the
 * Chat badge and the room's count in Your Chats in both tabs at once (the tab title keeps the bell's
 * figure: one count, issue 25 item 17), and reading them in one tab clears them in both. A new offer
 * reaches the bell live; the bell, the e-mail settings and the unsubscribe page are pictured at desktop
 * and phone widths.
 */

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** E2E_SCREENSHOTS=<dir> saves a full-page PNG at each key step, named by step and width. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  // Let toasts and live updates settle so the picture shows the screen as a person reads it.
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `notifications-${name}-${width}.png`), fullPage });
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

/** Presses Tab until the element has the focus, as a keyboard user would reach it. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 15; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

describe('notifications', () => {
  let browser: Browser;
  let creator: Account;
  let editor: Account;
  let roomId = '';
  const contexts: BrowserContext[] = [];

  /** A tab signed in as the account, once the page has confirmed the session and the socket is up. */
  async function signedIn(account: Account, viewport = DESKTOP): Promise<Page> {
    const { page, context } = await signedInPage(browser, account, { viewport });
    contexts.push(context);
    await live(page);
    return page;
  }

  /** The tab's one socket is connected: pushed events reach it from now on. */
  const live = (page: Page) =>
    page.locator('[data-testid="notification-bell"][data-connection="connected"]').waitFor();
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const chatBadge = (page: Page) => nav(page).getByTestId('chat-unread-count');
  const roomItem = (page: Page) => page.getByTestId('chat-room-item').filter({ hasText: editor.username });
  const bell = (page: Page) => nav(page).getByTestId('notification-bell');
  const summary = async (account: Account) =>
    (await api(account, 'GET', '/notifications/summary')) as { unreadCount: number; unreadMessages: number };

  beforeAll(async () => {
    browser = await launchBrowser();
    [creator, editor] = await Promise.all([createCreator(), createEditor()]);
    roomId = ((await api(creator, 'POST', '/chat/initiate', { editorId: editor.id })) as { roomId: string })
      .roomId;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('counts unread messages live in every tab of the creator, and clears them in all when read in one', async () => {
    const [tabA, tabB, phone] = await Promise.all([
      signedIn(creator),
      signedIn(creator),
      signedIn(creator, PHONE),
    ]);
    for (const tab of [tabA, tabB]) {
      await tab.goto('/chat');
      await live(tab);
      expect(await visibleText(roomItem(tab))).toContain('No messages yet');
      expect(await chatBadge(tab).count()).toBe(0);
    }
    const bellLines = (await summary(creator)).unreadCount;

    await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: 'First cut is ready.' });
    await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: 'Have a look when you can.' });

    for (const tab of [tabA, tabB]) {
      await chatBadge(tab)
        .filter({ hasText: /^2 unread messages$/ })
        .waitFor();
      await roomItem(tab).getByLabel('2 unread', { exact: true }).waitFor();
      expect(await visibleText(roomItem(tab))).toContain('Have a look when you can.');
      // The title shows the bell's figure, not the bell's plus the chat's.
      await tab.waitForFunction(
        (n) => document.title === (n === 0 ? 'Chat · Cutroom' : `(${n}) Chat · Cutroom`),
        bellLines,
      );
    }
    await shot(tabA, 'chat-unread', { fullPage: false });
    // A phone keeps the Chat button in the menu: a dot on the menu button says something is waiting.
    await phone.getByTestId('menu-unread-dot').waitFor();
    await shot(phone, 'menu-dot', { fullPage: false });
    await phone.getByRole('button', { name: 'Open menu' }).click();
    // The desktop row is in the page too (hidden at this width): the menu's badge is the visible one.
    const phoneBadge = phone.getByTestId('chat-unread-count').filter({ visible: true });
    await phoneBadge.filter({ hasText: /^2 unread messages$/ }).waitFor();
    await shot(phone, 'chat-unread', { fullPage: false });

    // Reading in one tab: the other follows.
    await roomItem(tabA).click();
    await tabA.getByRole('log', { name: 'Messages' }).getByText('Have a look when you can.').waitFor();
    await phoneBadge.waitFor({ state: 'detached' });
    for (const tab of [tabA, tabB]) {
      await chatBadge(tab).waitFor({ state: 'detached' });
      await roomItem(tab).getByLabel('2 unread', { exact: true }).waitFor({ state: 'detached' });
      await tab.waitForFunction(
        (n) => document.title === (n === 0 ? 'Chat · Cutroom' : `(${n}) Chat · Cutroom`),
        bellLines,
      );
    }
  });

  it('brings a new offer to the bell live, with a toast, and opens it from the bell', async () => {
    const page = await signedIn(creator);
    await page.goto('/portfolio');
    await live(page);
    const { unreadCount: before } = await summary(creator);

    const title = `Wedding teaser ${Date.now() % 10_000}`;
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title,
      description: 'Two reels and a teaser',
      amount: 2499,
      deliveryDays: 5,
      revisions: 2,
    });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: title });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'View' }).waitFor();
    await bell(page)
      .getByTestId('notification-count')
      .filter({ hasText: String(before + 1) })
      .waitFor();
    // The bell's figure goes in front of the screen's own title.
    await page.waitForFunction((n) => document.title === `(${n}) Editor Portfolios · Cutroom`, before + 1);

    await bell(page).click();
    const panel = page.getByRole('dialog', { name: 'Notifications' });
    const first = panel.getByTestId('notification-line').first();
    expect(await visibleText(first)).toContain(title);
    expect(await first.getAttribute('data-read')).toBe('false');
    // The focus is in the panel; Escape hands it back to the bell.
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await panel.waitFor();
    await shot(page, 'bell-open');
    await tabTo(page, first);
    await shot(page, 'bell-focus', { fullPage: false });
    const href = await first.getAttribute('href');
    await first.click();
    await panel.waitFor({ state: 'detached' });
    await page.waitForURL((u) => `${u.pathname}${u.search}` === href);
    if (before === 0) await bell(page).getByTestId('notification-count').waitFor({ state: 'detached' });

    // On a phone the bell sits beside the menu button, and its panel spans the screen.
    const phone = await signedIn(creator, PHONE);
    await bell(phone).click();
    await phone
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification-line')
      .first()
      .waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // What a person sees under the bar: the home page below runs long.
    await shot(phone, 'bell-open', { fullPage: false });
  });

  it('lets a member choose e-mails on their profile, security notices locked on', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn(creator, viewport);
      await page.goto('/profile/notifications');
      const form = page.getByRole('form', { name: 'E-mail notifications' });
      await form.waitFor();
      const locked = form.getByRole('switch', { name: /Your password was changed/ });
      expect(await locked.isChecked()).toBe(true);
      expect(await locked.isDisabled()).toBe(true);
      await shot(page, 'preferences');
      // As a keyboard user would: the skip link first, past the navbar, then into the page.
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await tabTo(page, form.getByRole('switch').first());
      await shot(page, 'preferences-focus', { fullPage: false });
    }
    const page = await signedIn(creator);
    await page.goto('/profile/notifications');
    const form = page.getByRole('form', { name: 'E-mail notifications' });
    const offers = form.getByRole('switch', { name: 'A new offer from an editor' });
    await offers.uncheck();
    await form.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Notification settings saved').waitFor();
    const saved = (await api(creator, 'GET', '/notifications/preferences')) as {
      email: Record<string, boolean>;
    };
    expect(saved.email.offer_received).toBe(false);
    await page.reload();
    expect(await offers.isChecked()).toBe(false);
  });

  it('asks before unsubscribing from a mail link, and says when the link is not valid', async () => {
    // Well formed, but not signed by the server.
    const token = `${creator.id}.order_paid.${'x'.repeat(32)}`;
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, context } = await newPage(browser, { viewport });
      contexts.push(context);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST') posts.push(r.url());
      });
      await page.goto(`/unsubscribe?token=${token}`);
      await page.getByRole('heading', { name: 'Stop these e-mails?' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(posts).toEqual([]);
      await shot(page, 'unsubscribe');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      expect(await visibleText(page.getByRole('alert'))).toBe('This unsubscribe link is not valid');
      expect(posts.filter((u) => u.endsWith('/api/notifications/unsubscribe'))).toHaveLength(1);
      if (viewport === PHONE) await shot(page, 'unsubscribe-invalid');
    }
  });
});
