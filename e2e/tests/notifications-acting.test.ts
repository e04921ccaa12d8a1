import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api } from '../support/api';
import { launchBrowser } from '../support/browser';
import { orderCard } from '../support/orders';
import { DESKTOP, PHONE, shot, shotAtOwnWidth } from '../support/screens';

/**
 * Issue 25, item 17: one count, and acting clears. The tab title carries the bell's figure (unread chat
 * messages keep the Chat badge and are not added); opening the room reads its lines, and answering a
 * proposal to cancel reads that one, in every tab of the creator at once. The proposal is always e-mailed:
 * its switch is locked on in the e-mail settings.
 */
describe('notifications read by acting', () => {
  let browser: Browser;
  let creator: Account;
  let editor: Account;
  let roomId = '';
  const contexts: BrowserContext[] = [];

  async function signedIn(account: Account, viewport: { width: number; height: number }): Promise<Page> {
    const { page, context } = await signedInPage(browser, account, { viewport });
    contexts.push(context);
    await live(page);
    return page;
  }
  const live = (page: Page) =>
    page.locator('[data-testid="notification-bell"][data-connection="connected"]').waitFor();
  const bell = (page: Page) =>
    page.getByRole('navigation', { name: 'Main' }).getByTestId('notification-bell');
  /** The bell shows `n` (no badge at 0) and the tab title carries the same figure. */
  async function oneCount(page: Page, n: number): Promise<void> {
    const badge = bell(page).getByTestId('notification-count');
    if (n === 0) await badge.waitFor({ state: 'detached' });
    else await badge.filter({ hasText: new RegExp(`^${n} unread$`) }).waitFor();
    await page.waitForFunction(
      (want) => (document.title.match(/^\((\d+)\) /)?.[1] ?? '0') === String(want),
      n,
    );
  }
  const offer = (title: string) => ({
    title,
    description: 'Two reels',
    amount: 1999,
    deliveryDays: 4,
    revisions: 1,
  });

  beforeAll(async () => {
    browser = await launchBrowser();
    [creator, editor] = await Promise.all([createCreator(), createEditor()]);
    roomId = (await api(creator, 'POST', '/chat/initiate', { editorId: editor.id })).roomId;
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('shows one figure in the bell and the title, and clears lines as the creator acts, in every tab', async () => {
    // One offer accepted (acting on it read its line), one waiting, and a chat message.
    const first = (await api(editor, 'POST', `/chat/${roomId}/offers`, offer('Wedding teaser'))).data;
    await api(creator, 'POST', `/orders/${first._id}/accept`, { payNow: false });
    await api(editor, 'POST', `/chat/${roomId}/offers`, offer('Travel reel'));
    await api(editor, 'POST', '/chat/message', { chatRoomId: roomId, content: 'Sent you a second offer.' });

    const desk = await signedIn(creator, DESKTOP);
    const phone = await signedIn(creator, PHONE);
    await desk.goto('/portfolio');
    await live(desk);
    // One line unread (the waiting offer), one chat message: the title says 1, not 2.
    await oneCount(desk, 1);
    await oneCount(phone, 1);
    const chatBadge = desk.getByRole('navigation', { name: 'Main' }).getByTestId('chat-unread-count');
    await chatBadge.filter({ hasText: /^1 unread messages$/ }).waitFor();
    expect(await desk.title()).toBe('(1) Editor Portfolios · Cutroom');
    await shotAtOwnWidth(desk, 'notices-one-count', false);
    await phone.getByTestId('menu-unread-dot').waitFor();
    await shotAtOwnWidth(phone, 'notices-one-count', false);

    // Opening the room reads its lines: both tabs drop to 0 live.
    await desk.goto(`/chat?roomId=${roomId}`);
    await orderCard(desk, 'Travel reel').waitFor();
    await oneCount(desk, 0);
    await oneCount(phone, 0);

    // A proposal to cancel arrives while the room is open; keeping the order answers it and reads it.
    await api(editor, 'POST', `/orders/${first._id}/cancellation`, { reason: 'Double booked that week' });
    const card = orderCard(desk, 'Wedding teaser');
    const keep = card.getByRole('button', { name: 'Keep the order' });
    await keep.waitFor();
    await oneCount(desk, 1);
    await oneCount(phone, 1);
    await bell(desk).click();
    const line = desk
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification-line')
      .filter({ hasText: `${editor.username} proposes cancelling` });
    expect(await line.getAttribute('data-read')).toBe('false');
    await shotAtOwnWidth(desk, 'notices-proposal', false);
    await desk.keyboard.press('Escape');
    await shotAtOwnWidth(phone, 'notices-proposal', false);

    await keep.click();
    await keep.waitFor({ state: 'detached' });
    await oneCount(desk, 0);
    await oneCount(phone, 0);
    await bell(phone).click();
    const phoneLine = phone
      .getByRole('dialog', { name: 'Notifications' })
      .getByTestId('notification-line')
      .filter({ hasText: `${editor.username} proposes cancelling` });
    expect(await phoneLine.getAttribute('data-read')).toBe('true');
    await shotAtOwnWidth(phone, 'notices-kept', false);
    await shotAtOwnWidth(desk, 'notices-kept', false);
  });

  it('shows the proposal to cancel as always e-mailed: on, locked, and why', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn(creator, viewport);
      await page.goto('/profile/notifications');
      const form = page.getByRole('form', { name: 'E-mail notifications' });
      const proposal = form.getByRole('switch', { name: /proposes cancelling an order/ });
      await proposal.waitFor();
      expect(await proposal.isChecked()).toBe(true);
      expect(await proposal.isDisabled()).toBe(true);
      const why = await proposal.evaluate(
        (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent ?? '',
      );
      expect(why.trim()).toBe('Always sent: unanswered, the order is cancelled by itself');
      if (viewport === DESKTOP) await shot(page, 'notices-preferences');
    }
  });
});
