import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signedInPage } from '../support/accounts';
import { allOutOfView, exact, keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { ALL, narrowTables, PHONE, WIDE } from '../support/narrow-tables';
import { shotAtOwnWidth as shot } from '../support/screens';

// Issue 17 (support/narrow-tables.ts), the admin's All Editors: table and cards beside a 50-character
// name and a long e-mail, and the Delete confirmation.

describe('tables keep every action and value in view (#17): All Editors', () => {
  const t = narrowTables({ payments: false });

  it('All Editors: Edit Structure, Edit Portfolio and Delete in view beside a 50-character name', async () => {
    const { browser, admin, longEditor, shortEditor } = t;
    const { context, page } = await signedInPage(browser, admin, { viewport: WIDE });
    try {
      await page.goto('/admin/dashboard/all-editors');
      for (const size of ALL) {
        await page.setViewportSize(size);
        const screen = `All Editors at ${size.width}`;
        const table = page.getByRole('table', { name: 'Editors' });
        const cards = page.getByRole('list', { name: 'Editors' });
        await (size === PHONE ? cards : table).waitFor({ state: 'visible' });
        expect(await (size === PHONE ? table : cards).isVisible()).toBe(false);

        const problems = await pageProblems(page, screen);
        const visible = (l: Locator) => l.filter({ visible: true });
        for (const editor of [longEditor, shortEditor]) {
          const what = `${screen}, ${editor.username}`;
          problems.push(...(await outOfView(visible(exact(page, editor.username)), `${what} name`)));
          problems.push(...(await outOfView(visible(exact(page, editor.email!)), `${what} e-mail`)));
        }
        // Every editor listed, not only ours: each one's three actions.
        for (const [label, role] of [
          ['Edit Structure of ', 'link'],
          ['Edit Portfolio of ', 'link'],
          ['Delete ', 'button'],
        ] as const) {
          const actions = visible(page.getByRole(role, { name: new RegExp(`^${label}`) }));
          expect(await actions.count(), `${screen}: ${label}`).toBeGreaterThanOrEqual(2);
          problems.push(...(await allOutOfView(actions, `${screen}, ${label.trim()}`)));
        }
        expect(problems).toEqual([]);
        await shot(page, 'all-editors');
      }

      for (const size of [WIDE, PHONE]) {
        await page.setViewportSize(size);
        const del = page
          .getByRole('button', { name: `Delete ${longEditor.username}`, exact: true })
          .filter({ visible: true });
        await keyboardFocus(page, del);
        expect(await del.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
        await shot(page, 'all-editors-focus', false);

        // The confirmation names the editor; the long name wraps and leaves both answers in view.
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog', { name: 'Delete editor?' });
        await dialog.waitFor();
        // Radix opens a modal in two renders: the first turns pointer events off on <body>, which the
        // portalled dialog inherits, so for a few milliseconds a point on its buttons hits the overlay
        // (pointer-events: auto) beneath; the next render gives the dialog pointer-events: auto. Check
        // once the dialog takes the pointer, as it does before anyone could click.
        await page.waitForFunction(
          (el) => getComputedStyle(el).pointerEvents !== 'none',
          await dialog.elementHandle(),
        );
        const problems = [
          ...(await outOfView(
            dialog.getByRole('button', { name: 'Cancel' }),
            `dialog at ${size.width}: Cancel`,
          )),
          ...(await outOfView(
            dialog.getByRole('button', { name: 'Delete', exact: true }),
            `dialog at ${size.width}: Delete`,
          )),
          ...(await outOfView(dialog.getByText(longEditor.username), `dialog at ${size.width}: name`)),
        ];
        expect(problems).toEqual([]);
        await shot(page, 'all-editors-delete-dialog', false);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
    } finally {
      await context.close();
    }
  });
});
