import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { api, until } from '../support/api';
import { visibleText } from '../support/browser';
import { keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { giveTiers, makeImage, orderJourneys, payInSimulator } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';
import { startServer, type TestServer } from '../support/server';
import { expectedTax, onPage, shotOf } from '../support/tax';

/**
 * Issue 24's journey from the editor's side, at 1280 and at 390: the editor gives a tax profile with a
 * PAN and payout details, and watches the payment gateway review the account (KYC) until it is active; a
 * creator pays for an order in the simulator's checkout; the editor's share is split at the gateway and
 * held there until it clears; the order completes; the share clears and is released; the gateway's
 * schedule pays it out.
 *
 * The suite's server makes vendors active at once, so this file starts a server of its own whose
 * simulated gateway takes some seconds over its review, with the suite's payout clock: a share is split
 * 3 s after payment (refused within 2 s), clears 6 s after completion and is settled 15 s after that.
 */

const GATEWAY = {
  held: 'Held by the payment gateway until it clears',
  released: 'Released for payout',
};
const STATE = {
  inProgress: 'Pending · order in progress',
  available: 'Available',
  paidOut: 'Paid out',
};
const UNDER_REVIEW = 'Under review by the payment gateway';

/** Reloads until `locator` shows: the page reads the money as it stands when it loads. */
async function reloadUntil(page: Page, locator: Locator, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await locator.first().waitFor({ timeout: 2500 });
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await page.reload();
    }
  }
}

/** The order's row in the table (1280) or its card (390): whichever the width shows. */
const earningOf = (page: Page, reference: string) =>
  page.locator(`[data-order="${reference}"]`).locator('visible=true');

/** The order's row or card once its state badge reads `state` (exactly). */
const earningIn = (page: Page, reference: string, state: string) =>
  earningOf(page, reference).filter({ has: page.getByText(state, { exact: true }) });

/** The page never scrolls sideways and the gateway's words are seen whole; reported without stopping. */
async function laidOut(page: Page, reference: string, screen: string): Promise<void> {
  expect.soft(await pageProblems(page, screen)).toEqual([]);
  const note = earningOf(page, reference).getByTestId('earning-gateway');
  if ((await note.count()) > 0)
    expect.soft(await outOfView(note, `the gateway's words, ${screen}`)).toEqual([]);
}

/** Focused from the keyboard, the control draws a focus indicator (an outline or a ring). */
const focusDrawn = (control: Locator) =>
  control.evaluate((el) => {
    const s = getComputedStyle(el);
    const outline = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0;
    return el.matches(':focus-visible') && (outline || s.boxShadow !== 'none');
  });

