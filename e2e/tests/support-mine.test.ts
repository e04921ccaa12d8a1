import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { DESKTOP, PHONE, shot } from '../support/screens';

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/**
 * Issue 25, item 18, from the member's side: a signed-in creator finds the contact form filled in with
 * their name and account e-mail, picks one of their orders, sends the ticket and gets its number; the
 * admin's answer then shows in /profile under Support Tickets, at 1280 and 390 wide.
 */
describe('a member’s support tickets', () => {
  let browser: Browser;
  let admin: Account;
  let creator: Account;
  let editor: Account;
  let order: { _id: string; reference: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
    [creator, editor] = await Promise.all([createCreator(), createEditor()]);
    const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
    order = (
      await api(editor, 'POST', `/chat/${roomId}/offers`, {
        title: 'Wedding teaser',
        description: 'A 60 s teaser',
        amount: 6999,
        deliveryDays: 5,
        revisions: 2,
      })
    ).data;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('files a ticket about an order from /contact and reads the reply in /profile', async () => {
    const { context, page } = await signedInPage(browser, creator, { viewport: DESKTOP });
    try {
      await page.goto('/contact');
      const name = page.getByLabel('Name');
      const email = page.getByLabel('Email');
      await expect.poll(() => name.inputValue()).toBe(creator.username);
      expect(await email.inputValue()).toBe(creator.email);
      expect(await email.getAttribute('readonly')).not.toBeNull();
      const orderField = page.getByLabel('Order (optional)');
      const label = `${order.reference} · Wedding teaser`;
      await orderField.locator('option', { hasText: label }).waitFor({ state: 'attached' });
      await orderField.selectOption({ label });
      await page.getByLabel('Subject (optional)').fill('Preview will not play');
      await page.getByLabel('Message').fill('The watermarked preview stops after two seconds.');
      await shot(page, 'contact-signed-in');
      await page.getByRole('button', { name: 'Submit Ticket' }).click();
      expect(await visibleText(page.getByText('Ticket submitted successfully!'))).toBe(
        'Ticket submitted successfully!',
      );
      const number = await visibleText(page.getByTestId('ticket-number'));
      const reference = /T-\d+/.exec(number)?.[0];
      expect(reference).toBeTruthy();
      await shot(page, 'contact-submitted');

      // The admin answers from the desk (the desk's own journey is support-desk.test.ts).
      const desk = (await api(admin, 'GET', '/admin/support-tickets?status=open&limit=100')) as any[];
      const ticket = desk.find((t) => t.reference === reference);
      expect(ticket).toMatchObject({ account: { username: creator.username }, order: { _id: order._id } });
      const answer = 'Thanks! We re-encoded the preview; it plays in full now.';
      await api(admin, 'POST', `/admin/support-tickets/${ticket._id}/replies`, { message: answer });

      // The link under the number leads to the member's list, with the answer.
      await page.getByRole('link', { name: 'My support tickets' }).click();
      await page.waitForURL('**/profile/support-tickets');
      expect(await visibleText(page.getByRole('heading', { name: 'My support tickets', level: 1 }))).toBe(
        'My support tickets',
      );
      expect(await page.getByRole('link', { name: 'Support Tickets' }).getAttribute('aria-current')).toBe(
        'page',
      );
      const card = page.getByTestId('my-ticket').filter({ hasText: reference! });
      await card.waitFor();
      expect(await visibleText(card.getByText('Open', { exact: true }))).toBe('Open');
      expect(await visibleText(card)).toContain(`About order ${order.reference} · Wedding teaser`);
      expect(await visibleText(card.getByTestId('member-reply'))).toContain(answer);
      expect(await visibleText(card.getByTestId('member-reply'))).toContain('Cutroom support');
      expect(await visibleText(card)).not.toContain(admin.username);
      await shot(page, 'profile-support-tickets');
      expect(await fitsWidth(page)).toBe(true);
      await page.setViewportSize(PHONE);
      expect(await fitsWidth(page)).toBe(true);
      expect(await card.getByTestId('member-reply').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows another member none of it', async () => {
    const other = await createCreator();
    const { context, page } = await signedInPage(browser, other, { viewport: PHONE });
    try {
      await page.goto('/profile/support-tickets');
      expect(await visibleText(page.getByText('No support tickets yet'))).toBe('No support tickets yet');
      await shot(page, 'profile-support-tickets-empty');
    } finally {
      await context.close();
    }
  });
});
