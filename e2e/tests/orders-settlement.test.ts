import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, type Account } from '../support/accounts';
import { api } from '../support/api';
import { visibleText } from '../support/browser';
import { paidWithChangesRequested } from '../support/money';
import { bellLine, ringed, topOfStrip } from '../support/order-screens';
import {
  deliveryCard,
  download,
  inView,
  makeClip,
  makeImage,
  orderCard,
  orderJourneys,
  systemLine,
  unfold,
} from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

/**
 * Orders from a person's point of view: completing an order for a different amount (issue 26). At desktop
 * width the creator of a paid ₹6,999 order, unhappy with the cut, proposes ₹4,000; the editor sees it
 * live, accepts after reading where the money goes; both cards say Completed, the creator downloads the
 * final file and the ₹2,999 refund shows. On a phone the editor withdraws one proposal, makes another,
 * and the creator declines it. On the suite's server.
 */
describe('orders in the browser: settling for a different amount', () => {
  const rig = orderJourneys();
  let clip: string;
  let image: string;
  beforeAll(async () => {
    clip = await makeClip(rig.dir, 'settle-cut.mp4', 550);
    image = makeImage(rig.dir, 'settle-still.png', 'testsrc');
  });

  const orderOf = async (who: Account, orderId: string) => (await api(who, 'GET', `/orders/${orderId}`)).data;
  /** The toggle of the room's Orders panel, with its count and what waits on the viewer. */
  const ordersToggle = (page: Page) =>
    page.getByRole('region', { name: 'Orders', exact: true }).locator('button[aria-expanded]').first();

  it('the creator proposes ₹4,000 of ₹6,999, the editor accepts live; completed, file released, ₹2,999 back (desktop)', async () => {
    const title = 'Brand film';
    const order = await paidWithChangesRequested(title, clip, 'video/mp4');
    const { editor, creator, roomId, orderId, reference } = order;
    const creatorSide = await rig.open(creator, DESKTOP);
    const editorSide = await rig.open(editor, DESKTOP);
    const c = creatorSide.page;
    const e = editorSide.page;
    await c.goto(`/chat?roomId=${roomId}`);
    await e.goto(`/chat?roomId=${roomId}`);
    const creatorCard = orderCard(c, title);
    const editorCard = orderCard(e, title);
    await unfold(c, 'Orders');
    expect(await visibleText(creatorCard.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );

    // The creator opens the dialog: what was paid stands beside the amount; the fields are checked first.
    await creatorCard.getByRole('button', { name: 'Settle for a different amount' }).click();
    const dialog = c.getByRole('dialog', { name: 'Settle for a different amount' });
    const amount = dialog.getByLabel('Complete at (₹)');
    expect(await visibleText(dialog.getByTestId('settlement-paid'))).toBe('of ₹6,999 paid');
    expect(await visibleText(dialog)).toContain(
      `Propose completing ${reference} for less than the ₹6,999 paid.`,
    );
    const propose = dialog.getByRole('button', { name: 'Propose this amount' });
    await propose.click();
    expect(await visibleText(dialog.getByText('Amount must be at least 1'))).toBe(
      'Amount must be at least 1',
    );
    await amount.fill('6999');
    await propose.click();
    const tooMuch = 'The amount must be less than the ₹6,999 paid for this order (after refunds)';
    expect(await visibleText(dialog.getByText(tooMuch))).toBe(tooMuch);
    await shotAtOwnWidth(c, 'settle-dialog-errors', false);
    const reason = 'Only the first half is usable';
    await amount.fill('4000');
    expect(await visibleText(dialog.getByTestId('settlement-refund'))).toBe(
      '₹2,999 goes back to you if the editor accepts.',
    );
    await dialog.getByLabel('Reason for the editor (optional)').fill(reason);
    await amount.focus();
    expect(await ringed(amount)).toBe(true);
    await shotAtOwnWidth(c, 'settle-dialog', false);
    await propose.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await visibleText(c.getByText('Proposal sent', { exact: true }))).toBe('Proposal sent');

    // The editor's open chat shows it live: how much of what was paid, why, what accepting does.
    const notice = editorCard.getByTestId('order-settlement');
    expect(await visibleText(notice)).toContain(
      `The creator proposes completing at ₹4,000 of ₹6,999 paid: ${reason}`,
    );
    expect(await visibleText(notice)).toMatch(
      /If you accept, ₹2,999 is refunded to the creator, the order is completed and the final file is released\. Answer by .+, or nothing changes\./,
    );
    const accept = editorCard.getByRole('button', { name: 'Accept and complete' });
    expect(await accept.isVisible()).toBe(true);
    expect(await editorCard.getByRole('button', { name: 'Decline the amount' }).isVisible()).toBe(true);
    expect(await visibleText(ordersToggle(e))).toMatch(/1\s+needs you/);
    const proposedLine = `The creator proposed completing order ${reference} at ₹4,000 of the ₹6,999 paid: "${reason}". Accepted, ₹2,999 goes back to the creator and the final file is released.`;
    expect(await visibleText(systemLine(e, proposedLine))).toMatch(/nothing changes\.$/);
    expect(await visibleText(systemLine(c, proposedLine))).toContain(proposedLine);
    expect(await bellLine(e, `proposes completing ${reference} at ₹4,000`)).toContain(creator.username);
    // The creator's card: their proposal waits; they may take it back, not propose another.
    expect(await visibleText(creatorCard.getByTestId('order-settlement'))).toMatch(
      /If the editor accepts, ₹2,999 is refunded to you, .+ If the editor does not answer by .+, nothing changes\./,
    );
    expect(await creatorCard.getByRole('button', { name: 'Withdraw the proposal' }).isVisible()).toBe(true);
    expect(await creatorCard.getByRole('button', { name: 'Settle for a different amount' }).count()).toBe(0);
    expect(await visibleText(ordersToggle(c))).not.toContain('needs you');
    await topOfStrip(creatorCard.getByTestId('order-settlement'));
    await shotAtOwnWidth(c, 'settle-pending-creator', false);
    await e.keyboard.press('Tab');
    await accept.focus();
    expect(await ringed(accept)).toBe(true);
    await topOfStrip(notice);
    expect(await inView(accept)).toBe(true);
    await shotAtOwnWidth(e, 'settle-pending-editor', false);

    // The admin's order page shows the proposal, read-only.
    const admin = await adminAccount();
    const adminSide = await rig.open(admin, DESKTOP);
    await adminSide.page.goto(`/admin/dashboard/orders/${orderId}`);
    expect(await visibleText(adminSide.page.getByTestId('admin-order-settlement'))).toMatch(
      new RegExp(
        `^The creator proposed completing at ₹4,000 of the ₹6,999 paid on .+\\. Accepted, ₹2,999 is refunded to the creator and the order completes; nothing changes if the editor does not answer by .+\\.\\s+“${reason}”$`,
      ),
    );
    await shotAtOwnWidth(adminSide.page, 'settle-admin-order-pending');
    await adminSide.context.close();

    // The editor accepts, after reading where the money goes in the server's figures.
    await accept.click();
    const confirm = e.getByRole('dialog', { name: 'Accept and complete?' });
    expect(await visibleText(confirm)).toContain(
      `Order ${reference} completes at ₹4,000 of the ₹6,999 paid: ₹2,999 goes back to the creator and the final file is released to them.`,
    );
    const summary = confirm.getByTestId('money-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toMatch(
      /The creator paid\s+₹6,999\s+Back to the creator\s+₹2,999\s+The order completes at\s+₹4,000/,
    );
    expect(await visibleText(confirm.getByTestId('settlement-split'))).toMatch(
      /^Your share and the platform commission \(\d+(\.\d+)?%\) follow the ₹4,000 that stays\.$/,
    );
    await shotAtOwnWidth(e, 'settle-accept-confirm', false);
    await confirm.getByRole('button', { name: 'Accept and complete' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await visibleText(e.getByText('Order completed at the agreed amount', { exact: true }))).toBe(
      'Order completed at the agreed amount',
    );

    // Both cards say Completed, live; the proposal is gone.
    await creatorCard.getByText('Completed', { exact: true }).waitFor();
    await creatorCard.getByTestId('order-settlement').waitFor({ state: 'detached' });
    // Completed and paid, the editor's order moves behind 'Show past orders' (the creator keeps it in view
    // to review it).
    await e.getByRole('button', { name: /^Show past orders \(\d+\)$/ }).click();
    const editorDone = orderCard(e, title);
    expect(await visibleText(editorDone.getByText('Completed', { exact: true }))).toBe('Completed');
    expect(await editorDone.getByTestId('order-settlement').count()).toBe(0);
    const settled = `Order ${reference} completed at ₹4,000, as both sides agreed. ₹2,999 is refunded to the creator.`;
    expect(await visibleText(systemLine(c, settled))).toBe(settled);
    expect(await visibleText(systemLine(e, settled))).toBe(settled);

    // The creator downloads the final file of the delivery that had changes requested.
    await unfold(c, 'Deliveries');
    const cut = deliveryCard(c, 1);
    const button = cut.getByRole('button', { name: 'Download final video' });
    await button.waitFor();
    const bytes = await download(c, button, rig.dir, /^cutroom-delivery-1\.mp4$/);
    expect(bytes.equals(readFileSync(clip))).toBe(true);

    // The refund job gives ₹2,999 back shortly after: the card, the chat, the bell and the orders list say so.
    await creatorCard.locator('dl').getByText('Paid ₹6,999 · Refunded ₹2,999').waitFor({ timeout: 30_000 });
    const refunded = new RegExp(
      `^₹2,999 of order ${reference} was refunded to the creator\\. The editor's share is ₹[\\d,.]+ less\\.$`,
    );
    expect(await visibleText(systemLine(c, refunded))).toMatch(refunded);
    expect(await visibleText(systemLine(e, refunded))).toMatch(refunded);
    expect(await bellLine(c, 'Refund of ₹2,999 is on its way')).toContain(reference);
    expect(await bellLine(c, `${reference} is completed`)).toContain(title);
    expect(await bellLine(e, `${reference} is completed`)).toContain(title);
    const after = await orderOf(creator, orderId);
    expect(after).toMatchObject({ status: 'completed', paid: true, refundedAmount: 2999, settlement: null });
    for (const [page, card, name] of [
      [c, creatorCard, 'settle-completed-creator'],
      [e, editorDone, 'settle-completed-editor'],
    ] as const) {
      await topOfStrip(card);
      await shotAtOwnWidth(page, name, false);
    }
    await c.goto('/profile/orders');
    await c.getByText('Paid ₹6,999 · Refunded ₹2,999').first().waitFor();
  });

  it('on a phone: the editor withdraws a proposal, makes another, and the creator declines it', async () => {
    const title = 'Product reel';
    const order = await paidWithChangesRequested(title, image, 'image/png');
    const { editor, creator, roomId, orderId, reference } = order;
    const editorSide = await rig.open(editor, PHONE);
    const creatorSide = await rig.open(creator, PHONE);
    const e = editorSide.page;
    const c = creatorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);
    const editorCard = orderCard(e, title);
    const creatorCard = orderCard(c, title);

    async function propose(amount: string, why: string, screenshot?: string) {
      await unfold(e, 'Orders');
      await editorCard.getByRole('button', { name: 'Settle for a different amount' }).click();
      const dialog = e.getByRole('dialog', { name: 'Settle for a different amount' });
      await dialog.getByLabel('Complete at (₹)').fill(amount);
      if (why) await dialog.getByLabel('Reason for the creator (optional)').fill(why);
      if (screenshot) {
        // Every part of the dialog fits the phone's width, its buttons reachable.
        const send = dialog.getByRole('button', { name: 'Propose this amount' });
        await send.scrollIntoViewIfNeeded();
        expect(await inView(send)).toBe(true);
        expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await shotAtOwnWidth(e, screenshot, false);
      }
      await dialog.getByRole('button', { name: 'Propose this amount' }).click();
      await dialog.waitFor({ state: 'detached' });
    }

    await propose('5500', '');
    await editorCard.getByRole('button', { name: 'Withdraw the proposal' }).click();
    expect(await visibleText(e.getByText('Proposal withdrawn', { exact: true }))).toBe('Proposal withdrawn');
    const withdrawn = `The editor withdrew the proposal to complete order ${reference} at ₹5,500.`;
    expect(await visibleText(systemLine(c, withdrawn))).toBe(withdrawn);
    await creatorCard.getByTestId('order-settlement').waitFor({ state: 'detached' });
    // The toast goes before the next dialog opens (on a phone it sits over the dialog's title).
    await e.getByText('Proposal withdrawn', { exact: true }).waitFor({ state: 'detached' });

    const reason = 'The brief grew; I can only finish the first reel';
    await propose('5000', reason, 'settle-dialog-phone');

    // On a phone the panel opens by itself once the answer waits on the creator.
    await unfold(c, 'Orders');
    const notice = creatorCard.getByTestId('order-settlement');
    expect(await visibleText(notice)).toContain(
      `The editor proposes completing at ₹5,000 of ₹6,999 paid: ${reason}`,
    );
    // Read once the proposal is on screen (the same live update counts it). A phone shows the count
    // only; the words are there for a screen reader.
    expect(await ordersToggle(c).textContent()).toMatch(/1\s+needs you/);
    expect(await visibleText(notice)).toContain(
      'If you accept, ₹1,999 is refunded to you, the order is completed and the final file is released.',
    );
    await topOfStrip(notice);
    await shotAtOwnWidth(c, 'settle-pending-creator-phone', false);
    const decline = creatorCard.getByRole('button', { name: 'Decline the amount' });
    await topOfStrip(creatorCard.getByRole('button', { name: 'Accept and complete' }));
    expect(await inView(decline)).toBe(true);
    await shotAtOwnWidth(c, 'settle-pending-creator-phone-answers', false);

    // The confirmation fits the phone too; going back moves nothing.
    await creatorCard.getByRole('button', { name: 'Accept and complete' }).click();
    const confirm = c.getByRole('dialog', { name: 'Accept and complete?' });
    await confirm.getByTestId('money-summary').waitFor();
    expect(await visibleText(confirm)).toContain(
      '₹1,999 comes back to you and the final file is released to you.',
    );
    expect(await confirm.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shotAtOwnWidth(c, 'settle-accept-confirm-phone', false);
    await confirm.getByRole('button', { name: 'Go back' }).click();
    await confirm.waitFor({ state: 'detached' });

    await decline.click();
    expect(await visibleText(c.getByText('Amount declined; the order goes on', { exact: true }))).toBe(
      'Amount declined; the order goes on',
    );
    await creatorCard.getByTestId('order-settlement').waitFor({ state: 'detached' });
    await editorCard.getByTestId('order-settlement').waitFor({ state: 'detached' });
    const declined = `The creator declined completing order ${reference} at ₹5,000; it goes on.`;
    expect(await visibleText(systemLine(e, declined))).toBe(declined);
    expect(await bellLine(e, `declined completing ${reference} at ₹5,000`)).toContain(creator.username);
    expect(await visibleText(creatorCard.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );
    const still = await orderOf(editor, orderId);
    expect(still).toMatchObject({ status: 'changes_requested', settlement: null, refundedAmount: 0 });
    expect(await creatorCard.getByRole('button', { name: 'Settle for a different amount' }).isVisible()).toBe(
      true,
    );
  });
});
