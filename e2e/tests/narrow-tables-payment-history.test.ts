import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/accounts';
import { allOutOfView, exact, outOfView, pageProblems } from '../support/in-view';
import { ALL, narrowTables, PHONE, WIDE } from '../support/narrow-tables';
import { shotAtOwnWidth as shot } from '../support/screens';

// Issue 17 (support/narrow-tables.ts), Payment History on the profile, the creator's and the long-named
// editor's: every payment with its refunds.

describe('tables keep every action and value in view (#17): Payment History', () => {
  const t = narrowTables();

  for (const who of ['creator', 'editor'] as const) {
    it(`Payment History (${who}): amount, status, plan, order id and every refund in view`, async () => {
      const { browser, creator, longEditor, payments } = t;
      const account = who === 'creator' ? creator : longEditor;
      const { context, page } = await signedInPage(browser, account, { viewport: WIDE });
      try {
        await page.goto('/profile');
        const own = payments.filter((p) => who === 'creator' || p.editor() === longEditor);
        for (const size of ALL) {
          await page.setViewportSize(size);
          const screen = `Payment History (${who}) at ${size.width}`;
          const table = page.getByRole('table', { name: 'Payment History' });
          const cards = page.getByRole('list', { name: 'Payment History' });
          await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
          expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

          const problems = await pageProblems(page, screen);
          for (const p of own) {
            const row = page.locator(`[data-order-id="${p.orderId}"]`).filter({ visible: true });
            const what = `${screen}, ${p.orderId}`;
            expect(await row.count(), what).toBe(1);
            problems.push(...(await outOfView(exact(row, p.orderId), `${what} order id`)));
            problems.push(...(await outOfView(row.getByTestId('payment-amount'), `${what} amount`)));
            const status = p.status === 'INITIATED' ? 'processing' : p.status;
            problems.push(...(await outOfView(row.getByTestId('payment-status'), `${what} status`)));
            expect(await row.getByTestId('payment-status').innerText()).toBe(status);
            const counterpart = who === 'creator' ? p.editor().username : creator.username;
            problems.push(...(await outOfView(exact(row, counterpart), `${what} ${counterpart}`)));
            problems.push(...(await outOfView(row.getByTestId('payment-plan'), `${what} plan`)));
            const refunds = row.getByRole('list', { name: 'Refunds' }).getByRole('listitem');
            expect(await refunds.count(), `${what} refunds`).toBe(p.refunds);
            if (p.refunds > 0) problems.push(...(await allOutOfView(refunds, `${what} refund`)));
          }
          expect(problems).toEqual([]);
          await shot(page, `payment-history-${who}`);
        }
      } finally {
        await context.close();
      }
    });
  }
});
