import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { shot } from '../support/screens';

/**
 * The payment result page after the simulator's Cancel (Cashfree's USER_DROPPED) and after its Failure (a
 * bank decline): the first says the payer cancelled, the second keeps SPEC's 'Payment Failed'; both say
 * nothing was charged and lead back to the portfolio the checkout started from.
 */
describe('a checkout cancelled or declined', () => {
  let browser: Browser;
  let editor: Account;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    const admin = await adminAccount();
    editor = await createEditor();
    await api(admin, 'PATCH', `/admin/editors/${editor.id}/portfolio/structure`, {
      tiers: [
        {
          title: 'basic',
          description: 'Clean cuts for short reels',
          features: ['1 revision'],
          pricing: [{ reelCount: 1, priceMin: 1499 }],
          deliveryDays: 3,
          revisions: 1,
        },
      ],
      whatsIncluded: ['Revisions'],
    });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  /** A creator of their own pays the basic tier from the portfolio and ends the checkout with `button`. */
  async function checkout(button: 'Cancel' | 'Failure'): Promise<Page> {
    const creator = await createCreator();
    const { context, page } = await signedInPage(browser, creator);
    contexts.push(context);
    await page.goto(`/portfolio/${editor.id}`);
    await page.getByRole('button', { name: 'Pay Now' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Phone number').fill('9876543210');
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: /^Pay ₹/ }).click(),
    ]);
    await tab.waitForURL(/\/simulator\/checkout\/session_/);
    await tab.getByRole('button', { name: button }).click();
    await tab.waitForURL(/\/payment-success\?order_id=/);
    return tab;
  }

  it('Cancel: "Payment Cancelled", nothing charged, and the way back to the portfolio', async () => {
    const tab = await checkout('Cancel');
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Cancelled');
    const back = tab.getByRole('link', { name: `Back to ${editor.username}’s portfolio` });
    await back.waitFor();
    expect(await visibleText(tab.getByRole('status'))).toBe(
      `You cancelled the payment; nothing was charged. You can try again from ${editor.username}’s portfolio.`,
    );
    expect(await tab.getByText(/did not go through/).count()).toBe(0);
    // The payment's status is still SPEC's FAILED; only the words tell the two apart.
    expect(await visibleText(tab.getByText('FAILED', { exact: true }))).toBe('FAILED');
    expect(await back.getAttribute('href')).toBe(`/portfolio/${editor.id}`);
    await shot(tab, 'checkout-cancelled');
    await back.click();
    await tab.waitForURL((u) => u.pathname === `/portfolio/${editor.id}`);
  });

  it('Failure (a decline): "Payment Failed", nothing charged, and the same way back', async () => {
    const tab = await checkout('Failure');
    expect(await visibleText(tab.getByRole('heading', { level: 1 }))).toBe('Payment Failed');
    const back = tab.getByRole('link', { name: `Back to ${editor.username}’s portfolio` });
    await back.waitFor();
    expect(await visibleText(tab.getByRole('status'))).toBe(
      `The payment did not go through and nothing was charged. You can try again from ${editor.username}’s portfolio.`,
    );
    expect(await tab.getByText(/cancelled/i).count()).toBe(0);
    await shot(tab, 'checkout-declined');
  });
});
