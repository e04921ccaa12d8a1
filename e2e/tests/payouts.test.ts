import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { completedOrder } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { DESKTOP, PHONE, shot } from '../support/screens';

/**
 * Issue 16 from an editor's and an admin's point of view. The suite's server clears an order's share a
 * few seconds after completion and the simulated gateway settles it some seconds later
 * (global-setup.ts), so the whole life of a rupee fits in a test: pending, available, paid out.
 */

/** Reloads until the order's row on the Earnings page shows the state badge `state`, exactly. */
async function rowReads(page: Page, reference: string, state: string): Promise<void> {
  // Only the layout on screen: the table and the cards are both in the page, one of them hidden.
  const row = page
    .locator('tr:visible, li:visible')
    .filter({ hasText: reference })
    .filter({ has: page.getByText(state, { exact: true }) })
    .first();
  const end = Date.now() + 60_000;
  for (;;) {
    try {
      await row.waitFor({ timeout: 4000 });
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await page.reload();
    }
  }
}

describe('earnings and payouts', () => {
  let browser: Browser;
  let admin: Account;
  let creator: Account;
  let editor: Account;
  let dir: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    dir = mkdtempSync(path.join(tmpdir(), 'cutroom-payouts-'));
    admin = await adminAccount();
    editor = await createEditor();
    creator = await createCreator();
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('an editor enters payout details, sees an order pending, available, then paid out; the admin sees and exports it', async () => {
    let reference = '';
    const { context, page } = await signedInPage(browser, editor, { viewport: PHONE });
    try {
      await page.goto('/profile/earnings');
      expect(await visibleText(page.getByText('No earnings yet', { exact: false }))).toContain(
        'No earnings yet',
      );
      await shot(page, 'earnings-empty');

      // A mistyped IFSC and a confirmation that does not match are caught beside their fields.
      await page.getByLabel('Account holder name').fill('Ravi Kumar');
      await page.getByLabel('Mobile number').fill('98765 43210');
      await page.getByLabel('Account number', { exact: true }).fill('123456789012');
      await page.getByLabel('Confirm account number').fill('123456789013');
      await page.getByLabel('IFSC', { exact: true }).fill('HDFC1234');
      await page.getByRole('button', { name: 'Save payout details' }).click();
      expect(await visibleText(page.getByText('The account numbers do not match'))).toBeTruthy();
      expect(await visibleText(page.getByText(/Enter an IFSC like HDFC0001234/))).toBeTruthy();
      await shot(page, 'earnings-form-errors');
      await page.getByLabel('Confirm account number').fill('123456789012');
      await page.getByLabel('IFSC', { exact: true }).fill('hdfc0001234');
      await page.getByRole('button', { name: 'Save payout details' }).click();
      expect(await visibleText(page.getByText('A/c •••• 9012 · HDFC0001234'))).toBe(
        'A/c •••• 9012 · HDFC0001234',
      );
      expect(await page.content()).not.toContain('123456789012');
      await page
        .getByText('Active', { exact: true })
        .first()
        .waitFor({ timeout: 30_000 })
        .catch(async () => {
          await page.reload();
          await page.getByText('Active', { exact: true }).first().waitFor({ timeout: 30_000 });
        });

      const image = path.join(dir, 'cut.png');
      execFileSync('ffmpeg', [
        '-y',
        '-loglevel',
        'error',
        '-f',
        'lavfi',
        '-i',
        'testsrc=size=640x360',
        '-frames:v',
        '1',
        image,
      ]);
      const order = await completedOrder(creator, editor, image);
      reference = order.reference;

      await page.reload();
      await rowReads(page, order.reference, 'Pending · clearing');
      expect(await visibleText(page.getByTestId('balance-pending'))).toContain('₹1,999.20');
      await shot(page, 'earnings-pending');
      await rowReads(page, order.reference, 'Available');
      expect(await visibleText(page.getByTestId('balance-available'))).toContain('₹1,999.20');
      expect(await visibleText(page.getByTestId('balance-pending'))).toContain('₹0');
      await shot(page, 'earnings-available');
      await rowReads(page, order.reference, 'Paid out');
      // ₹2,499 paid, 20% commission: ₹1,999.20 reaches the editor's bank account.
      expect(await visibleText(page.locator('main'))).toContain('1,999.20');
      await shot(page, 'earnings-paid-out');
    } finally {
      await context.close();
    }

    const side = await signedInPage(browser, admin, { viewport: DESKTOP });
    try {
      await side.page.goto('/admin/dashboard/payouts');
      const row = side.page.locator('tr, li, article').filter({ hasText: editor.username }).first();
      await row.waitFor();
      expect(await visibleText(row)).toContain('1,999.20');
      const settlements = side.page.getByRole('list', { name: 'Settlements' });
      expect(
        await visibleText(settlements.getByRole('listitem').filter({ hasText: editor.username })),
      ).toMatch(/₹1,999\.20[\s\S]*Paid out[\s\S]*UTR\): SIMUTR\d+/);
      await shot(side.page, 'admin-payouts');
      const download = side.page.waitForEvent('download');
      await side.page.getByRole('button', { name: /Download CSV/ }).click();
      const file = await download;
      const saved = path.join(dir, 'payouts.csv');
      await file.saveAs(saved);
      const csv = readFileSync(saved, 'utf8');
      expect(csv.split('\r\n')[0]).toContain('Amount (INR)');
      expect(csv).toContain(reference);
      expect(csv).toContain(editor.username);
      expect(csv).toContain('"1999.20"');
    } finally {
      await side.context.close();
    }
  });
});
