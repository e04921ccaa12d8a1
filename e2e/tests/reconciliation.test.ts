import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api, completeCheckout, until } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

/**
 * Issue 24 from the admin's side, at 1280 and at 390: a creator pays an order and the gateway's webhook
 * is lost (no status page is open either), so the order stays unpaid; an admin opens Reconciliation,
 * presses Run now, and the payment found at the gateway is there with the order's reference and amount,
 * and the order is paid. The e2e server reconciles a payment at once (RECONCILE_AFTER_SECONDS=0).
 */

const FOUND = 'Payment found at the gateway';
const RAN = 'Reconciliation ran.';
const ALREADY_RUNNING = 'Reconciliation is already running. Try again in a minute.';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const rupees = (n: number) =>
  `₹${new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2, minimumFractionDigits: n % 1 ? 2 : 0 }).format(n)}`;

/** An offer accepted with payment first and paid at the gateway, whose webhook never reaches us. */
async function paidWebhookLost(creator: Account, editor: Account, amount: number) {
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title: 'Wedding teaser',
      description: 'A 60 s teaser',
      amount,
      deliveryDays: 3,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  // The redirect to our status page is not followed: nobody looks, so only reconciliation can tell.
  await completeCheckout(pay.paymentSessionId, 'SUCCESS', { webhookLost: true });
  const order = (await api(creator, 'GET', `/orders/${offer._id}`)).data;
  return {
    _id: offer._id as string,
    reference: order.reference as string,
    gatewayOrderId: pay.orderId as string,
  };
}

/** A control a person must reach: seen whole and, focused from the keyboard, with a visible ring. */
async function reachable(page: Page, control: Locator, what: string): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  expect.soft(await outOfView(control, what)).toEqual([]);
  await keyboardFocus(page, control);
  const shown = await control.evaluate((el) => {
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || s.boxShadow !== 'none');
  });
  expect.soft(shown, `${what}: a visible focus indicator`).toBe(true);
}

/** Presses Run now until a run is ours: a scheduled run under way answers 409, said in a toast. */
async function runNow(page: Page): Promise<void> {
  const end = Date.now() + 45_000;
  for (;;) {
    const button = page.getByRole('button', { name: 'Run now' });
    await button.waitFor();
    await button.click();
    const toast = page.getByText(new RegExp(`^(${escape(RAN)}|${escape(ALREADY_RUNNING)})$`)).first();
    await toast.waitFor();
    if ((await toast.textContent()) === RAN) return;
    if (Date.now() > end) throw new Error('reconciliation stayed busy');
    await page.waitForTimeout(2000);
  }
}

describe('reconciliation finds a payment whose webhook was lost (issue 24)', () => {
  let browser: Browser;
  let admin: Account;
  let editor: Account;
  beforeAll(async () => {
    browser = await launchBrowser();
    [admin, editor] = await Promise.all([adminAccount(), createEditor()]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [viewport, amount] of [
    [DESKTOP, 2499],
    [PHONE, 3199],
  ] as const) {
    const w = viewport.width;

    it(`the admin runs reconciliation and reads the finding at ${w}`, async () => {
      const creator = await createCreator();
      const order = await paidWebhookLost(creator, editor, amount);
      const payments = (await api(admin, 'GET', '/payment/admin?page=1&limit=50')).payments as any[];
      const paid = payments.find((p) => p.orderId === order.gatewayOrderId);
      expect(paid?.status).not.toBe('SUCCESS');
      expect((await api(creator, 'GET', `/orders/${order._id}`)).data.paid).toBeFalsy();

      const { context, page } = await signedInPage(browser, admin, { viewport });
      try {
        await page.goto('/admin/reconciliation');
        await page.getByRole('heading', { level: 1, name: 'Reconciliation' }).waitFor();
        const lastRun = page.getByRole('region', { name: 'Last run' });
        await lastRun.waitFor();
        await runNow(page);

        // The finding: its kind, the order's reference linking to the order, the amount, found and done.
        const finding = page
          .locator('[data-finding-kind="payment_confirmed"]')
          .filter({ visible: true })
          .filter({ hasText: order.reference });
        await finding.first().waitFor({ timeout: 30_000 });
        expect(await finding.count()).toBe(1);
        const text = await visibleText(finding);
        expect(text).toContain(FOUND);
        expect(text).toContain(rupees(paid.amount));
        expect(text).toContain(order.gatewayOrderId);
        const link = finding.getByRole('link', { name: order.reference });
        expect(await link.getAttribute('href')).toBe(`/admin/dashboard/orders/${order._id}`);
        expect(await visibleText(page.getByTestId('reconciliation-last-run'))).toMatch(
          /Run by an admin[\s\S]*Checked: \d+ payments?, \d+ refunds?/,
        );
        // At 1280 the table, at 390 the cards.
        const table = page.getByRole('table', { name: 'Reconciliation findings' });
        const cards = page.getByRole('list', { name: 'Reconciliation findings' });
        expect(await table.isVisible()).toBe(viewport === DESKTOP);
        expect(await cards.isVisible()).toBe(viewport === PHONE);

        // What was found is what happened: the order is now paid.
        await until(
          async () => (await api(creator, 'GET', `/orders/${order._id}`)).data.paid,
          'the order to be paid by reconciliation',
        );

        // Everything in view, nothing sideways, every control reachable with a visible focus.
        expect.soft(await pageProblems(page, `Reconciliation at ${w}`)).toEqual([]);
        for (const [el, what] of [
          [finding.getByText(FOUND, { exact: true }), 'kind'],
          [finding.getByText(rupees(paid.amount), { exact: true }), 'amount'],
          [finding.getByText(order.gatewayOrderId, { exact: true }), 'gateway order id'],
        ] as const) {
          expect.soft(await outOfView(el, `${what} at ${w}`)).toEqual([]);
        }
        // The picture as the admin reads it: from the top, once the toast has gone.
        await page.getByText(RAN, { exact: true }).waitFor({ state: 'hidden', timeout: 15_000 });
        await page.evaluate(() => window.scrollTo(0, 0));
        await shotAtOwnWidth(page, 'reconciliation');
        await reachable(page, page.getByRole('button', { name: 'Run now' }), `Run now at ${w}`);
        await shotAtOwnWidth(page, 'reconciliation-focus', false);
        await reachable(page, link, `order link at ${w}`);
        await reachable(page, page.getByLabel('Kind'), `kind filter at ${w}`);

        // The filter keeps the finding under its kind and hides it under another.
        await page.getByLabel('Kind').selectOption({ label: FOUND });
        await finding.first().waitFor();
        await page.getByLabel('Kind').selectOption({ label: 'Duplicate payment' });
        await page.getByText('No “Duplicate payment” findings.').waitFor();
        await page.getByRole('button', { name: 'Show all kinds' }).click();
        await finding.first().waitFor();

        // The reference opens the admin's order page.
        await link.click();
        await page.waitForURL(`**/admin/dashboard/orders/${order._id}`);
        await page.getByText(order.reference).first().waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
