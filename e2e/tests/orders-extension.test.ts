import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, type Account } from '../support/accounts';
import { api } from '../support/api';
import { visibleText } from '../support/browser';
import { bellLine, ringed, topOfStrip } from '../support/order-screens';
import { inView, orderCard, orderJourneys, systemLine, unfold } from '../support/orders';
import { DESKTOP, PHONE, shot, shotAtOwnWidth } from '../support/screens';

/** One day of delivery time on this file's server: an order of 1 day is late after 15 s. */
const DAY_SECONDS = 15;

/**
 * Orders from a person's point of view: the editor asks for more days (issue 26). On a late order the
 * creator accepts, live in the chat, and both read the new due date with the order no longer late; on
 * another the editor withdraws a request and asks again, and the creator keeps the due date. On a server
 * of this file's own with a short clock (one order day is DAY_SECONDS; the page counts real days).
 */
describe('orders in the browser: the editor asks for more time', () => {
  const rig = orderJourneys({ shortClock: true, daySeconds: DAY_SECONDS });

  /** A creator and an editor in one room, and an order of theirs in progress (to be paid on approval). */
  async function orderInProgress(title: string, deliveryDays: number) {
    const base = rig.short.baseUrl;
    const [editor, creator] = await Promise.all([
      createEditor(undefined, undefined, base),
      createCreator(undefined, undefined, base),
    ]);
    const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id }, base);
    const offer = (
      await api(
        editor,
        'POST',
        `/chat/${roomId}/offers`,
        { title, description: 'Two reels from the shoot', amount: 2500, deliveryDays, revisions: 1 },
        base,
      )
    ).data;
    await api(creator, 'POST', `/orders/${offer._id}/accept`, { payNow: false }, base);
    return { editor, creator, roomId, orderId: offer._id as string, reference: offer.reference as string };
  }

  const orderOf = async (who: Account, orderId: string) =>
    (await api(who, 'GET', `/orders/${orderId}`, undefined, rig.short.baseUrl)).data;
  /** A date as the page writes it (its own time zone and locale). */
  const asPageWrites = (page: Page, iso: string) =>
    page.evaluate(
      (v) =>
        new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(v)),
      iso,
    );
  it('a late order: the editor asks for 2 more days, the creator accepts live, the order is no longer late', async () => {
    const base = rig.short.baseUrl;
    const title = 'Rush edit';
    const { editor, creator, roomId, orderId, reference } = await orderInProgress(title, 1);
    const editorSide = await rig.open(editor, DESKTOP, base);
    const creatorSide = await rig.open(creator, DESKTOP, base);
    const e = editorSide.page;
    const c = creatorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);

    // One day is DAY_SECONDS here: the due date passes with no delivery, and both screens say so live.
    const editorCard = orderCard(e, title);
    const creatorCard = orderCard(c, title);
    await editorCard.getByText('Late', { exact: true }).waitFor({ timeout: 2 * DAY_SECONDS * 1000 });
    await creatorCard.getByText('Late', { exact: true }).waitFor();
    const lateDue = (await orderOf(creator, orderId)).dueAt as string;

    // The editor asks; the form checks the fields beside them before anything is sent.
    await editorCard.getByRole('button', { name: 'Ask for more time' }).click();
    const dialog = e.getByRole('dialog', { name: 'Ask for more time' });
    expect(await visibleText(dialog)).toContain(
      `${reference} is due ${await asPageWrites(e, lateDue)} and is late`,
    );
    await dialog.getByRole('button', { name: 'Ask for more time' }).click();
    expect(await visibleText(dialog.getByText('Extra days must be at least 1'))).toBe(
      'Extra days must be at least 1',
    );
    expect(await visibleText(dialog.getByText('Reason must be at least 3 characters'))).toBe(
      'Reason must be at least 3 characters',
    );
    await shotAtOwnWidth(e, 'ext-request-dialog-errors', false);
    const reason = 'The client sent new footage yesterday';
    await dialog.getByLabel('Extra days').fill('2');
    await dialog.getByLabel('Reason for the creator').fill(reason);
    await dialog.getByText('Extra days must be at least 1').waitFor({ state: 'detached' });
    await dialog.getByLabel('Extra days').focus();
    expect(await ringed(dialog.getByLabel('Extra days'))).toBe(true);
    await shot(e, 'ext-request-dialog');
    await dialog.getByRole('button', { name: 'Ask for more time' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await visibleText(e.getByText('Request for more time sent', { exact: true }))).toBe(
      'Request for more time sent',
    );

    // The creator's open chat shows it live: what is asked, why, the choices, and it waits on them.
    const notice = creatorCard.getByTestId('order-extension');
    expect(await visibleText(notice)).toContain(`The editor asks for 2 more days: ${reason}`);
    expect(await visibleText(notice)).toMatch(
      /If you accept, it is due .+\. Answer by .+, or the due date stays\./,
    );
    const accept = creatorCard.getByRole('button', { name: 'Accept new due date' });
    expect(await accept.isVisible()).toBe(true);
    expect(await creatorCard.getByRole('button', { name: 'Keep the due date' }).isVisible()).toBe(true);
    const ordersToggle = c
      .getByRole('region', { name: 'Orders', exact: true })
      .locator('button[aria-expanded]');
    expect(await visibleText(ordersToggle.first())).toMatch(/1\s+needs you/);
    const asked = `The editor asked for 2 more days on order ${reference}: "${reason}". If the creator does not answer by `;
    expect(await visibleText(systemLine(c, asked))).toMatch(/the due date stays\.$/);
    expect(await visibleText(systemLine(e, asked))).toContain(asked);
    expect(await bellLine(c, `asks for 2 more days on ${reference}`)).toContain(editor.username);
    // The editor's card: their request waits, and they may take it back.
    expect(await visibleText(editorCard.getByTestId('order-extension'))).toContain(
      `The editor asks for 2 more days: ${reason}`,
    );
    expect(await editorCard.getByRole('button', { name: 'Withdraw request for more time' }).isVisible()).toBe(
      true,
    );
    expect(await editorCard.getByRole('button', { name: 'Ask for more time' }).count()).toBe(0);
    await c.keyboard.press('Tab');
    await accept.focus();
    expect(await ringed(accept)).toBe(true);
    await topOfStrip(notice);
    expect(await inView(accept)).toBe(true);
    await shotAtOwnWidth(c, 'ext-pending-creator', false);

    // The admin's order page shows the request, read-only.
    const admin = await adminAccount(base);
    const adminSide = await rig.open(admin, DESKTOP, base);
    await adminSide.page.goto(`/admin/dashboard/orders/${orderId}`);
    expect(await visibleText(adminSide.page.getByTestId('admin-order-extension'))).toMatch(
      new RegExp(
        `^The editor asked for 2 more days on .+\\. The due date stays if the creator does not answer by .+\\.\\s+“${reason}”$`,
      ),
    );
    await shotAtOwnWidth(adminSide.page, 'ext-admin-order-pending');
    await adminSide.context.close();

    // The creator accepts: both cards move to the new due date, no longer late, without a reload.
    await accept.click();
    expect(await visibleText(c.getByText('New due date accepted', { exact: true }))).toBe(
      'New due date accepted',
    );
    const after = await orderOf(creator, orderId);
    expect(after.late).toBe(false);
    expect(after.extension).toBeNull();
    expect(Date.parse(after.dueAt)).toBeGreaterThan(Date.parse(lateDue));
    const newDue = await asPageWrites(c, after.dueAt);
    for (const card of [creatorCard, editorCard]) {
      await card.locator('dl').getByText(newDue).waitFor();
      expect(await visibleText(card.locator('dl'))).not.toContain('Late');
      expect(await card.getByText('Late', { exact: true }).count()).toBe(0);
      await card.getByTestId('order-extension').waitFor({ state: 'detached' });
    }
    expect(await creatorCard.getByRole('button', { name: 'Accept new due date' }).count()).toBe(0);
    expect(await creatorCard.getByRole('button', { name: 'Cancel with full refund' }).count()).toBe(0);
    expect(await editorCard.getByRole('button', { name: 'Ask for more time' }).isVisible()).toBe(true);
    const accepted = `The creator accepted 2 more days on order ${reference}. It is now due `;
    expect(await visibleText(systemLine(c, accepted))).toContain(accepted);
    expect(await visibleText(systemLine(e, accepted))).toContain(accepted);
    expect(await bellLine(e, `${reference} now has 2 more days`)).toContain(
      `${reference} now has 2 more days`,
    );
    for (const [page, card, name] of [
      [c, creatorCard, 'ext-accepted-creator'],
      [e, editorCard, 'ext-accepted-editor'],
    ] as const) {
      await topOfStrip(card.locator('dl'));
      await shotAtOwnWidth(page, name, false);
    }
  });

  it('on a phone: the editor withdraws a request, asks again, and the creator keeps the due date', async () => {
    const base = rig.short.baseUrl;
    const title = 'Travel reel';
    // Ten days (150 s here): the order stays on time throughout.
    const { editor, creator, roomId, orderId, reference } = await orderInProgress(title, 10);
    const editorSide = await rig.open(editor, PHONE, base);
    const creatorSide = await rig.open(creator, PHONE, base);
    const e = editorSide.page;
    const c = creatorSide.page;
    await e.goto(`/chat?roomId=${roomId}`);
    await c.goto(`/chat?roomId=${roomId}`);
    const due = (await orderOf(creator, orderId)).dueAt as string;
    const editorCard = orderCard(e, title);
    const creatorCard = orderCard(c, title);

    async function ask(days: string, why: string) {
      await unfold(e, 'Orders');
      await editorCard.getByRole('button', { name: 'Ask for more time' }).click();
      const dialog = e.getByRole('dialog', { name: 'Ask for more time' });
      await dialog.getByLabel('Extra days').fill(days);
      await dialog.getByLabel('Reason for the creator').fill(why);
      return dialog;
    }

    const first = await ask('3', 'Waiting for the music licence');
    await first.getByRole('button', { name: 'Ask for more time' }).click();
    await first.waitFor({ state: 'detached' });
    await editorCard.getByRole('button', { name: 'Withdraw request for more time' }).click();
    expect(await visibleText(e.getByText('Request for more time withdrawn', { exact: true }))).toBe(
      'Request for more time withdrawn',
    );
    const withdrawn = `The editor withdrew the request for more time on order ${reference}.`;
    expect(await visibleText(systemLine(c, withdrawn))).toBe(withdrawn);
    await creatorCard.getByTestId('order-extension').waitFor({ state: 'detached' });

    const reason = 'Two more reels were added to the brief';
    const second = await ask('2', reason);
    // Not late: two days counted from the due date (real days, as the page counts them).
    const preview = await asPageWrites(e, new Date(Date.parse(due) + 2 * 86_400_000).toISOString());
    expect(await visibleText(second.getByTestId('extension-new-due'))).toBe(
      `If the creator accepts now, it is due ${preview}.`,
    );
    await shotAtOwnWidth(e, 'ext-request-dialog-phone', false);
    await second.getByRole('button', { name: 'Ask for more time' }).click();
    await second.waitFor({ state: 'detached' });

    // On a phone the panel opens by itself once the request waits on the creator.
    await unfold(c, 'Orders');
    const notice = creatorCard.getByTestId('order-extension');
    expect(await visibleText(notice)).toContain(`The editor asks for 2 more days: ${reason}`);
    expect(await visibleText(notice)).toContain(`If you accept, it is due ${preview}.`);
    const keep = creatorCard.getByRole('button', { name: 'Keep the due date' });
    await topOfStrip(notice);
    await shotAtOwnWidth(c, 'ext-pending-creator-phone', false);
    await topOfStrip(creatorCard.getByRole('button', { name: 'Accept new due date' }));
    expect(await inView(keep)).toBe(true);
    await shotAtOwnWidth(c, 'ext-pending-creator-phone-answers', false);
    await keep.click();
    expect(await visibleText(c.getByText('The due date stays', { exact: true }))).toBe('The due date stays');
    await creatorCard.getByTestId('order-extension').waitFor({ state: 'detached' });
    await editorCard.getByTestId('order-extension').waitFor({ state: 'detached' });
    const kept = `The creator kept the due date of order ${reference} (`;
    expect(await visibleText(systemLine(e, kept))).toContain(kept);
    const still = await asPageWrites(c, due);
    expect(await visibleText(creatorCard.locator('dl'))).toContain(still);
    expect((await orderOf(editor, orderId)).dueAt).toBe(due);
    expect(await bellLine(e, `kept the due date of ${reference}`)).toContain(creator.username);
  });
});
