import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, visibleText } from '../support/browser';
import { shotAtOwnWidth } from '../support/screens';

const BLOCKED = 'You are not allowed to share personal contact details like email or phone.';

/**
 * Issue 25, item 14: refused attempts are on record. A creator tries three disguised channels in the
 * chat; each is refused, and the admin finds the creator under Moderation › Repeat offenders with the
 * count, the place and what the detector saw — never the refused text.
 */
describe('repeat offenders in the moderation screen', () => {
  let browser: Browser;
  let editor: Account;
  let admin: Account;
  const contexts: BrowserContext[] = [];

  async function signedIn(account: Account, viewport: { width: number; height: number }): Promise<Page> {
    const { page, context } = await signedInPage(browser, account, { viewport });
    contexts.push(context);
    return page;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
    [editor, admin] = await Promise.all([createEditor(), adminAccount()]);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  for (const width of [1280, 390]) {
    it(`lists a creator refused three times, without the refused texts (${width} wide)`, async () => {
      const viewport = { width, height: width > 600 ? 800 : 844 };
      const creator = await createCreator();
      const res = await fetch(`${baseUrl()}/api/chat/initiate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${creator.token}` },
        body: JSON.stringify({ editorId: editor.id }),
      });
      const { roomId } = await res.json();

      const c = await signedIn(creator, viewport);
      await c.goto(`/chat?roomId=${roomId}`);
      await c.locator('[data-testid="connection-state"][data-state="connected"]').waitFor();
      const box = c.getByRole('textbox', { name: 'Message' });
      for (const text of [
        'tg rahulcuts',
        'calendly.com/rahulcuts/30min',
        'neun acht sieben sechs fünf vier drei zwei eins null',
      ]) {
        await box.fill(text);
        await box.press('Enter');
        await c.getByText(BLOCKED).first().waitFor();
        // Refused before it was sent: the page says so and keeps the text in the box.
        expect(await c.getByRole('log', { name: 'Messages' }).getByText(text).count()).toBe(0);
      }

      const a = await signedIn(admin, viewport);
      await a.goto('/admin/dashboard/moderation');
      await a.getByRole('button', { name: 'Repeat offenders', exact: true }).click();
      const card = a.getByTestId('repeat-offender').filter({ hasText: creator.username });
      await card.waitFor();
      const text = await visibleText(card);
      expect(text).toContain('3 refused attempts');
      expect(text).toContain('Chat message (3)');
      expect(text).toContain('Telegram handle');
      expect(text).toContain('Meeting or booking link');
      for (const refused of ['rahulcuts', 'calendly', 'neun']) expect(text).not.toContain(refused);
      expect(
        await a.getByRole('button', { name: 'Repeat offenders', exact: true }).getAttribute('aria-pressed'),
      ).toBe('true');
      await shotAtOwnWidth(a, 'moderation-repeat-offenders');
    });
  }
});
