import { describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { api } from '../support/api';
import { visibleText } from '../support/browser';
import {
  giveTiers,
  orderCard,
  orderJourneys,
  payInSimulator,
  sendOffer,
  systemLine,
} from '../support/orders';
import { PHONE, shotAtOwnWidth } from '../support/screens';

/**
 * Orders from a person's point of view, journey 4: a paid order goes late and the creator cancels it
 * with a full refund; on a phone, on a server of this file's own with a short clock.
 */
describe('orders in the browser: a late order cancelled with a refund', () => {
  const rig = orderJourneys({ shortClock: true });

  it('journey 4: a paid order goes late; the creator cancels it and is refunded in full (phone)', async () => {
    const base = rig.short.baseUrl;
    const admin = await adminAccount(base);
    const [editor, creator] = await Promise.all([
      createEditor(undefined, undefined, base),
      createCreator(undefined, undefined, base),
    ]);
    await giveTiers(base, admin, editor);
    const roomId = (await api(creator, 'POST', '/chat/initiate', { editorId: editor.id }, base)).roomId;
    const creatorSide = await rig.open(creator, PHONE, base);
    const editorSide = await rig.open(editor, PHONE, base);
    const c = creatorSide.page;
    const e = editorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);

    const title = 'Rush edit';
    const reference = await sendOffer(
      e,
      c,
      { title, description: 'Needed tomorrow', price: 2500, days: 1, revisions: 0 },
      'j4-offer-form',
    );
    await shotAtOwnWidth(c, 'j4-offer-card');
    await orderCard(c, title).getByRole('button', { name: 'Accept & pay now' }).click();
    // Accepting to pay now goes straight to paying for the order.
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-order'))).toBe(`${reference} ${title}`);
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹2,500');
    await shotAtOwnWidth(c, 'j4-accept-pay');
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);

    const card = orderCard(c, title);
    expect(await visibleText(card.getByText('In progress', { exact: true }))).toBe('In progress');
    // One day is 8 s here: the due date passes with no delivery.
    await card.getByText('Late', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await visibleText(card.locator('dl'))).toMatch(/· Late/);
    const lateLine = `Order ${reference} is past its due date with no delivery. The creator may cancel it with a full refund.`;
    expect(await visibleText(systemLine(c, lateLine))).toBe(lateLine);
    const cancel = card.getByRole('button', { name: 'Cancel with full refund' });
    expect(await cancel.isVisible()).toBe(true);
    await shotAtOwnWidth(c, 'j4-late-cancel');

    await cancel.click();
    const confirm = c.getByRole('dialog', { name: 'Cancel with full refund' });
    expect(await visibleText(confirm.getByText(/refunds the full/))).toContain('₹2,500');
    await confirm.getByLabel('Reason (optional)').fill('The date has passed');
    await shotAtOwnWidth(c, 'j4-cancel-dialog');
    await confirm.getByRole('button', { name: 'Cancel with full refund' }).click();
    await confirm.waitFor({ state: 'detached' });
    const cancelled = `Order ${reference} was cancelled by the creator. ₹2,500 will be refunded to the creator.`;
    expect(await visibleText(systemLine(c, cancelled))).toBe(cancelled);
    expect(await visibleText(systemLine(e, cancelled))).toBe(cancelled);
    // Cancelled, it is a past order now.
    await c.getByRole('button', { name: 'Show past orders (1)' }).click();
    expect(await visibleText(card.getByText('Cancelled', { exact: true }))).toBe('Cancelled');
    // Paid, then refunded in full: never "Not paid · Refunded ₹2,500" (issue 25, item 12).
    expect(await visibleText(card.getByText('Paid ₹2,500 · Refunded in full'))).toBe(
      'Paid ₹2,500 · Refunded in full',
    );
    await shotAtOwnWidth(c, 'j4-cancelled');

    // The refund in the creator's Payment History, confirmed by the gateway.
    await c.goto('/profile');
    const payment = c
      .getByRole('list', { name: 'Payment History' })
      .locator('li')
      .filter({ hasText: gatewayOrderId })
      .first();
    expect(await visibleText(payment)).toContain(reference);
    const refunds = payment.locator('dt:text-is("Refunds") + dd');
    // PENDING at first, SUCCESS once the gateway confirms the refund.
    await expect
      .poll(
        async () => {
          await c.reload();
          return visibleText(refunds);
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^₹2,500\s*SUCCESS$/);
    await shotAtOwnWidth(c, 'j4-profile-payment-history');
    await c.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Orders' }).click();
    const mine = c.locator(`[data-order="${reference}"]`).locator('visible=true');
    const mineText = await visibleText(mine);
    expect(mineText).toContain('Cancelled');
    expect(mineText).toContain('Paid ₹2,500 · Refunded in full');
    expect(mineText).not.toContain('Not paid');
    await shotAtOwnWidth(c, 'j4-profile-orders');

    // The admin's order page tells the whole story.
    const adminSide = await rig.open(admin, PHONE, base);
    const a = adminSide.page;
    await a.goto('/admin/dashboard/all-orders');
    const adminCard = a.locator(`[data-order="${reference}"]`).locator('visible=true');
    expect(await visibleText(adminCard)).toContain('Cancelled');
    await shotAtOwnWidth(a, 'admin-all-orders');
    await adminCard.getByRole('link', { name: `View order ${reference}` }).click();
    await a.waitForURL(/\/admin\/dashboard\/orders\//);
    expect(await visibleText(a.getByRole('heading', { level: 1, name: title }))).toBe(title);
    const timeline = a.getByRole('list', { name: 'Order timeline' });
    await expect
      .poll(async () => {
        await a.reload();
        return visibleText(timeline);
      })
      .toContain('Refund of ₹2,500 confirmed by the gateway');
    const story = await visibleText(timeline);
    expect(story).toContain('Past its due date with no delivery');
    expect(story).toContain('Cancelled');
    expect(story).toContain('The date has passed');
    await shotAtOwnWidth(a, 'admin-order-page');
  });
});
