import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, type Account } from '../support/accounts';
import { api, completeCheckout, until } from '../support/api';
import { visibleText } from '../support/browser';
import { exact, keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { bellLine, ringed, topOfStrip } from '../support/order-screens';
import { inView, makeImage, orderCard, orderJourneys, systemLine, unfold } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

const CONTACT_REFUSED = 'You are not allowed to share personal contact details like email or phone.';

/**
 * Through the API: a new creator and editor, an offer of ₹6,999 accepted and paid, a line from the
 * creator in the chat (`said`), and an image delivered with its preview ready: an order either side may
 * dispute (issue 26).
 */
async function paidAndDelivered(title: string, image: string, said: string, editorName?: string) {
  const [editor, creator] = await Promise.all([createEditor(editorName), createCreator()]);
  const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
  const offer = (
    await api(editor, 'POST', `/chat/${roomId}/offers`, {
      title,
      description: 'A launch film from the shoot',
      amount: 6999,
      deliveryDays: 5,
      revisions: 1,
    })
  ).data;
  await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: true });
  const pay = await api(creator, 'POST', `/orders/${offer._id}/pay`, { phone: '9876543210' });
  await completeCheckout(pay.paymentSessionId, 'SUCCESS');
  await until(
    async () => (await api(creator, 'GET', `/orders/${offer._id}`)).data.paid,
    'the order to be paid',
  );
  await api(creator, 'POST', '/chat/message', {
    chatRoomId: roomId,
    content: said,
    clientId: `dispute-${Date.now()}`,
  });
  const form = new FormData();
  form.append('orderId', offer._id);
  form.append('file', new Blob([readFileSync(image)], { type: 'image/png' }), 'cut.png');
  const delivery = (await api(editor, 'POST', `/chat/${roomId}/deliveries`, form)).data;
  await until(async () => {
    const list = (await api(creator, 'GET', `/chat/${roomId}/deliveries`)).data as any[];
    return list.find((d) => d._id === delivery._id && d.preview.status === 'ready');
  }, 'the preview');
  return { editor, creator, roomId, orderId: offer._id as string, reference: offer.reference as string };
}

/**
 * Disputes from a person's point of view (issue 26, journey 3). At desktop width the creator of a paid,
 * delivered ₹6,999 order opens a dispute citing their own message and the delivery; the editor answers,
 * live on the creator's screen; the creator sends it to Cutroom support; an admin finds it in the queue,
 * reads the case file and decides a partial refund of ₹2,500 with a note; both sides read the decision,
 * the order is completed and the refund shows. On a phone the editor opens one, the creator and the admin
 * read it, and the editor withdraws it.
 */
