import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, visibleText } from '../support/browser';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';
const REMOVED = 'This message was removed by Cutroom support.';

/** E2E_SCREENSHOTS=<dir> saves a full-page PNG at each key step, named by step and width. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string): Promise<void> {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true });
}

/**
 * Moderation in the browser: a number typed in two messages is refused on the second; a message that
 * only invites the editor elsewhere is delivered and appears in the admin's queue at once; the admin
 * removes it and both members see the notice in its place, live.
 */
describe('moderation of contact details', () => {
  let browser: Browser;
  let creator: Account;
  let editor: Account;
  let admin: Account;
  const contexts: BrowserContext[] = [];

  async function signedIn(account: Account, viewport?: { width: number; height: number }): Promise<Page> {
    const { page, context } = await signedInPage(browser, account, { viewport });
    contexts.push(context);
    return page;
  }

  const messageBox = (page: Page) => page.getByRole('textbox', { name: 'Message' });
  const messages = (page: Page) => page.getByRole('log', { name: 'Messages' });
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

  for (const width of [1280, 390]) {
    it(`refuses a split number, queues a suspicious message and removes it live (${width} wide)`, async () => {
      const viewport = { width, height: width > 600 ? 800 : 844 };
      const me = width > 600 ? creator : await createCreator();
      const res = await fetch(`${baseUrl()}/api/chat/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
        body: JSON.stringify({ editorId: editor.id }),
      });
      const { roomId } = await res.json();

      const c = await signedIn(me, viewport);
      const e = await signedIn(editor, viewport);
      await c.goto(`/chat?roomId=${roomId}`);
      await e.goto(`/chat?roomId=${roomId}`);
      for (const p of [c, e]) {
        await p.locator('[data-testid="connection-state"][data-state="connected"]').waitFor();
      }

      await send(c, 'my number is 98765');
      await messages(e).getByText('my number is 98765').waitFor();
      await send(c, '43210');
      expect(await visibleText(c.getByText(BLOCKED).first())).toBe(BLOCKED);
      expect(await messages(e).getByText('43210').count()).toBe(0);

      const suspicious = `message me on whatsapp, ok? (${width})`;
      await send(c, suspicious);
      await messages(e).getByText(suspicious).waitFor();

      const a = await signedIn(admin, viewport);
      await a.goto('/admin/dashboard/moderation');
      const card = a.getByTestId('moderation-flag').filter({ hasText: suspicious });
      await card.waitFor();
      expect(await visibleText(card)).toContain(`${me.username} (creator)`);
      expect(await visibleText(card)).toContain(`${me.username} and ${editor.username}`);
      await shot(a, 'moderation-queue');

      await card.getByRole('button', { name: 'Remove message' }).click();
      await a.getByText('Message removed', { exact: true }).first().waitFor();
      for (const p of [c, e]) {
        await messages(p).getByTestId('chat-message-removed').filter({ hasText: REMOVED }).waitFor();
        expect(await messages(p).getByText(suspicious).count()).toBe(0);
      }
      await shot(e, 'moderation-removed-in-chat');

      await a.getByRole('button', { name: 'Handled' }).click();
      const handled = a.getByTestId('moderation-flag').filter({ hasText: suspicious });
      await handled.waitFor();
      expect(await visibleText(handled)).toContain('Message removed');
      await shot(a, 'moderation-handled');
    });
  }
});
