import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { baseUrl, visibleText } from '../support/browser';
import {
  deliver,
  download,
  giveTiers,
  makeImage,
  openChatFromOrders,
  orderJourneys,
  payInSimulator,
  previewReady,
  systemLine,
  confirmApprove,
} from '../support/orders';
import { DESKTOP, shotAtOwnWidth } from '../support/screens';

/**
 * Orders from a person's point of view, journey 2: Pay Now on a tier of the portfolio first, then the
 * delivery, approval and download without paying again; Payment History, Orders and the admin's pages.
 */
describe('orders in the browser: Pay Now on a tier', () => {
  const rig = orderJourneys();
  let image1: string;
  beforeAll(() => {
    image1 = makeImage(rig.dir, 'still-1.png', 'testsrc');
  });

  it('journey 2: Pay Now on the portfolio first, then delivery, approval and download without paying again', async () => {
    const base = baseUrl();
    const admin = await adminAccount();
    const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    await giveTiers(base, admin, editor);
    const creatorSide = await rig.open(creator, DESKTOP);
    const editorSide = await rig.open(editor, DESKTOP);
    const c = creatorSide.page;
    const e = editorSide.page;

    await c.goto(`/portfolio/${editor.id}`);
    await c.locator('[aria-label="Pro tier"]').getByRole('button', { name: 'Pay Now' }).click();
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    // The modal states what is bought: tier, features, revisions, delivery time and price.
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Pro');
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹4,999');
    const summary = await visibleText(dialog.locator('dl').first());
    expect(summary).toContain('7 days');
    expect(summary).toContain('2 revisions');
    const included = dialog.getByRole('list', { name: 'Included in this plan' }).getByRole('listitem');
    expect((await included.allInnerTexts()).map((t) => t.trim())).toEqual([
      'Up to 2 revisions',
      'Color grading',
    ]);
    await shotAtOwnWidth(c, 'j2-paynow-modal');
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);

    // The editor finds the order under Orders and opens its chat.
    const reference = await openChatFromOrders(e);
    const card = e.getByTestId('order-card').filter({ hasText: reference });
    expect(await visibleText(card.getByText(/^CR-\d+ · Pro$/))).toBe(`${reference} · Pro`);
    const title = await visibleText(card.getByRole('heading', { level: 3 }));
    expect(await visibleText(card.getByText('In progress', { exact: true }))).toBe('In progress');
    expect(await visibleText(card.locator('dl'))).toMatch(/Paid/);
    const roomId = new URL(e.url()).searchParams.get('roomId')!;
    await c.goto(`/chat?roomId=${roomId}`);
    expect(await visibleText(systemLine(c, `Order ${reference} placed for the pro tier.`))).toContain(
      reference,
    );

    await deliver(e, image1, reference, { note: 'All done', from: 'card', title });
    const delivered = await previewReady(c, 1, 'image');
    await delivered.getByRole('button', { name: 'Approve' }).click();
    await confirmApprove(delivered.page());
    const button = delivered.getByRole('button', { name: 'Download final image' });
    await button.waitFor();
    // Paid up front: no payment is asked for again.
    expect(await c.getByRole('dialog').count()).toBe(0);
    expect(await delivered.getByRole('button', { name: /^Pay to unlock/ }).count()).toBe(0);
    const bytes = await download(c, button, rig.dir, /^cutroom-delivery-1\.png$/);
    expect(bytes.equals(readFileSync(image1))).toBe(true);
    expect(await c.getByRole('dialog').count()).toBe(0);
    await shotAtOwnWidth(c, 'j2-completed-download');

    // Payment History: exactly one payment, naming the order.
    await c.goto('/profile');
    const rows = c.locator('table[aria-label="Payment History"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    const row = c.locator(`tr[data-order-id="${gatewayOrderId}"]`);
    const rowText = await visibleText(row);
    expect(rowText).toContain(reference);
    expect(rowText).toContain('₹4,999');
    expect(rowText).toContain('SUCCESS');
    await shotAtOwnWidth(c, 'j2-profile-payment-history');

    await c.getByRole('navigation', { name: 'Profile' }).getByRole('link', { name: 'Orders' }).click();
    const orderRow = c.locator(`tr[data-order="${reference}"]`);
    const orderText = await visibleText(orderRow);
    expect(orderText).toContain('Completed');
    expect(orderText).toContain('₹4,999');
    expect(orderText).toContain('Paid');
    await shotAtOwnWidth(c, 'j2-profile-orders');

    // The admin sees it among All Orders and on its own page.
    const adminSide = await rig.open(admin, DESKTOP);
    const a = adminSide.page;
    await a.goto('/admin/dashboard/all-orders');
    const adminRow = a.locator(`tr[data-order="${reference}"]`);
    expect(await visibleText(adminRow)).toContain('Completed');
    await shotAtOwnWidth(a, 'admin-all-orders');
    await adminRow.getByRole('link', { name: `View order ${reference}` }).click();
    await a.waitForURL(/\/admin\/dashboard\/orders\//);
    expect(await visibleText(a.getByRole('heading', { level: 1, name: title }))).toBe(title);
    const timeline = await visibleText(a.getByRole('list', { name: 'Order timeline' }));
    expect(timeline).toMatch(/Paid ₹4,999/);
    expect(timeline).toContain('Completed: delivery #1 approved');
    await shotAtOwnWidth(a, 'admin-order-page');
  });
});