describe('disputes in the browser', () => {
  const rig = orderJourneys();
  let image: string;
  beforeAll(() => {
    image = makeImage(rig.dir, 'dispute-still.png', 'testsrc');
  });

  const orderOf = async (who: Account, orderId: string) => (await api(who, 'GET', `/orders/${orderId}`)).data;
  const disputeOf = (page: Page, title: string) => orderCard(page, title).getByTestId('order-dispute');

  it('opened with a cited message, answered live, sent to Cutroom support, decided as a ₹2,500 refund (desktop)', async () => {
    const title = 'Launch film';
    const said = 'Please make it vertical, as the brief says';
    const { editor, creator, roomId, orderId, reference } = await paidAndDelivered(title, image, said);
    const creatorSide = await rig.open(creator, DESKTOP);
    const editorSide = await rig.open(editor, DESKTOP);
    const c = creatorSide.page;
    const e = editorSide.page;
    await c.goto(`/chat?roomId=${roomId}`);
    await e.goto(`/chat?roomId=${roomId}`);
    const creatorCard = orderCard(c, title);
    const editorCard = orderCard(e, title);
    await unfold(c, 'Orders');
    await unfold(e, 'Orders');

    // The creator opens the dialog: the fields are checked beside them, contact details refused.
    await creatorCard.getByRole('button', { name: 'Open a dispute' }).click();
    const dialog = c.getByRole('dialog', { name: 'Open a dispute' });
    expect(await visibleText(dialog)).toContain(`what is wrong with order ${reference}`);
    const send = dialog.getByRole('button', { name: 'Open the dispute' });
    await send.click();
    expect(await visibleText(dialog.getByRole('alert').filter({ hasText: 'Choose a reason' }))).toBe(
      'Choose a reason',
    );
    expect(await visibleText(dialog.getByText('Statement must be at least 20 characters'))).toBe(
      'Statement must be at least 20 characters',
    );
    await dialog.getByLabel('Reason').selectOption({ label: 'Not as described' });
    const statement = dialog.getByLabel('Your statement');
    await statement.fill('Call me on 9876543210 and we can sort out the cut');
    await send.click();
    expect(await visibleText(dialog.getByRole('alert').filter({ hasText: CONTACT_REFUSED }))).toBe(
      CONTACT_REFUSED,
    );
    const opening = 'The brief asked for a vertical cut and the delivery is horizontal.';
    await statement.fill(opening);
    const message = dialog.getByRole('checkbox', { name: new RegExp(said) });
    await message.check();
    await dialog.getByRole('checkbox', { name: /Delivery #1 \(image\)/ }).check();
    await keyboardFocus(c, message);
    expect(await ringed(message)).toBe(true);
    await shotAtOwnWidth(c, 'dispute-open-dialog', false);
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    expect(await visibleText(c.getByText('Dispute opened', { exact: true }))).toBe('Dispute opened');

    // Both cards show it: the creator may withdraw it, the editor answer it, live.
    const mine = disputeOf(c, title);
    expect(await visibleText(mine.getByText('Waiting for an answer', { exact: true }))).toBe(
      'Waiting for an answer',
    );
    expect(await visibleText(mine.getByTestId('dispute-statement'))).toContain(opening);
    expect(await visibleText(mine.getByTestId('dispute-evidence'))).toMatch(
      new RegExp(`^You cite\\s+Creator: ${said}\\s+Delivery #1 \\(image\\)$`),
    );
    expect(await creatorCard.getByRole('button', { name: 'Withdraw the dispute' }).isVisible()).toBe(true);
    expect(await creatorCard.getByRole('button', { name: 'Open a dispute' }).count()).toBe(0);
    expect(await visibleText(creatorCard.getByText('Disputed', { exact: true }))).toBe('Disputed');
    const theirs = disputeOf(e, title);
    expect(await visibleText(theirs)).toContain('Dispute: Not as described · opened by the creator');
    expect(await visibleText(theirs.getByTestId('dispute-state'))).toMatch(
      /^Answer by .+, or it goes to Cutroom support without your side\.$/,
    );
    expect(await visibleText(systemLine(e, `The creator opened a dispute on order ${reference}`))).toContain(
      'The order is on hold.',
    );
    expect(await bellLine(e, `opened a dispute on ${reference}`)).toContain(creator.username);

    // The editor answers; the creator's card shows the answer live, and the way to Cutroom support.
    await editorCard.getByRole('button', { name: 'Answer the dispute' }).click();
    const answer = e.getByRole('dialog', { name: 'Answer the dispute' });
    expect(await answer.getByLabel('Reason').count()).toBe(0);
    const answering = 'The brief said horizontal; the vertical cut was asked for after delivery.';
    await answer.getByLabel('Your statement').fill(answering);
    await answer.getByRole('button', { name: 'Send my answer' }).click();
    await answer.waitFor({ state: 'detached' });
    expect(await visibleText(mine.getByTestId('dispute-response'))).toContain(answering);
    expect(await visibleText(mine.getByText('Answered', { exact: true }))).toBe('Answered');
    const toSupport = creatorCard.getByRole('button', { name: 'Send to Cutroom support' });
    await topOfStrip(mine);
    await shotAtOwnWidth(c, 'dispute-panel', false);
    // The panel's own step, in reach and ringed for a keyboard.
    await keyboardFocus(c, toSupport);
    expect(await ringed(toSupport)).toBe(true);
    expect(await inView(toSupport)).toBe(true);
    await shotAtOwnWidth(c, 'dispute-panel-steps', false);

    await toSupport.click();
    const confirm = c.getByRole('dialog', { name: 'Send to Cutroom support?' });
    expect(await visibleText(confirm)).toContain('It decides within 72 hours.');
    await confirm.getByRole('button', { name: 'Send to Cutroom support' }).click();
    await confirm.waitFor({ state: 'detached' });
    await mine.getByText('With Cutroom support', { exact: true }).waitFor();
    await theirs.getByText('With Cutroom support', { exact: true }).waitFor();
    expect(await editorCard.getByRole('button', { name: 'Send to Cutroom support' }).count()).toBe(0);

    // The admin finds it in the queue, from the dashboard's menu.
    const admin = await adminAccount();
    const adminSide = await rig.open(admin, DESKTOP);
    const a = adminSide.page;
    await a.goto('/admin/dashboard');
    await a.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Disputes' }).click();
    await a.waitForURL(/\/admin\/disputes$/);
    const row = a.locator(`[data-dispute="${reference}"]`).filter({ visible: true });
    await row.waitFor();
    expect(await a.getByRole('table', { name: 'Disputes' }).isVisible()).toBe(true);
    for (const text of ['Not as described', creator.username, editor.username, '₹6,999', title]) {
      expect(await visibleText(exact(row, text))).toBe(text);
    }
    expect(await visibleText(row.getByText(/^\d+ min$/))).toMatch(/^\d+ min$/);
    const openCase = row.getByRole('link', { name: `Open the case of order ${reference}` });
    expect([
      ...(await pageProblems(a, 'queue at 1280')),
      ...(await outOfView(openCase, 'Open case at 1280')),
    ]).toEqual([]);
    await shotAtOwnWidth(a, 'dispute-admin-queue');
    await keyboardFocus(a, openCase);
    expect(await ringed(openCase)).toBe(true);
    await shotAtOwnWidth(a, 'dispute-admin-queue-focus', false);

    // The case file: both statements, the evidence, the cited message in the chat, the delivery.
    await openCase.click();
    await a.waitForURL(/\/admin\/disputes\/[0-9a-f-]+$/);
    expect(await visibleText(a.getByRole('heading', { level: 1 }))).toBe(title);
    expect(await visibleText(a.getByTestId('case-statement-opener'))).toContain(opening);
    expect(await visibleText(a.getByTestId('case-statement-answer'))).toContain(answering);
    expect(await visibleText(a.locator('[data-testid="case-chat"] li[data-cited]'))).toContain(said);
    expect(await visibleText(a.locator('[data-testid="case-deliveries"] li[data-cited]'))).toContain(
      'Cited by the creator',
    );
    expect(await visibleText(a.getByRole('list', { name: 'Order timeline' }))).toMatch(/dispute/i);
    await shotAtOwnWidth(a, 'dispute-admin-case');

    // The decision: a partial refund, bounded by what was paid, with a note; confirmed first.
    const decision = a.getByRole('form', { name: 'Decision' });
    await decision.getByRole('radio', { name: /^Partial refund to the creator/ }).check();
    const amount = decision.getByLabel('Refund to the creator (₹)');
    await amount.fill('7000');
    await decision.getByRole('button', { name: 'Review the decision' }).click();
    const tooMuch = 'The refund cannot be more than the ₹6,999 that was paid';
    expect(await visibleText(decision.getByText(tooMuch))).toBe(tooMuch);
    expect(await visibleText(decision.getByText('Note must be at least 10 characters'))).toBe(
      'Note must be at least 10 characters',
    );
    await amount.fill('2500');
    const note = 'The second half did not follow the brief.';
    await decision.getByLabel('Note to both sides').fill(note);
    await decision.getByRole('button', { name: 'Review the decision' }).click();
    const sure = a.getByRole('dialog', { name: 'Decide this dispute?' });
    expect(await visibleText(sure.getByTestId('decision-confirm'))).toContain(
      '₹2,500 of the ₹6,999 paid goes back to the creator',
    );
    await shotAtOwnWidth(a, 'dispute-admin-confirm', false);
    await sure.getByRole('button', { name: 'Confirm the decision' }).click();
    await sure.waitFor({ state: 'detached' });
    expect(await visibleText(a.getByTestId('case-decided'))).toContain(
      'Partial refund to the creator · ₹2,500 refunded',
    );

    // Both sides read the decision; the order is completed and ₹2,500 goes back.
    const decided = mine.getByTestId('dispute-decision');
    expect(await visibleText(decided)).toContain('Partial refund to the creator · ₹2,500 back to you');
    expect(await visibleText(decided)).toContain(`“${note}”`);
    await creatorCard.getByText('Completed', { exact: true }).waitFor();
    await e.getByRole('button', { name: /^Show past orders \(\d+\)$/ }).click();
    const editorDone = disputeOf(e, title);
    expect(await visibleText(editorDone.getByTestId('dispute-decision'))).toContain(
      'Partial refund to the creator · ₹2,500 back to the creator',
    );
    expect(await visibleText(orderCard(e, title).getByText('Completed', { exact: true }))).toBe('Completed');
    await creatorCard.locator('dl').getByText('Paid ₹6,999 · Refunded ₹2,500').waitFor({ timeout: 30_000 });
    expect(
      await visibleText(systemLine(c, `Cutroom support decided the dispute on order ${reference}`)),
    ).toContain(note);
    await topOfStrip(mine);
    await shotAtOwnWidth(c, 'dispute-decided-creator', false);
    expect(await orderOf(creator, orderId)).toMatchObject({
      status: 'completed',
      refundedAmount: 2500,
      disputeId: null,
    });
    await adminSide.context.close();
  });

  it('on a phone: the editor opens a dispute, the creator and the admin read it, the editor withdraws it', async () => {
    const title = 'Product reel';
    // A 50-character name without a break (issue 17's stress case) for the queue to wrap.
    const longName = `Extraordinarilylongeditornamewithoutspaces${randomBytes(4).toString('hex')}`;
    const { editor, creator, roomId, orderId, reference } = await paidAndDelivered(
      title,
      image,
      'Here are the product shots',
      longName,
    );
    const editorSide = await rig.open(editor, PHONE);
    const creatorSide = await rig.open(creator, PHONE);
    const e = editorSide.page;
    const c = creatorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);

    await unfold(e, 'Orders');
    await orderCard(e, title).getByRole('button', { name: 'Open a dispute' }).click();
    const dialog = e.getByRole('dialog', { name: 'Open a dispute' });
    await dialog.getByLabel('Reason').selectOption({ label: 'Payment' });
    const opening = 'The creator asked me to redo the whole reel for free after approving the plan.';
    await dialog.getByLabel('Your statement').fill(opening);
    await dialog.getByRole('checkbox', { name: /Delivery #1 \(image\)/ }).check();
    // Every part of the dialog fits the phone's width, its buttons reachable.
    const send = dialog.getByRole('button', { name: 'Open the dispute' });
    expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shotAtOwnWidth(e, 'dispute-open-dialog', false);
    await send.scrollIntoViewIfNeeded();
    expect(await inView(send)).toBe(true);
    await shotAtOwnWidth(e, 'dispute-open-dialog-end', false);
    await send.click();
    await dialog.waitFor({ state: 'detached' });

    // The creator reads it on the phone, with the way to answer in reach.
    await unfold(c, 'Orders');
    const theirs = disputeOf(c, title);
    expect(await visibleText(theirs)).toContain('Dispute: Payment · opened by the editor');
    expect(await visibleText(theirs.getByTestId('dispute-statement'))).toContain(opening);
    const answer = orderCard(c, title).getByRole('button', { name: 'Answer the dispute' });
    await topOfStrip(theirs);
    await shotAtOwnWidth(c, 'dispute-panel', false);
    await topOfStrip(answer);
    expect(await inView(answer)).toBe(true);

    // The admin's queue and case file at 390: cards, nothing hidden or cut.
    const admin = await adminAccount();
    const adminSide = await rig.open(admin, PHONE);
    const a = adminSide.page;
    await a.goto('/admin/disputes');
    const card = a.locator(`[data-dispute="${reference}"]`).filter({ visible: true });
    await card.waitFor();
    expect(await a.getByRole('list', { name: 'Disputes' }).isVisible()).toBe(true);
    const openCase = card.getByRole('link', { name: `Open the case of order ${reference}` });
    expect([
      ...(await pageProblems(a, 'queue at 390')),
      ...(await outOfView(openCase, 'Open case at 390')),
      ...(await outOfView(exact(card, editor.username), 'editor at 390')),
      ...(await outOfView(exact(card, '₹6,999'), 'paid at 390')),
    ]).toEqual([]);
    await shotAtOwnWidth(a, 'dispute-admin-queue');
    // The same case in the table at 1280, the long name wrapped inside its column.
    await a.setViewportSize(DESKTOP);
    await a.getByRole('table', { name: 'Disputes' }).waitFor();
    const row = a.locator(`[data-dispute="${reference}"]`).filter({ visible: true });
    expect([
      ...(await pageProblems(a, 'queue at 1280')),
      ...(await outOfView(row.getByRole('link', { name: /^Open the case/ }), 'Open case at 1280')),
      ...(await outOfView(exact(row, editor.username), 'long editor name at 1280')),
      ...(await outOfView(exact(row, '₹6,999'), 'paid at 1280')),
    ]).toEqual([]);
    await shotAtOwnWidth(a, 'dispute-admin-queue-long-name', false);
    await a.setViewportSize(PHONE);
    await keyboardFocus(a, openCase);
    expect(await ringed(openCase)).toBe(true);
    await openCase.click();
    await a.getByTestId('case-statement-opener').waitFor();
    expect(await visibleText(a.getByTestId('case-decision'))).toMatch(
      /Waiting for the creator's answer until/,
    );
    expect(await pageProblems(a, 'case at 390')).toEqual([]);
    await shotAtOwnWidth(a, 'dispute-admin-case');
    await adminSide.context.close();

    // The editor withdraws it, after saying so; the order goes on.
    await orderCard(e, title).getByRole('button', { name: 'Withdraw the dispute' }).click();
    const confirm = e.getByRole('dialog', { name: 'Withdraw the dispute?' });
    expect(await confirm.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await confirm.getByRole('button', { name: 'Withdraw the dispute' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await visibleText(e.getByText('Dispute withdrawn', { exact: true }))).toBe('Dispute withdrawn');
    await theirs.waitFor({ state: 'detached' });
    await disputeOf(e, title).waitFor({ state: 'detached' });
    const withdrawn = `The editor withdrew the dispute on order ${reference}.`;
    expect(await visibleText(systemLine(c, withdrawn))).toBe(withdrawn);
    expect(await orderOf(editor, orderId)).toMatchObject({ status: 'delivered', disputeId: null });
    expect(await orderCard(c, title).getByRole('button', { name: 'Open a dispute' }).count()).toBe(1);
  });
});
