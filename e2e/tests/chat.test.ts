import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { launchBrowser, newPage, visibleText } from '../support/browser';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';

/**
 * The chat journey with real browsers side by side: a creator starts a chat from an editor's portfolio,
 * the editor sees it arrive and answers, read ticks and typing travel live, contact details are refused,
 * and an admin's freeze reaches both screens at once.
 */
describe('chat between a creator and an editor', () => {
  let browser: Browser;
  let creator: Account;
  let editor: Account;
  let admin: Account;
  let roomId = '';
  const contexts: BrowserContext[] = [];

  /** A browser context signed in as the account, once the page has confirmed the session. */
  async function signedIn(account: Account, viewport?: { width: number; height: number }): Promise<Page> {
    const { page, context } = await signedInPage(browser, account, { viewport });
    contexts.push(context);
    return page;
  }

  const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
  const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
  const ownMessage = (page: Page, text: string) =>
    page.locator('[data-testid="chat-message"][data-own="true"]', { hasText: text });

  async function send(page: Page, text: string) {
    await messageBox(page).fill(text);
    await messageBox(page).press('Enter');
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    [creator, editor, admin] = await Promise.all([createCreator(), createEditor(), adminAccount()]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('lets a creator start a chat from a portfolio and talk live with the editor', async () => {
    const editorPage = await signedIn(editor);
    await editorPage.goto('/chat');
    expect(await visibleText(editorPage.getByText('No creators have contacted you yet. Please wait.'))).toBe(
      'No creators have contacted you yet. Please wait.',
    );

    const creatorPage = await signedIn(creator);
    await creatorPage.goto(`/portfolio/${editor.id}`);
    await creatorPage.getByRole('button', { name: 'Start Chat with Editor' }).click();
    await creatorPage.waitForURL((u) => u.pathname === '/chat' && u.searchParams.has('roomId'));
    roomId = new URL(creatorPage.url()).searchParams.get('roomId')!;
    expect(await visibleText(creatorPage.getByTestId('chat-counterpart'))).toBe(editor.username);
    await creatorPage.getByText('Editor', { exact: true }).first().waitFor();
    await creatorPage.locator('[data-testid="connection-state"][data-state="connected"]').waitFor();
    const creatorRoom = creatorPage.getByTestId('chat-room-item').filter({ hasText: editor.username });
    expect(await visibleText(creatorRoom)).toContain('No messages yet');

    // The creator writes; until the editor opens the room the tick stays single.
    const hello = 'Hi! I loved your reels. Can you edit 3 of them for ₹1,499 each?';
    await send(creatorPage, hello);
    await ownMessage(creatorPage, hello).getByTestId('tick-sent').waitFor();
    expect(await messageBox(creatorPage).inputValue()).toBe('');

    // The room appears in the editor's list by itself, with the anonymous handle and the message.
    const editorRoom = editorPage.getByTestId('chat-room-item').filter({ hasText: creator.username });
    expect(await visibleText(editorRoom)).toContain(hello);
    await editorRoom.click();
    expect(await visibleText(editorPage.getByTestId('chat-counterpart'))).toBe(creator.username);
    await editorPage.getByText('Creator', { exact: true }).first().waitFor();
    await messages(editorPage).getByText(hello).waitFor();

    // Opening the room reads the message: the creator's tick turns double.
    await ownMessage(creatorPage, hello).getByTestId('tick-read').waitFor();

    // Typing shows on the other screen and goes away 2 s after the last keystroke.
    const indicator = creatorPage.getByTestId('typing-indicator');
    await messageBox(editorPage).pressSequentially('Sure', { delay: 50 });
    await creatorPage.getByText(`${editor.username} is typing...`).waitFor();
    await creatorPage.waitForFunction(
      () => document.querySelector('[data-testid="typing-indicator"]')?.textContent === '',
      undefined,
      { timeout: 6000 },
    );
    expect(await indicator.textContent()).toBe('');
    expect(await editorPage.getByTestId('typing-indicator').textContent()).toBe('');

    // The editor answers with a link, which arrives clickable; the creator reading it gives a double tick.
    const answer = 'Sure! Share the raw footage here: https://example.com/footage/raw';
    await send(editorPage, answer);
    const link = messages(creatorPage).getByRole('link', { name: 'https://example.com/footage/raw' });
    expect(await link.getAttribute('href')).toBe('https://example.com/footage/raw');
    expect(await link.getAttribute('rel')).toContain('noopener');
    await ownMessage(editorPage, answer).getByTestId('tick-read').waitFor();

    // A phone number is refused with the rule's message, and never reaches the editor.
    await send(creatorPage, 'Easier on WhatsApp: 98765 43210');
    await creatorPage.getByRole('alert').filter({ hasText: BLOCKED }).first().waitFor();
    expect(await messageBox(creatorPage).inputValue()).toBe('Easier on WhatsApp: 98765 43210');
    await send(creatorPage, 'Great, uploading now.');
    await messages(editorPage).getByText('Great, uploading now.').waitFor();
    expect(await messages(editorPage).getByText('98765').count()).toBe(0);
    // Nothing was shown twice.
    expect(await messages(editorPage).getByText(hello).count()).toBe(1);
    expect(await messages(creatorPage).getByText(answer).count()).toBe(1);

    // An admin freezes the room: both open screens show the banner and a disabled box at once.
    const adminPage = await signedIn(admin);
    await adminPage.goto('/admin/dashboard/chat-rooms');
    const card = adminPage.locator(`[data-testid="admin-chat-room"][data-room-id="${roomId}"]`);
    expect(await visibleText(card)).toContain(creator.username);
    expect(await visibleText(card)).toContain(editor.username);
    expect(await card.getByTestId('room-status').innerText()).toBe('Active');
    expect(await card.getByRole('button', { name: 'Unfreeze', exact: true }).count()).toBe(0);
    expect(await card.getByRole('button', { name: 'Reopen', exact: true }).count()).toBe(0);
    await card.getByRole('button', { name: 'Freeze', exact: true }).click();
    // Issue 17: the admin confirms in a dialog that says what freezing does.
    await adminPage
      .getByRole('dialog', { name: 'Freeze this chat?' })
      .getByRole('button', { name: 'Freeze chat' })
      .click();
    await card.getByTestId('room-status').filter({ hasText: 'Frozen' }).waitFor();
    expect(await card.getByRole('button', { name: 'Freeze', exact: true }).count()).toBe(0);

    for (const page of [creatorPage, editorPage]) {
      // SPEC's words first, then the next step (issue 17).
      expect(await visibleText(page.getByTestId('chat-banner'))).toMatch(/^Chat frozen by admin\. /);
      await page.waitForFunction(() => {
        const box = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
        return box?.disabled === true;
      });
      expect(await messageBox(page).getAttribute('placeholder')).toBe('Chat is disabled');
    }

    // The admin reads the conversation read-only and ends, then reopens, the room: screens follow live.
    await card.getByRole('link', { name: 'View' }).click();
    await adminPage.waitForURL(`**/admin/dashboard/chat-rooms/${roomId}`);
    const adminLog = messages(adminPage);
    expect(await visibleText(adminLog.getByTestId('chat-message').filter({ hasText: hello }))).toContain(
      `Creator · ${creator.username}`,
    );
    expect(await adminPage.getByRole('textbox', { name: 'Message' }).count()).toBe(0);
    await adminPage.getByRole('button', { name: 'End', exact: true }).click();
    await adminPage
      .getByRole('dialog', { name: 'End this chat?' })
      .getByRole('button', { name: 'End chat' })
      .click();
    await creatorPage.getByTestId('chat-banner').filter({ hasText: 'Chat ended by admin.' }).waitFor();
    await editorPage.getByTestId('chat-banner').filter({ hasText: 'Chat ended by admin.' }).waitFor();
    await adminPage.getByRole('button', { name: 'Reopen', exact: true }).click();
    // Reopened, it is still frozen (it was frozen before it ended); unfreezing opens it for both.
    await creatorPage.getByTestId('chat-banner').filter({ hasText: 'Chat frozen by admin.' }).waitFor();
    await adminPage.getByRole('button', { name: 'Unfreeze', exact: true }).click();
    for (const page of [creatorPage, editorPage]) {
      await page.getByTestId('chat-banner').waitFor({ state: 'detached' });
      expect(await messageBox(page).isEnabled()).toBe(true);
    }
    await send(editorPage, 'Back to work!');
    await messages(creatorPage).getByText('Back to work!').waitFor();
  });

  it('keeps Start Chat to creators, and the realtime client off public pages', async () => {
    const { page, context } = await newPage(browser);
    contexts.push(context);
    const scripts: Promise<string>[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) scripts.push(r.text().catch(() => ''));
    });
    await page.goto(`/portfolio/${editor.id}`);
    await page.getByRole('button', { name: 'Start Chat with Editor' }).waitFor();
    for (const code of await Promise.all(scripts)) expect(code).not.toContain('io server disconnect');

    await page.getByRole('button', { name: 'Start Chat with Editor' }).click();
    await page.getByText('Only creators can start chat. Redirecting to login...').waitFor();
    await page.waitForURL((u) => u.pathname === '/login');

    // A signed-in editor is sent to /login too (which then forwards a signed-in editor to /chat).
    const editorPage = await signedIn(editor);
    await editorPage.goto(`/portfolio/${editor.id}`);
    const visited: string[] = [];
    editorPage.on('framenavigated', (frame) => visited.push(new URL(frame.url()).pathname));
    await editorPage.getByRole('button', { name: 'Start Chat with Editor' }).click();
    await editorPage.getByText('Only creators can start chat. Redirecting to login...').waitFor();
    await expect.poll(() => visited).toContain('/login');
  });

  it('on a phone, the room list folds away while a room is open', async () => {
    const phone = await signedIn(creator, { width: 390, height: 844 });
    await phone.goto(`/chat?roomId=${roomId}`);
    expect(await visibleText(phone.getByTestId('chat-counterpart'))).toBe(editor.username);
    const toggle = phone.getByRole('button', { name: 'Your Chats' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await phone.getByTestId('chat-room-item').isVisible()).toBe(false);
    await toggle.click();
    const item = phone.getByTestId('chat-room-item').filter({ hasText: editor.username });
    expect(await visibleText(item)).toContain('Back to work!');
    await item.click();
    await phone.getByTestId('chat-counterpart').waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
