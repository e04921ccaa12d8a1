import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';
import { PHONE, shot } from '../support/screens';
import { startServer, type TestServer } from '../support/server';

/** What this suite's own server is configured with: the details a merchant's website must show. */
const COMPANY = {
  COMPANY_NAME: 'Cutroom Media Private Limited',
  COMPANY_ADDRESS: '4th Floor, 12 MG Road, Bengaluru, Karnataka 560001, India',
  SUPPORT_EMAIL: 'help@cutroom.example',
  SUPPORT_PHONE: '+91 80 4000 1234',
};

async function apiOn(base: string, account: Account, method: string, p: string, body?: unknown) {
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

/** The company block shows every configured detail, each usable (mail and phone are links). */
async function expectCompanyContact(page: Page) {
  const block = page.getByTestId('company-contact').last();
  await block.getByText(COMPANY.COMPANY_NAME).waitFor();
  const text = await visibleText(block);
  expect(text).toContain(COMPANY.COMPANY_ADDRESS);
  expect(await block.getByRole('link', { name: COMPANY.SUPPORT_EMAIL }).getAttribute('href')).toBe(
    `mailto:${COMPANY.SUPPORT_EMAIL}`,
  );
  expect(await block.getByRole('link', { name: COMPANY.SUPPORT_PHONE }).getAttribute('href')).toBe(
    'tel:+918040001234',
  );
}

async function sectionHeadings(page: Page): Promise<string[]> {
  return (await page.locator('article h2').allInnerTexts()).map((t) => t.trim());
}

async function fitsPhone(page: Page) {
  const own = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  await page.setViewportSize(own);
  return overflow <= 0;
}

describe('trust pages, and the rough edges of issue 17', () => {
  let server: TestServer;
  let browser: Browser;
  let base = '';
  let admin: Account;
  let creator: Account;
  let editor: Account;
  let roomId = '';

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ SMTP_URL: `smtp://127.0.0.1:${inject('mailboxSmtpPort')}`, ...COMPANY }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    [creator, editor] = await Promise.all([
      createCreator(undefined, undefined, base),
      createEditor(undefined, undefined, base),
    ]);
    roomId = (await apiOn(base, creator, 'POST', '/chat/initiate', { editorId: editor.id })).roomId;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the footer opens both policy pages, with their headings, date and the company contact details', async () => {
    const { page, context } = await newPage(browser, { baseUrl: base });
    await page.goto('/');
    // The page arrives server-rendered. Once in CI a footer link clicked while the app was taking the
    // page over led nowhere (cause not found; noted in issue 17): this journey is about the policies, so
    // it starts once the app is ready.
    await page.locator('html[data-ready="true"]').waitFor({ state: 'attached' });
    const footer = page.getByTestId('site-footer');

    await footer.getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL((u) => u.pathname === '/privacy-policy');
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Privacy Policy');
    expect(await visibleText(page.getByText(/^Last updated: /))).toMatch(/^Last updated: \d+ \w+ \d{4}$/);
    expect(await sectionHeadings(page)).toEqual([
      '1. What we collect',
      '2. Why we use it',
      '3. Who we share it with',
      '4. How long we keep it',
      '5. How we protect it',
      '6. Your rights',
      '7. Children',
      '8. Changes to this policy',
      '9. Contact us',
    ]);
    expect(await visibleText(page.locator('article'))).toContain(`It is run by ${COMPANY.COMPANY_NAME}`);
    await expectCompanyContact(page);
    expect(await fitsPhone(page), 'no sideways scrolling at 390 px').toBe(true);
    await shot(page, 'privacy-policy');

    await page.getByTestId('site-footer').getByRole('link', { name: 'Refund & Cancellation' }).click();
    await page.waitForURL((u) => u.pathname === '/refund-policy');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).first().innerText())
      .toBe('Refund & Cancellation Policy');
    expect(await sectionHeadings(page)).toEqual([
      '1. How paying works',
      '2. Cancelling an order',
      '3. Deliveries and completed orders',
      '4. How refunds are paid',
      '5. How to ask',
      '6. Contact us',
    ]);
    const refund = await visibleText(page.locator('article'));
    expect(refund).toContain('does not answer within 48 hours (2 days)');
    expect(refund).toContain('completes its order automatically after 72 hours (3 days)');
    expect(refund).toContain('usually shows it within 5–7 working days');
    await expectCompanyContact(page);
    expect(await fitsPhone(page), 'no sideways scrolling at 390 px').toBe(true);
    await shot(page, 'refund-policy');
    await context.close();
  });

  it('/contact shows the company contact details beside the ticket form', async () => {
    const { page, context } = await newPage(browser, { baseUrl: base });
    await page.goto('/contact');
    expect(await visibleText(page.getByRole('heading', { name: 'Company contact details' }))).toBe(
      'Company contact details',
    );
    await expectCompanyContact(page);
    await page.getByRole('button', { name: 'Submit Ticket' }).waitFor();
    await shot(page, 'contact');
    await context.close();
  });

  it('with nothing configured, /contact shows the demo support address and no empty lines', async () => {
    const { page, context } = await newPage(browser, { baseUrl: baseUrl() });
    await page.goto('/contact');
    const block = page.getByTestId('company-contact');
    await block.getByRole('link', { name: 'support@cutroom.local' }).waitFor();
    const text = await visibleText(block);
    expect(text).toContain('Cutroom');
    expect(text).not.toMatch(/ADDRESS|PHONE/);
    await context.close();
  });

  it('a checkout cancelled from the chat leads back to that chat', async () => {
    const offer = (
      await apiOn(base, editor, 'POST', `/chat/${roomId}/offers`, {
        title: 'Travel reel',
        description: 'A 45 s reel',
        amount: 2499,
        deliveryDays: 3,
        revisions: 1,
      })
    ).data;
    await apiOn(base, creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });

    const { page, context } = await signedInPage(browser, creator, { baseUrl: base });
    await page.goto(`/chat?roomId=${roomId}`);
    await page.getByRole('button', { name: /Pay for this order/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Phone number').fill('9876543210');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: /^Pay ₹/ }).click(),
    ]);
    await tab.waitForURL(/\/simulator\/checkout\//);
    await tab.getByRole('button', { name: 'Cancel' }).click();
    await tab.waitForURL(/\/payment-success\?order_id=/);
    // A checkout the payer cancelled is called cancelled (a decline stays 'Payment Failed').
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Cancelled');
    const back = tab.getByRole('link', { name: 'Back to the chat' });
    await back.waitFor();
    expect(await visibleText(tab.getByRole('status'))).toBe(
      `You cancelled the payment; nothing was charged. You can pay again from your chat with ${editor.username}.`,
    );
    expect(await back.getAttribute('href')).toBe(`/chat?roomId=${roomId}`);
    expect(await tab.getByRole('link', { name: 'Browse Portfolios' }).getAttribute('href')).toBe(
      '/portfolio',
    );
    await shot(tab, 'payment-cancelled');
    await back.click();
    await tab.waitForURL((u) => u.pathname === '/chat' && u.searchParams.get('roomId') === roomId);
    await context.close();
  });

  it('the admin confirms before freezing, and the members are told what they can do next', async () => {
    const adminSide = await signedInPage(browser, admin, { baseUrl: base });
    const a = adminSide.page;
    await a.goto('/admin/dashboard/chat-rooms');
    const card = a.locator(`[data-testid="admin-chat-room"][data-room-id="${roomId}"]`);
    await card.getByRole('button', { name: 'Freeze', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Freeze this chat?' });
    const said = await visibleText(dialog);
    expect(said).toContain(`${creator.username} (creator) and ${editor.username} (editor)`);
    expect(said).toContain('until you unfreeze it');
    expect(said).toContain('Orders in this chat are not cancelled');
    expect(await fitsPhone(a), 'no sideways scrolling at 390 px').toBe(true);
    await shot(a, 'freeze-confirm');
    // Cancel leaves the room as it was.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await card.getByTestId('room-status').innerText()).toBe('Active');
    await card.getByRole('button', { name: 'Freeze', exact: true }).click();
    await a.getByRole('dialog').getByRole('button', { name: 'Freeze chat' }).click();
    await card.getByTestId('room-status').filter({ hasText: 'Frozen' }).waitFor();

    const member = await signedInPage(browser, creator, { baseUrl: base });
    await member.page.goto(`/chat?roomId=${roomId}`);
    const banner = member.page.getByTestId('chat-banner');
    expect(await visibleText(banner)).toMatch(/^Chat frozen by admin\. An admin paused this chat\./);
    expect(await banner.getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe('/contact');
    await shot(member.page, 'chat-frozen');

    // Ending asks too, and the creator is told where to go next: other editors, or support.
    await card.getByRole('button', { name: 'End', exact: true }).click();
    const ending = a.getByRole('dialog', { name: 'End this chat?' });
    expect(await visibleText(ending)).toContain('only Reopen lets them talk again');
    await ending.getByRole('button', { name: 'End chat' }).click();
    await card.getByTestId('room-status').filter({ hasText: 'Ended' }).waitFor();
    const ended = member.page.getByTestId('chat-banner').filter({ hasText: 'Chat ended by admin.' });
    await ended.waitFor();
    expect(await ended.getByRole('link', { name: 'Portfolio' }).getAttribute('href')).toBe('/portfolio');
    expect(await ended.getByRole('link', { name: 'contact support' }).getAttribute('href')).toBe('/contact');
    await shot(member.page, 'chat-ended');
    await member.context.close();
    await adminSide.context.close();
  });
});
