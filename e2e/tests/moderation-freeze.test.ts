import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor, signedInPage, type Account } from '../support/accounts';
import { api, until } from '../support/api';
import { launchBrowser, visibleText } from '../support/browser';
import { shot } from '../support/screens';

/**
 * 'Freeze room' on a flag of the moderation queue asks first, with the same question as the chat room
 * pages' Freeze (who is cut off, until when, what carries on); Cancel leaves the room open.
 */
describe('freezing a room from the moderation queue', () => {
  let browser: Browser;
  let admin: Account;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    admin = await adminAccount();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });

  it('asks before freezing, and freezes only once confirmed', async () => {
    const [creator, editor] = await Promise.all([createCreator(), createEditor()]);
    const { roomId } = await api(creator, 'POST', '/chat/initiate', { editorId: editor.id });
    const suspicious = 'message me on whatsapp, ok? (freeze)';
    await api(creator, 'POST', '/chat/message', { chatRoomId: roomId, content: suspicious });
    const frozen = async () =>
      ((await api(creator, 'GET', '/chat/my-rooms')).data as any[]).find((r) => r._id === roomId)?.isFrozen;

    const { context, page } = await signedInPage(browser, admin);
    contexts.push(context);
    await page.goto('/admin/dashboard/moderation');
    const card = page.getByTestId('moderation-flag').filter({ hasText: suspicious });
    await card.getByRole('button', { name: 'Freeze room' }).click();
    const dialog = page.getByRole('dialog', { name: 'Freeze this chat?' });
    const said = await visibleText(dialog);
    expect(said).toContain(`${creator.username} (creator) and ${editor.username} (editor)`);
    expect(said).toContain('until you unfreeze it');
    expect(said).toContain('Orders in this chat are not cancelled');
    await shot(page, 'moderation-freeze-confirm');

    // Cancel: nothing happens.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await frozen()).toBe(false);
    expect(await card.getByRole('button', { name: 'Freeze room' }).isEnabled()).toBe(true);

    await card.getByRole('button', { name: 'Freeze room' }).click();
    await dialog.getByRole('button', { name: 'Freeze chat' }).click();
    await page.getByText('Room frozen', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await until(frozen, 'the room to be frozen', 10_000);
    // Handled: the flag leaves the open queue.
    await card.waitFor({ state: 'detached' });
  });
});
