import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signInPage, type Account } from '../support/accounts';
import { baseUrl, launchBrowser, newPage, visibleText } from '../support/browser';
import { shot } from '../support/screens';

/** Gives the editor a priced basic tier through the admin structure API, as the admin pages do. */
async function priceBasicTier(admin: Account, editor: Account, priceMin: number): Promise<void> {
  const res = await fetch(`${baseUrl()}/api/admin/editors/${editor.id}/portfolio/structure`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` },
    body: JSON.stringify({
      tiers: [
        {
          title: 'basic',
          description: 'Clean cuts for short reels',
          features: ['1 revision', 'Trimming & cutting'],
          pricing: [{ reelCount: 2, priceMin }],
          deliveryDays: 3,
          revisions: 1,
        },
      ],
      whatsIncluded: ['Revisions'],
    }),
  });
  if (!res.ok) throw new Error(`structure -> ${res.status}: ${await res.text()}`);
}

/**
 * signInPage, once the first page's own session check has settled: otherwise that check, cut off by
 * the reload, can drop the freshly stored token (the session provider clears it on any failure).
 */
async function signIn(page: Page, account: Account): Promise<void> {
  await page.goto('/');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Login', exact: true })
    .waitFor();
  await signInPage(page, account);
  await page.getByRole('button', { name: 'Logout' }).first().waitFor();
}

async function apiAs<T = any>(account: Account, method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${account.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Opens the modal for the editor's basic tier, fills it, pays, and returns the simulator tab. */
async function startCheckout(context: BrowserContext, page: Page, editor: Account): Promise<Page> {
  await page.goto(`/portfolio/${editor.id}`);
  await page.getByRole('button', { name: 'Pay Now' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  // Typed the way people write Indian numbers: nothing is cut off, and the server keeps the 10 digits.
  const phone = dialog.getByLabel('Phone number');
  await phone.fill('+91 98765 43210');
  expect(await phone.inputValue()).toBe('+91 98765 43210');
  await shot(page, 'pay-now-phone');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('button', { name: /^Pay ₹/ }).click(),
  ]);
  await tab.waitForURL(/\/simulator\/checkout\/session_/);
  expect(await visibleText(page.getByText('Payment checkout launched!'))).toBe('Payment checkout launched!');
  await dialog.waitFor({ state: 'detached' });
  return tab;
}

describe('payments through the simulator', () => {
  let browser: Browser;
  let admin: Account;
  let editor: Account;
  let creator: Account;
  let orderId = '';

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
    [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    await priceBasicTier(admin, editor, 1499);
  });
  afterAll(() => browser?.close());

  it('asks visitors to log in and tells editors only creators can pay', async () => {
    const visitor = await newPage(browser);
    await visitor.page.goto(`/portfolio/${editor.id}`);
    expect(await visibleText(visitor.page.getByText('Please login to make a payment'))).toBe(
      'Please login to make a payment',
    );
    expect(await visitor.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await visitor.context.close();

    const asEditor = await newPage(browser);
    await signIn(asEditor.page, editor);
    await asEditor.page.goto(`/portfolio/${editor.id}`);
    expect(await visibleText(asEditor.page.getByText('Only creators can make payments'))).toBe(
      'Only creators can make payments',
    );
    expect(await asEditor.page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
    await asEditor.context.close();
  });

  it('lets a creator pay in a new tab and land on Payment Successful!, counted once', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, creator);
    await page.goto(`/portfolio/${editor.id}`);
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    const dialog = page.getByRole('dialog');
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Basic');
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹1,499');
    const phone = dialog.getByLabel('Phone number');
    expect(await phone.getAttribute('maxlength')).toBe('20');
    expect(await phone.getAttribute('required')).not.toBeNull();
    await phone.fill('98765');
    await dialog.getByRole('button', { name: /^Pay ₹/ }).click();
    expect(await visibleText(dialog.getByText('Please enter a valid 10-digit phone number'))).toBeTruthy();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const tab = await startCheckout(context, page, editor);
    expect(await visibleText(tab.getByText('₹1,499'))).toBe('₹1,499');
    await tab.getByRole('button', { name: 'Success' }).click();
    await tab.waitForURL(/\/payment-success\?order_id=/);
    orderId = new URL(tab.url()).searchParams.get('order_id')!;
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Successful!');
    expect(await visibleText(tab.getByText(orderId))).toBe(orderId);
    expect(await visibleText(tab.getByText(editor.username))).toBe(editor.username);
    expect(await tab.getByRole('link', { name: 'Go to Chat' }).getAttribute('href')).toBe('/chat');
    expect(await tab.getByRole('link', { name: 'Browse Portfolios' }).getAttribute('href')).toBe(
      '/portfolio',
    );
    const purchases = () =>
      tab.evaluate(
        () =>
          (((window as any).dataLayer ?? []) as { event?: string }[]).filter((e) => e.event === 'purchase')
            .length,
      );
    await until(async () => (await purchases()) === 1);
    await tab.reload();
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Successful!');
    await new Promise((r) => setTimeout(r, 500));
    expect(await purchases()).toBe(0);

    // Payment History, newest first, in the creator's profile.
    await page.goto('/profile');
    // Payment History is the profile's first section (and /profile itself); Orders came with orders,
    // Notifications (e-mail settings) with notifications, Support Tickets with the member's tickets.
    const menu = page.getByRole('navigation', { name: 'Profile' });
    const sections = (await visibleText(menu)).split('\n').map((t) => t.trim());
    expect(sections).toEqual(['Payment History', 'Orders', 'Notifications', 'Support Tickets']);
    expect(await menu.getByRole('link', { name: 'Payment History' }).getAttribute('aria-current')).toBe(
      'page',
    );
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    expect(await visibleText(row)).toContain('₹1,499');
    expect(await visibleText(row.getByText('SUCCESS', { exact: true }))).toBe('SUCCESS');
    await context.close();
  });

  it('shows the editor the payment received', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, editor);
    await page.goto('/profile');
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    const text = await visibleText(row);
    expect(text).toContain(creator.username);
    expect(text).toContain('SUCCESS');
    expect(text).not.toContain('9876543210');
    await context.close();
  });

  it('lets the admin refund part, then the rest, and no more', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, admin);
    await page.goto('/admin/dashboard/all-payments');
    const row = page.locator(`tr[data-order-id="${orderId}"]`);
    const made = await visibleText(row);
    expect(made).toContain(creator.username);
    expect(made).toContain('→');
    expect(made).toContain(editor.username);
    await row.getByRole('button', { name: 'Refund' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByLabel('Refund note').inputValue()).toBe('Refund initiated by admin');
    // Nothing is chosen for the admin: Full or Partial, then a review of what moves, then Confirm.
    await dialog.getByRole('radio', { name: /Partial refund/ }).check();
    await dialog.getByLabel('Refund amount (₹)').fill('499');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    const review = dialog.getByRole('region', { name: 'Confirm the refund' });
    expect(await visibleText(review.getByTestId('money-summary'))).toContain('₹499');
    await review.getByRole('button', { name: 'Confirm refund' }).click();
    expect(await visibleText(page.getByText('Refund created successfully!'))).toBe(
      'Refund created successfully!',
    );
    expect(await visibleText(dialog.getByTestId('refund-remaining'))).toBe('₹1,000');
    const refunds = dialog.getByRole('region', { name: 'Refunds' });
    // PENDING at first, then SUCCESS when the gateway's refund webhook arrives.
    await refunds.getByText('SUCCESS').first().waitFor();
    expect(await visibleText(refunds)).toContain('₹499');

    await dialog.getByRole('radio', { name: /Full refund/ }).check();
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    await dialog
      .getByRole('region', { name: 'Confirm the refund' })
      .getByRole('button', { name: 'Confirm refund' })
      .click();
    await dialog.getByText('This payment has been fully refunded.').waitFor();
    expect(await visibleText(dialog.getByTestId('refund-remaining'))).toBe('₹0');
    await until(async () => (await refunds.getByText('SUCCESS').count()) === 2);
    expect(await dialog.getByRole('button', { name: 'Review refund' }).count()).toBe(0);

    const more = await apiAs(admin, 'POST', `/payment/refund/${orderId}`, { refundAmount: 1 });
    expect(more.status).toBe(409);
    expect(more.body.message).toBe('This payment has already been fully refunded');
    await context.close();
  });

  it('shows Payment Failed when the checkout fails', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, creator);
    const tab = await startCheckout(context, page, editor);
    await tab.getByRole('button', { name: 'Failure' }).click();
    await tab.waitForURL(/\/payment-success\?order_id=/);
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Failed');
    expect(await visibleText(tab.getByText('FAILED', { exact: true }))).toBe('FAILED');
    await context.close();
  });
});
