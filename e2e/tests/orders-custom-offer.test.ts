import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { baseUrl, visibleText } from '../support/browser';
import {
  deliver,
  deliveryCard,
  download,
  giveTiers,
  makeClip,
  makeImage,
  orderCard,
  orderJourneys,
  payInSimulator,
  previewReady,
  sendOffer,
  showDelivery,
  systemLine,
  unfold,
  confirmApprove,
} from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

/**
 * Orders from a person's point of view, journey 1: the creator starts the chat from the portfolio, the
 * editor sends a custom offer, the creator accepts to pay on approval, a delivery, changes, v2, approval,
 * payment, download; at desktop width with clips and on a phone with images, on the suite's server.
 */
describe('orders in the browser: a custom offer paid on approval', () => {
  const rig = orderJourneys();
  let clip1: string;
  let clip2: string;
  let image1: string;
  let image2: string;
  beforeAll(async () => {
    clip1 = await makeClip(rig.dir, 'first-cut.mp4', 440);
    clip2 = await makeClip(rig.dir, 'final-cut.mp4', 660);
    image1 = makeImage(rig.dir, 'still-1.png', 'testsrc');
    image2 = makeImage(rig.dir, 'still-2.png', 'smptebars');
  });

  /**
   * Journey 1: the creator starts the chat from the portfolio, the editor sends a custom offer, the
   * creator accepts to pay on approval, a delivery, changes, v2, approval, payment, download.
   */
  async function customOfferJourney(
    viewport: typeof DESKTOP,
    files: [string, string],
    kind: 'video' | 'image',
  ) {
    const base = baseUrl();
    const admin = await adminAccount();
    const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
    await giveTiers(base, admin, editor);
    const creatorSide = await rig.open(creator, viewport);
    const editorSide = await rig.open(editor, viewport);
    const c = creatorSide.page;
    const e = editorSide.page;
    const w = viewport.width;

    await c.goto(`/portfolio/${editor.id}`);
    await c.getByRole('button', { name: 'Start Chat with Editor' }).click();
    await c.waitForURL(/\/chat\?roomId=/);
    const roomId = new URL(c.url()).searchParams.get('roomId')!;
    expect(await visibleText(c.getByTestId('chat-counterpart'))).toBe(editor.username);
    await e.goto(`/chat?roomId=${roomId}`);

    const title = `Launch teaser ${w}`;
    const reference = await sendOffer(
      e,
      c,
      { title, description: 'A 30 second teaser from your footage', price: 6999, days: 5, revisions: 1 },
      'j1-offer-form',
    );
    const offer = orderCard(c, title);
    const terms = await visibleText(offer.locator('dl'));
    expect(terms).toContain('₹6,999');
    expect(terms).toContain('5 days');
    expect(terms).toContain('1 included');
    expect(await visibleText(offer.getByText('A 30 second teaser from your footage'))).toBeTruthy();
    const offered = `Offer ${reference}: "${title}" for ₹6,999, delivered in 5 days with 1 revision.`;
    expect(await visibleText(systemLine(c, offered))).toBe(offered);
    // The creator's choices, and the editor's one.
    for (const name of ['Accept & pay now', 'Accept, pay on approval', 'Decline']) {
      expect(await offer.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    }
    await unfold(e, 'Orders');
    expect(await visibleText(orderCard(e, title).getByRole('button', { name: 'Withdraw offer' }))).toBe(
      'Withdraw offer',
    );
    await shotAtOwnWidth(c, 'j1-offer-card');
    // A keyboard user sees where they are: the focus ring on the offer's first step.
    await c.keyboard.press('Tab');
    await offer.getByRole('button', { name: 'Accept & pay now' }).focus();
    expect(
      await offer
        .getByRole('button', { name: 'Accept & pay now' })
        .evaluate((el) => el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none'),
    ).toBe(true);
    await shotAtOwnWidth(c, 'j1-offer-focus');

    await offer.getByRole('button', { name: 'Accept, pay on approval' }).click();
    const accepted = orderCard(e, title);
    expect(await visibleText(accepted.getByText('In progress', { exact: true }))).toBe('In progress');
    expect(await visibleText(accepted.getByText('Not paid yet'))).toBe('Not paid yet');
    expect(
      await visibleText(systemLine(c, `Offer ${reference} accepted; payment is due on approval.`)),
    ).toMatch(/^Offer CR-\d+ accepted; payment is due on approval\. Due /);
    // Paying later stays possible from the card at any time.
    expect(
      await visibleText(orderCard(c, title).getByRole('button', { name: /^Pay for this order · ₹6,999$/ })),
    ).toContain('Pay for this order');
    await shotAtOwnWidth(e, 'j1-accepted-order');

    const ext = kind === 'video' ? 'mp4' : 'png';
    await deliver(e, files[0], reference, {
      note: 'First cut',
      from: 'panel',
      title,
      screenshot: 'j1-delivery-picker',
    });
    const first = await previewReady(c, 1, kind);
    const sent = `Delivery #1 sent for review (order ${reference}).`;
    expect(await visibleText(systemLine(c, sent))).toBe(sent);
    expect(await visibleText(first.getByTestId('delivery-order'))).toBe(`For ${reference} ${title}`);
    expect(await visibleText(orderCard(c, title).getByText('Delivered', { exact: true }))).toBe('Delivered');
    await showDelivery(c, title, first);
    await shotAtOwnWidth(c, 'j1-review-delivery');

    await first.getByRole('button', { name: 'Request changes' }).click();
    await first.getByLabel('What should the editor change?').fill('Shorter intro, please');
    await first.getByRole('button', { name: 'Send request' }).click();
    expect(await visibleText(first.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );
    const editorOrder = orderCard(e, title);
    expect(await visibleText(editorOrder.getByText('Changes requested', { exact: true }))).toBe(
      'Changes requested',
    );
    expect(await visibleText(editorOrder.locator('dl'))).toContain('0 left of 1');
    await unfold(e, 'Deliveries');
    expect(await visibleText(deliveryCard(e, 1).getByText('Shorter intro, please'))).toContain(
      'Shorter intro',
    );

    await deliver(e, files[1], reference, { note: 'Intro trimmed', from: 'card', title });
    const second = await previewReady(c, 2, kind);
    await showDelivery(c, title, second);
    await second.getByRole('button', { name: 'Approve' }).click();
    await confirmApprove(second.page());
    // Approving completes the order and leads straight into paying for it, as agreed.
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-order'))).toBe(`${reference} ${title}`);
    expect(await visibleText(dialog.getByTestId('payment-amount'))).toBe('₹6,999');
    expect(await visibleText(dialog.getByTestId('payment-editor'))).toBe(editor.username);
    expect(await second.getByRole('button', { name: /^Download final/ }).count()).toBe(0);
    expect(await visibleText(deliveryCard(e, 2).getByText('Approved, waiting for payment'))).toBe(
      'Approved, waiting for payment',
    );
    await shotAtOwnWidth(c, 'j1-approve-pay');
    // Approved but not paid: the editor reads completed work still waiting for its money, in view.
    await unfold(e, 'Orders');
    const awaiting = orderCard(e, title);
    const unpaidBadge = awaiting.getByText('Completed · awaiting payment', { exact: true });
    expect(await visibleText(unpaidBadge)).toBe('Completed · awaiting payment');
    expect(await awaiting.getByText('Completed', { exact: true }).count()).toBe(0);
    // Centred in the panel's own scroll area, clear of its header, for the screenshot.
    await unpaidBadge.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shotAtOwnWidth(e, 'j1-editor-completed-awaiting-payment', false);
    const gatewayOrderId = await payInSimulator(creatorSide.context, dialog);
    expect(gatewayOrderId).toBeTruthy();

    const button = second.getByRole('button', { name: `Download final ${kind}` });
    await button.waitFor({ timeout: 20_000 });
    expect(await visibleText(deliveryCard(e, 2).getByText('Paid', { exact: true }))).toBe('Paid');
    const bytes = await download(c, button, rig.dir, new RegExp(`^cutroom-delivery-2\\.${ext}$`));
    expect(bytes.equals(readFileSync(files[1]))).toBe(true);
    for (const text of [
      'Delivery #2 approved.',
      `Order ${reference} completed. Payment of ₹6,999 unlocks the final file.`,
      `Payment of ₹6,999 received for order ${reference}.`,
      'Final file of delivery #2 released to the creator.',
    ]) {
      expect(await visibleText(systemLine(c, text))).toBe(text);
    }
    // The first cut, never approved, stays locked.
    expect(
      await deliveryCard(c, 1)
        .getByRole('button', { name: /^Download final/ })
        .count(),
    ).toBe(0);
    // Completed and paid: the creator's card stays among the current ones while the order can be reviewed.
    await unfold(c, 'Orders');
    const done = orderCard(c, title);
    expect(await visibleText(done.getByText('Completed', { exact: true }))).toBe('Completed');
    expect(await visibleText(done.locator('dl'))).toMatch(/Paid/);
    const leave = done.getByRole('button', { name: `Leave a review for ${reference}` });
    expect(await visibleText(leave)).toContain('Leave a review');
    await shotAtOwnWidth(c, 'j1-completed-download');
  }

  it('journey 1: a custom offer in the chat, paid on approval, changes, v2, download (desktop)', async () => {
    await customOfferJourney(DESKTOP, [clip1, clip2], 'video');
  });

  it('journey 1 on a phone: offer, accept, deliver, changes, v2, approve, pay, download', async () => {
    await customOfferJourney(PHONE, [image1, image2], 'image');
  });
});
