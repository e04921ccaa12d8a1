import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { visibleText } from '../support/browser';
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
} from '../support/orders';
import { PHONE, shotAtOwnWidth } from '../support/screens';

/**
 * Orders from a person's point of view, journey 3: nobody reviews the delivery, the order completes by
 * itself and the paid file is released; on a phone, on a server of this file's own with a short clock.
 */
describe('orders in the browser: an order nobody reviews', () => {
  const rig = orderJourneys({ shortClock: true });
  let image2: string;
  beforeAll(() => {
    image2 = makeImage(rig.dir, 'still-2.png', 'smptebars');
  });

  it('journey 3: nobody reviews the delivery; the order completes by itself and the paid file is released (phone)', async () => {
    const base = rig.short.baseUrl;
    const admin = await adminAccount(base);
    const [editor, creator] = await Promise.all([
      createEditor(undefined, undefined, base),
      createCreator(undefined, undefined, base),
    ]);
    await giveTiers(base, admin, editor);
    const creatorSide = await rig.open(creator, PHONE, base);
    const editorSide = await rig.open(editor, PHONE, base);
    const c = creatorSide.page;
    const e = editorSide.page;

    await c.goto(`/portfolio/${editor.id}`);
    await c.locator('[aria-label="Pro tier"]').getByRole('button', { name: 'Pay Now' }).click();
    const dialog = c.getByRole('dialog', { name: 'Complete your payment' });
    expect(await visibleText(dialog.getByTestId('payment-plan'))).toBe('Pro');
    await shotAtOwnWidth(c, 'j3-paynow-modal');
    await payInSimulator(creatorSide.context, dialog);

    const reference = await openChatFromOrders(e);
    const card = e.getByTestId('order-card').filter({ hasText: reference });
    expect(await visibleText(card.getByText(/^CR-\d+ · Pro$/))).toBe(`${reference} · Pro`);
    const title = await visibleText(card.getByRole('heading', { level: 3 }));
    const roomId = new URL(e.url()).searchParams.get('roomId')!;
    await c.goto(`/chat?roomId=${roomId}`);

    await deliver(e, image2, reference, {
      note: 'Have a look',
      from: 'card',
      title,
      screenshot: 'j3-delivery-picker',
    });
    const delivered = await previewReady(c, 1, 'image');
    // Nobody reviews it: first the warning, then the order completes by itself.
    const warning = systemLine(c, `Order ${reference} completes automatically on`);
    expect(await visibleText(warning)).toMatch(
      /unless the creator approves the delivery or asks for changes\.$/,
    );
    await shotAtOwnWidth(c, 'j3-auto-complete-warning');
    const completed = `Order ${reference} completed automatically: delivery #1 was not reviewed in time.`;
    await systemLine(c, completed).waitFor({ timeout: 40_000 });
    expect(await visibleText(systemLine(c, completed))).toBe(completed);
    expect(await visibleText(systemLine(e, completed))).toBe(completed);
    const button = delivered.getByRole('button', { name: 'Download final image' });
    await button.waitFor();
    expect(await delivered.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const bytes = await download(c, button, rig.dir, /^cutroom-delivery-1\.png$/);
    expect(bytes.equals(readFileSync(image2))).toBe(true);
    await shotAtOwnWidth(c, 'j3-auto-completed-download');
  });
});
