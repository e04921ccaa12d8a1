import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, signedInPage, type Account } from '../support/accounts';
import { launchBrowser, newPage, visibleText, waitForMail } from '../support/browser';
import { DESKTOP, PHONE, shot } from '../support/screens';

/** The page fits the window: nothing sticks out sideways (a phone would scroll the whole page). */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** The filter button of the desk's list, and whether it is the chosen one. */
const filterButton = (page: Page, name: 'Open' | 'Closed' | 'All') =>
  page.getByRole('group', { name: 'Which tickets' }).getByRole('button', { name, exact: true });

/**
 * Issue 17 from both sides of the desk: a visitor sends a ticket from /contact; the admin finds it Open on
 * Support Tickets, answers it from the card (the reply reaches the visitor's inbox and the card says it was
 * e-mailed), closes it, and finds it under Closed, where it can be reopened. At 1280 and at 390 wide.
 */
describe('support desk', () => {
  let browser: Browser;
  let admin: Account;

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('a visitor’s ticket is answered by e-mail, closed, and moves to Closed', async () => {
    const token = Date.now().toString(36);
    const email = `visitor-${token}@example.com`;
    const subject = `Invoice missing ${token}`;

    // The visitor, on a phone.
    const visitor = await newPage(browser, { viewport: PHONE });
    try {
      await visitor.page.goto('/contact');
      await visitor.page.getByLabel('Name').fill('Asha Verma');
      await visitor.page.getByLabel('Email').fill(email);
      await visitor.page.getByLabel('Subject (optional)').fill(subject);
      await visitor.page.getByLabel('Message').fill('I paid for the pro tier yesterday but got no invoice.');
      await visitor.page.getByRole('button', { name: 'Submit Ticket' }).click();
      expect(await visibleText(visitor.page.getByText('Ticket submitted successfully!'))).toBe(
        'Ticket submitted successfully!',
      );
    } finally {
      await visitor.context.close();
    }

    const { context, page } = await signedInPage(browser, admin, { viewport: DESKTOP });
    try {
      await page.goto('/admin/dashboard/support-tickets');
      expect(await visibleText(page.getByRole('heading', { name: 'Support Tickets', level: 1 }))).toBe(
        'Support Tickets',
      );
      // Open is the list the desk starts on.
      expect(await filterButton(page, 'Open').getAttribute('aria-pressed')).toBe('true');
      const card: Locator = page.getByTestId('support-ticket').filter({ hasText: subject });
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('open');
      expect(await visibleText(card.getByText('Open', { exact: true }))).toBe('Open');
      expect(await visibleText(card.getByText(email))).toBe(email);
      await shot(page, 'support-desk-open');
      expect(await fitsWidth(page)).toBe(true);

      // An empty reply is stopped by the form, with the reason under the field; nothing is sent.
      let sent = 0;
      page.on('request', (r) => {
        if (r.url().includes('/replies')) sent++;
      });
      const field = card.getByLabel('Reply to Asha Verma');
      await card.getByRole('button', { name: 'Send reply' }).click();
      expect(await visibleText(card.getByRole('alert'))).toBe('Reply is required');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(sent).toBe(0);

      const answer = 'Hello Asha, your invoice for the pro tier is attached to your order page now.';
      await field.fill(answer);
      await card.getByRole('button', { name: 'Send reply' }).click();
      expect(await visibleText(page.getByText('Reply sent', { exact: true }))).toBe('Reply sent');
      const reply = card.getByTestId('support-reply');
      expect(await visibleText(reply)).toContain(answer);
      expect(await visibleText(reply)).toContain(admin.username);
      expect(await field.inputValue()).toBe('');

      // The visitor's inbox has it, answering their subject.
      const mail = await waitForMail(email);
      expect(mail.subject).toBe(`Re: ${subject}`);
      expect(mail.text).toContain('your invoice for the pro tier is attached');
      // And the card learns that the e-mail went, without a reload.
      await reply.getByText('E-mailed').waitFor();
      await shot(page, 'support-desk-replied');

      // Close: the ticket leaves the Open list...
      await card.getByRole('button', { name: 'Close ticket from Asha Verma' }).click();
      expect(await visibleText(page.getByText('Ticket closed', { exact: true }))).toBe('Ticket closed');
      await card.waitFor({ state: 'detached' });

      // ...and is found under Closed, with its reply, ready to be reopened.
      await filterButton(page, 'Closed').click();
      await page.waitForURL((u) => u.searchParams.get('status') === 'closed');
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('closed');
      expect(await visibleText(card.getByText('Closed', { exact: true }))).toBe('Closed');
      expect(await visibleText(card)).toContain(`by ${admin.username}`);
      expect(await card.getByTestId('support-reply').count()).toBe(1);
      expect(await card.getByRole('button', { name: 'Reopen ticket from Asha Verma' }).isVisible()).toBe(
        true,
      );
      await shot(page, 'support-desk-closed');

      // At 390 wide, the closed list still fits and its action is in reach.
      await page.setViewportSize(PHONE);
      expect(await fitsWidth(page)).toBe(true);
      expect(await card.getByRole('button', { name: 'Reopen ticket from Asha Verma' }).isVisible()).toBe(
        true,
      );
    } finally {
      await context.close();
    }
  });
});
