import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, type Account } from '../support/accounts';
import { api } from '../support/api';
import { visibleText } from '../support/browser';
import { exact, keyboardFocus, outOfView, pageProblems } from '../support/in-view';
import { paidAndDelivered } from '../support/money';
import { bellLine, ringed, topOfStrip } from '../support/order-screens';
import { inView, makeImage, orderCard, orderJourneys, systemLine, unfold } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

const CONTACT_REFUSED = 'You are not allowed to share personal contact details like email or phone.';

/** `text` is on screen, whole, inside `where`. */
const shows = async (where: Page | Locator, text: string) =>
  expect(await visibleText(where.getByText(text, { exact: true }))).toBe(text);

/** What of `checks` cannot be seen whole without scrolling sideways, the page itself included. */
async function hidden(page: Page, screen: string, checks: [Locator, string][]): Promise<string[]> {
  const problems = await pageProblems(page, screen);
  for (const [target, what] of checks) problems.push(...(await outOfView(target, `${what} at ${screen}`)));
  return problems;
}

/**
 * Disputes from a person's point of view (issue 26, journey 3). At desktop width: opened by the creator of
 * a paid, delivered ₹6,999 order citing a message and the delivery, answered live, sent to Cutroom support,
 * found in the queue and decided by an admin (₹2,500 back); both sides read the decision and the refund.
 * On a phone: opened by the editor, read by the creator and the admin, withdrawn.
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
    await shows(dialog.getByRole('alert'), 'Choose a reason');
    await shows(dialog, 'Statement must be at least 20 characters');
    await dialog.getByLabel('Reason').selectOption({ label: 'Not as described' });
    const statement = dialog.getByLabel('Your statement');
    await statement.fill('Call me on 9876543210 and we can sort out the cut');
    await send.click();
    await shows(dialog.getByRole('alert'), CONTACT_REFUSED);
    const opening = 'The brief asked for a vertical cut and the delivery is horizontal.';
    await statement.fill(opening);
    const message = dialog.getByRole('checkbox', { name: new RegExp(said) });
    await message.check();
    await dialog.getByRole('checkbox', { name: /Delivery #1 \(image\)/ }).check();
    // A file as evidence: a still of the cut, sent once the dispute is open.
    await dialog.getByLabel('Choose files').setInputFiles(image);
    await shows(dialog.getByRole('list', { name: 'Files to attach' }), 'dispute-still.png');
    await keyboardFocus(c, message);
    expect(await ringed(message)).toBe(true);
    await shotAtOwnWidth(c, 'dispute-open-dialog', false);
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    await shows(c, 'Dispute opened');
    await shows(c, 'File attached');

    // Both cards show it: the creator may withdraw it, the editor answer it, live.
    const mine = disputeOf(c, title);
    await shows(mine, 'Waiting for an answer');
    expect(await visibleText(mine.getByTestId('dispute-statement'))).toContain(opening);
    expect(await visibleText(mine.getByTestId('dispute-evidence'))).toMatch(
      new RegExp(
        `^You cite\\s+Creator: ${said}\\s+Delivery #1 \\(image\\)\\s+dispute-still\\.png\\s+Image · [\\d.]+ KB ·\\s+SHA-256\\s+[0-9a-f]{12}…\\s+Download$`,
      ),
    );
    expect(await creatorCard.getByRole('button', { name: 'Withdraw the dispute' }).isVisible()).toBe(true);
    expect(await creatorCard.getByRole('button', { name: 'Open a dispute' }).count()).toBe(0);
    await shows(creatorCard, 'Disputed');
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
    await shows(mine, 'Answered');
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
      await shows(row, text);
    }
    expect(await visibleText(row.getByText(/^\d+ min$/))).toMatch(/^\d+ min$/);
    const openCase = row.getByRole('link', { name: `Open the case of order ${reference}` });
    expect(await hidden(a, '1280', [[openCase, 'Open case']])).toEqual([]);
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
    // The file: downloaded under its name, the bytes those of the SHA-256 both sides see.
    const fileSha = (await a.getByTitle(/^SHA-256 [0-9a-f]{64}$/).getAttribute('title'))!.slice(8);
    const [download] = await Promise.all([
      a.waitForEvent('download'),
      a.getByRole('button', { name: 'Download dispute-still.png' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('dispute-still.png');
    const saved = readFileSync((await download.path())!);
    expect(createHash('sha256').update(saved).digest('hex')).toBe(fileSha);
    await shotAtOwnWidth(a, 'dispute-admin-case');

    // The decision: a partial refund, bounded by what was paid, with a note; confirmed first.
    const decision = a.getByRole('form', { name: 'Decision' });
    await decision.getByRole('radio', { name: /^Partial refund to the creator/ }).check();
    const amount = decision.getByLabel('Refund to the creator (₹)');
    await amount.fill('7000');
    await decision.getByRole('button', { name: 'Review the decision' }).click();
    await shows(decision, 'The refund cannot be more than the ₹6,999 that was paid');
    await shows(decision, 'Note must be at least 10 characters');
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
    await shows(orderCard(e, title), 'Completed');
    await creatorCard.locator('dl').getByText('Paid ₹6,999 · Refunded ₹2,500').waitFor({ timeout: 30_000 });
    expect(
      await visibleText(systemLine(c, `Cutroom support decided the dispute on order ${reference}`)),
    ).toContain(note);
    await topOfStrip(mine);
    await shotAtOwnWidth(c, 'dispute-decided-creator', false);
    const done = { status: 'completed', refundedAmount: 2500, disputeId: null };
    expect(await orderOf(creator, orderId)).toMatchObject(done);
    await adminSide.context.close();
  });

  it('on a phone: the editor opens a dispute, the creator and the admin read it, the editor withdraws it', async () => {
    const title = 'Product reel';
    // A 50-character name without a break (issue 17's stress case) for the queue to wrap.
    const longName = `Extraordinarilylongeditornamewithoutspaces${randomBytes(4).toString('hex')}`;
    const shots = 'Here are the product shots';
    const order = await paidAndDelivered(title, image, shots, longName);
    const { editor, creator, roomId, orderId, reference } = order;
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

    // A file added afterwards, from the card: chosen, listed, attached with its progress.
    await orderCard(e, title).getByRole('button', { name: 'Add files' }).click();
    const adding = e.getByRole('dialog', { name: 'Add files' });
    await adding.getByLabel('Choose files').setInputFiles(image);
    await shows(adding.getByRole('list', { name: 'Files to attach' }), 'dispute-still.png');
    expect(await adding.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await shotAtOwnWidth(e, 'dispute-attach-dialog', false);
    await adding.getByRole('button', { name: 'Attach the files' }).click();
    await adding.waitFor({ state: 'detached' });
    await shows(e, 'File attached');

    // The creator reads it on the phone, with the way to answer in reach.
    await unfold(c, 'Orders');
    const theirs = disputeOf(c, title);
    expect(await visibleText(theirs)).toContain('Dispute: Payment · opened by the editor');
    expect(await visibleText(theirs.getByTestId('dispute-statement'))).toContain(opening);
    expect(await visibleText(theirs.getByTestId('dispute-evidence'))).toContain('dispute-still.png');
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
    const checks = (where: Locator): [Locator, string][] => [
      [where.getByRole('link', { name: `Open the case of order ${reference}` }), 'Open case'],
      [exact(where, editor.username), 'the long editor name'],
      [exact(where, '₹6,999'), 'paid'],
    ];
    expect(await hidden(a, '390', checks(card))).toEqual([]);
    await shotAtOwnWidth(a, 'dispute-admin-queue');
    // The same case in the table at 1280, the long name wrapped inside its column.
    await a.setViewportSize(DESKTOP);
    await a.getByRole('table', { name: 'Disputes' }).waitFor();
    const row = a.locator(`[data-dispute="${reference}"]`).filter({ visible: true });
    expect(await hidden(a, '1280', checks(row))).toEqual([]);
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
    await shows(e, 'Dispute withdrawn');
    await theirs.waitFor({ state: 'detached' });
    await disputeOf(e, title).waitFor({ state: 'detached' });
    const withdrawn = `The editor withdrew the dispute on order ${reference}.`;
    expect(await visibleText(systemLine(c, withdrawn))).toBe(withdrawn);
    expect(await orderOf(editor, orderId)).toMatchObject({ status: 'delivered', disputeId: null });
    expect(await orderCard(c, title).getByRole('button', { name: 'Open a dispute' }).count()).toBe(1);
  });
});