describe('payouts the way the gateway moves them (issue 24)', () => {
  const rig = orderJourneys();
  let server: TestServer;
  let base: string;
  let image: string;

  beforeAll(async () => {
    server = await startServer({
      SMTP_URL: `smtp://127.0.0.1:${inject('mailboxSmtpPort')}`,
      SIMULATOR_VENDOR_REVIEW_SECONDS: '8',
      PAYOUT_CLEARING_DAYS: String(6 / 86_400),
      SIMULATOR_SETTLEMENT_DELAY_SECONDS: '15',
      PAYOUT_SPLIT_AFTER_SECONDS: '3',
      SIMULATOR_SPLIT_WAIT_SECONDS: '2',
    });
    base = server.baseUrl;
    image = makeImage(rig.dir, 'payout-still.png', 'testsrc');
  });
  afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    const w = viewport.width;

    it(`editor KYC, an order paid, its share split, held, released and paid out at ${w}`, async () => {
      const [editor, creator, admin] = await Promise.all([
        createEditor(undefined, undefined, base, { taxProfile: false }),
        createCreator(undefined, undefined, base),
        adminAccount(base),
      ]);
      await giveTiers(base, admin, editor);
      const net = expectedTax(4999_00, { registered: false, tds: false }).net;

      // 1. KYC: the tax profile's PAN, then the payout details; the gateway reviews, then the account is active.
      const editorSide = await rig.open(editor, viewport, base);
      const e = editorSide.page;
      await e.goto('/profile/earnings');
      const taxForm = e.getByRole('form', { name: 'Tax profile' });
      await taxForm.getByLabel('Legal name').fill(`Riya ${editor.username}`);
      await taxForm.getByLabel('Taxpayer kind').selectOption('individual');
      await taxForm.getByLabel('State', { exact: true }).selectOption('29');
      const pan = `ABCP${String.fromCharCode(65 + (randomBytes(1)[0]! % 26))}${1000 + (randomBytes(2).readUInt16BE() % 9000)}K`;
      await taxForm.getByLabel('PAN', { exact: true }).fill(pan);
      await taxForm.getByRole('button', { name: 'Save tax profile' }).click();
      expect(await visibleText(e.getByText('Tax profile saved'))).toBe('Tax profile saved');

      const payout = e.getByRole('region', { name: 'Payout details' });
      const payoutForm = payout.getByRole('form', { name: 'Payout details' });
      await payoutForm.getByLabel('Account holder name').fill('Riya Sharma');
      await payoutForm.getByLabel('Mobile number').fill('98765 43210');
      await payoutForm.getByLabel('Account number', { exact: true }).fill('123456789012');
      await payoutForm.getByLabel('Confirm account number').fill('123456789012');
      await payoutForm.getByLabel('IFSC', { exact: true }).fill('HDFC0001234');
      const save = payoutForm.getByRole('button', { name: 'Save payout details' });
      await keyboardFocus(e, save);
      expect.soft(await focusDrawn(save), `Save payout details: focus drawn at ${w}`).toBe(true);
      await save.click();
      await payout.getByTestId('payout-masked').waitFor();
      // The page as the editor comes back to it (the saved toast gone).
      await e.reload();
      await reloadUntil(e, payout.getByText(UNDER_REVIEW, { exact: true }), 20_000);
      expect(await visibleText(payout.getByTestId('vendor-state-text'))).toContain(
        'nothing is needed from you',
      );
      expect.soft(await pageProblems(e, `payout account under review at ${w}`)).toEqual([]);
      await shotOf(e, payout, 'payouts-kyc-in-review');
      await reloadUntil(e, payout.getByText('Active', { exact: true }), 45_000);
      expect(await payout.getByText(UNDER_REVIEW, { exact: true }).count()).toBe(0);
      await shotOf(e, payout, 'payouts-kyc-active');

      // 2. A creator pays for the Pro tier in the simulator's checkout.
      const creatorSide = await rig.open(creator, viewport, base);
      const c = creatorSide.page;
      await c.goto(`/portfolio/${editor.id}`);
      await c.locator('[aria-label="Pro tier"]').getByRole('button', { name: 'Pay Now' }).click();
      await payInSimulator(creatorSide.context, c.getByRole('dialog', { name: 'Complete your payment' }));
      await creatorSide.context.close();
      const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id }, base);
      const [order] = (await api(creator, 'GET', `/orders?roomId=${roomId}`, undefined, base)).data;
      const reference: string = order.reference;

      // 3. The share is split a few seconds after the payment and held by the gateway while the work goes on.
      await e.reload();
      const held = earningIn(e, reference, STATE.inProgress).filter({ hasText: GATEWAY.held });
      await reloadUntil(e, held, 30_000);
      expect(await visibleText(held)).toContain(onPage(net));
      expect(await visibleText(e.getByTestId('balance-pending'))).toContain(onPage(net));
      await laidOut(e, reference, `held at ${w}`);
      await shotOf(e, e.getByRole('heading', { name: 'Earnings by order' }), 'payouts-held');

      // 4. The order is delivered and approved (through the API, as the other money journeys do).
      const form = new FormData();
      form.append('orderId', order._id);
      form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
      const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form, base)).data;
      await until(async () => {
        const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`, undefined, base)).data as any[];
        return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
      }, 'the preview');
      await api(creator, 'POST', `/deliveries/${delivery._id}/approve`, undefined, base);

      // 5. It clears 6 s after completion: the gateway releases the share to its payout schedule.
      const released = earningIn(e, reference, STATE.available).filter({ hasText: GATEWAY.released });
      await reloadUntil(e, released, 30_000);
      expect(await visibleText(e.getByTestId('balance-available'))).toContain(onPage(net));
      await laidOut(e, reference, `released at ${w}`);
      await shotOf(e, e.getByRole('heading', { name: 'Earnings by order' }), 'payouts-released');

      // 6. The gateway's schedule pays it: Paid out, in the balance and the settlements.
      const paid = earningIn(e, reference, STATE.paidOut);
      await reloadUntil(e, paid, 60_000);
      expect(await paid.getByTestId('earning-gateway').count()).toBe(0);
      expect(await visibleText(e.getByTestId('balance-paidOut'))).toContain(onPage(net));
      expect(await visibleText(e.getByTestId('balance-available'))).toContain('₹0');
      expect(await visibleText(e.getByTestId('balance-pending'))).toContain('₹0');
      const settlement = await visibleText(e.getByTestId('settlement').first());
      expect(settlement).toContain(onPage(net));
      expect(settlement).toContain('Paid out');
      // The order's link is reachable from the keyboard, with its focus drawn.
      const link = earningOf(e, reference).getByRole('link', { name: `Order ${reference} in your orders` });
      await keyboardFocus(e, link);
      expect.soft(await focusDrawn(link), `the order's link: focus drawn at ${w}`).toBe(true);
      await laidOut(e, reference, `paid out at ${w}`);
      await shotOf(e, e.getByRole('heading', { name: 'Earnings by order' }), 'payouts-paid-out');
      await e.evaluate(() => window.scrollTo(0, 0));
      await shotAtOwnWidth(e, 'payouts-paid-out-page');
      await editorSide.context.close();
    }, 240_000);
  }
});
