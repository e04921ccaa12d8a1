import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/accounts';
import { exact, keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { ALL, narrowTables, PHONE, WIDE } from '../support/narrow-tables';
import { shotAtOwnWidth as shot } from '../support/screens';

// Issue 17 (support/narrow-tables.ts), the admin's All Payments: table and cards beside refunds, a failed
// and an unfinished payment, a long editor name and a long custom offer title.

describe('tables keep every action and value in view (#17): All Payments', () => {
  const t = narrowTables();

  it('All Payments: every Refund button, amount, status, order id and name in view', async () => {
    const { browser, admin, creator, payments } = t;
    const { context, page } = await signedInPage(browser, admin, { viewport: WIDE });
    try {
      await page.goto('/admin/dashboard/all-payments');
      for (const size of ALL) {
        await page.setViewportSize(size);
        const screen = `All Payments at ${size.width}`;
        const table = page.getByRole('table', { name: 'All payments' });
        const cards = page.getByRole('list', { name: 'All payments' });
        // Wide screens get the table (inside the admin box), a phone the cards.
        await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
        expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

        const problems = await pageProblems(page, screen);
        for (const p of payments) {
          const row = page.locator(`[data-order-id="${p.orderId}"]`).filter({ visible: true });
          const what = `${screen}, ${p.orderId}`;
          expect(await row.count(), what).toBe(1);
          problems.push(...(await outOfView(exact(row, p.orderId), `${what} order id`)));
          problems.push(...(await outOfView(row.getByText(/^₹[\d,.]+$/).first(), `${what} amount`)));
          const status = p.status === 'INITIATED' ? 'processing' : p.status;
          problems.push(...(await outOfView(exact(row, status), `${what} status`)));
          problems.push(...(await outOfView(exact(row, creator.username), `${what} creator`)));
          problems.push(...(await outOfView(exact(row, p.editor().username), `${what} editor`)));
          if (p.refunds > 0) {
            problems.push(...(await outOfView(row.getByText(/^Refunded ₹/), `${what} refunded`)));
          }
          if (p.status === 'SUCCESS') {
            const name = p.refunds === 1 ? 'Refunds' : 'Refund';
            const action = row.getByRole('button', { name, exact: true });
            problems.push(...(await outOfView(action, `${what} ${name} button`)));
          }
        }
        expect(problems).toEqual([]);
        await shot(page, 'all-payments');
      }

      // The Refund button's focus ring, in the table at 1280 and on a card at 390.
      for (const size of [WIDE, PHONE]) {
        await page.setViewportSize(size);
        const row = page.locator(`[data-order-id="${payments[2]!.orderId}"]`).filter({ visible: true });
        const refund = row.getByRole('button', { name: 'Refund', exact: true });
        await keyboardFocus(page, refund);
        expect(await refund.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        await shot(page, 'all-payments-focus', false);
      }
    } finally {
      await context.close();
    }
  });
});
