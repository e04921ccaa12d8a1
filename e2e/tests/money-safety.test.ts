import { describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { api, until } from '../support/api';
import { baseUrl, visibleText } from '../support/browser';
import { paidOrder } from '../support/money';
import {
  deliveryCard,
  giveTiers,
  makeImage,
  orderJourneys,
  payInSimulator,
  systemLine,
  unfold,
} from '../support/orders';
import { DESKTOP, PHONE, shot, shotAtOwnWidth } from '../support/screens';

/**
 * Issue 25, items 10–12: money actions ask first and say what they move, the tab that opened a checkout
 * follows its order, and what happened to the money is said one way everywhere.
 */
describe('money in the browser: safety nets, live Pay Now, one wording', () => {
  const rig = orderJourneys();

  for (const size of [DESKTOP, PHONE]) {
    it(`Approve asks first with the server's split, and Go back approves nothing (${size.width})`, async () => {
      const image = makeImage(rig.dir, `cut-${size.width}.png`, 'testsrc');
      const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
      const order = await paidOrder(creator, editor, image);
      const { page } = await rig.open(creator, size);
      await page.goto(`/chat?roomId=${order.roomId}`);
      const card = deliveryCard(page, 1);
      // A delivery waiting for review opens its panel by itself (on a phone too); unfold only if not.
      await page.getByRole('region', { name: 'Deliveries', exact: true }).waitFor();
      await card
        .getByRole('button', { name: 'Approve' })
        .waitFor({ timeout: 5000 })
        .catch(() => unfold(page, 'Deliveries'));
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = page.getByRole('dialog', { name: 'Approve delivery #1?' });
      expect(await visibleText(dialog)).toContain(
        `Order ${order.reference} completes and the editor's share is released to them.`,
      );
      const summary = dialog.getByTestId('money-summary');
      const lines = await visibleText(summary);
      // ₹2,499 at the 20 % fee the test server runs with, as the ledger booked it.
      expect(lines).toMatch(/You paid\s*₹2,499/);
      expect(lines).toMatch(/To the editor\s*₹1,999\.20/);
      expect(lines).toMatch(/Platform commission \(20%\)\s*₹499\.80/);
      await shotAtOwnWidth(page, 'money-approve-confirm', false);

      await dialog.getByRole('button', { name: 'Go back' }).click();
      await dialog.waitFor({ state: 'detached' });
      const still = (await api(creator, 'GET', `/chat/${order.roomId}/deliveries`)).data[0];
      expect(still.status).toBe('sent');

      await card.getByRole('button', { name: 'Approve' }).click();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await card.getByRole('button', { name: 'Download final image' }).waitFor();
      expect((await api(creator, 'GET', `/orders/${order._id}`)).data.status).toBe('completed');
    });
  }

  it('an admin refund and cancellation are chosen, reviewed, then made; every screen says what happened', async () => {
    const admin = await adminAccount();
    const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    const order = await paidOrder(creator, editor);
    const { page } = await rig.open(admin, DESKTOP);
    await page.goto('/admin/dashboard/all-payments');
    await page
      .locator(`tr[data-order-id="${order.gatewayOrderId}"]`)
      .getByRole('button', { name: 'Refund' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Refund payment' });
    // No choice made for the admin: an empty amount is not "everything".
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    expect(await visibleText(dialog.getByRole('alert'))).toBe('Choose a full refund or a partial refund');
    await dialog.getByRole('radio', { name: /Partial refund/ }).check();
    await dialog.getByLabel('Refund amount (₹)').fill('500');
    await dialog.getByRole('button', { name: 'Review refund' }).click();
    const review = dialog.getByRole('region', { name: 'Confirm the refund' });
    const lines = await visibleText(review.getByTestId('money-summary'));
    expect(lines).toMatch(new RegExp(`Back to ${creator.username}\\s*₹500`));
    expect(lines).toMatch(new RegExp(`From ${editor.username}'s share\\s*−₹400`));
    expect(lines).toMatch(/From the platform commission\s*−₹100/);
    expect(lines).toMatch(new RegExp(`${editor.username} keeps\\s*₹1,599\\.20`));
    await shot(page, 'money-refund-review');
    await review.getByRole('button', { name: 'Confirm refund' }).click();
    await page.getByText('Refund created successfully!').waitFor();
    await page.keyboard.press('Escape');

    // The chat tells both sides once, with the editor's part as the ledger booked it.
    const creatorSide = await rig.open(creator, DESKTOP);
    const c = creatorSide.page;
    await c.goto(`/chat?roomId=${order.roomId}`);
    const line = `₹500 of order ${order.reference} was refunded to the creator. The editor's share is ₹400 less.`;
    await systemLine(c, line).waitFor();
    expect(await systemLine(c, line).count()).toBe(1);
    await shot(c, 'money-refund-chat-line');

    // The orders list says the order was paid, then partly refunded.
    await c.goto('/profile/orders');
    await c.getByText('Paid ₹2,499 · Refunded ₹500').first().waitFor();
    expect(await c.getByText(/Not paid/).count()).toBe(0);
    await shot(c, 'money-orders-refunded');

    // An editor with no payout details is not told the money is on its way to an account.
    const editorSide = await rig.open(editor, DESKTOP);
    await editorSide.page.goto('/profile/earnings');
    const available = editorSide.page.getByTestId('balance-available');
    expect(await visibleText(available)).toContain('add your payout details below to receive it');
    expect(await visibleText(available)).not.toContain('on its way to your payout account');
    await shot(editorSide.page, 'money-earnings-no-account');

    // The admin cancels the rest: choose, review, confirm.
    await page.goto(`/admin/dashboard/orders/${order._id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const cancel = page.getByRole('dialog', { name: `Cancel order ${order.reference}` });
    await cancel.getByLabel('Note').fill('Editor unavailable');
    await cancel.getByRole('button', { name: 'Review cancellation' }).click();
    expect(await visibleText(cancel.getByText('Choose what the creator gets back'))).toBe(
      'Choose what the creator gets back',
    );
    await cancel.getByRole('radio', { name: /Full refund/ }).check();
    await cancel.getByRole('button', { name: 'Review cancellation' }).click();
    const confirm = cancel.getByRole('region', { name: 'Confirm the cancellation' });
    const cancelLines = await visibleText(confirm.getByTestId('money-summary'));
    expect(cancelLines).toMatch(new RegExp(`Back to ${creator.username}\\s*₹1,999`));
    expect(cancelLines).toMatch(new RegExp(`${editor.username} keeps\\s*₹0`));
    await shot(page, 'money-cancel-review');
    await confirm.getByRole('button', { name: 'Cancel order' }).click();
    await until(
      async () => (await api(admin, 'GET', `/admin/orders/${order._id}`)).data.status === 'cancelled',
      'the cancellation',
    );
  });

  for (const size of [DESKTOP, PHONE]) {
    it(`the tab that opened the checkout stops offering Pay Now once paid in the other tab (${size.width})`, async () => {
      const admin = await adminAccount();
      const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
      await giveTiers(baseUrl(), admin, editor);
      const side = await rig.open(creator, size);
      const c = side.page;
      await c.goto(`/portfolio/${editor.id}`);
      const tier = c.locator('[aria-label="Pro tier"]');
      await tier.getByRole('button', { name: 'Pay Now' }).click();
      await payInSimulator(side.context, c.getByRole('dialog', { name: 'Complete your payment' }));
      // No reload: the order's live update takes Pay Now away and says what happened.
      const follow = tier.getByTestId('checkout-follow');
      await follow.and(c.locator('[data-paid="true"]')).waitFor();
      const said = await visibleText(follow);
      expect(said).toMatch(/^Paid ₹4,999 · order CR-\d+ is in progress\./);
      expect(said).toContain('Open the chat');
      expect(await tier.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);
      await tier.scrollIntoViewIfNeeded();
      await shotAtOwnWidth(c, 'money-pay-now-followed', false);
    });
  }
});
