import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createCreator, createEditor } from '../support/accounts';
import { visibleText } from '../support/browser';
import { paidOrder } from '../support/money';
import { deliveryCard, makeClip, orderJourneys, previewReady, unfold } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

const MB = 1024 * 1024;

/**
 * Issue 23: a delivery past the old 100 MB cap. The editor picks a 110 MB video; it goes up in resumable
 * parts (tus), becomes the room's delivery once checked, and its preview plays for the creator.
 */
describe('a large delivery', () => {
  const rig = orderJourneys();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`sends a 110 MB video at ${viewport.width}`, async () => {
      const w = viewport.width;
      const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
      const order = await paidOrder(creator, editor);
      // A real clip, padded past 100 MB (the container's index is at the front: players ignore the tail).
      const file = await makeClip(rig.dir, `master-${w}.mp4`, 440);
      appendFileSync(file, Buffer.alloc(110 * MB));

      const { page: e } = await rig.open(editor, viewport);
      await e.goto(`/chat?roomId=${order.roomId}`);
      await e.getByRole('button', { name: 'Send delivery' }).first().click();
      const dialog = e.getByRole('dialog', { name: 'Send delivery' });
      await dialog.getByLabel('Video or image').setInputFiles(file);
      await dialog.getByLabel('Note for the creator (optional)').fill('The full master');
      await dialog.getByRole('button', { name: 'Send delivery' }).click();
      const bar = dialog.getByRole('progressbar');
      await bar.waitFor();
      await shotAtOwnWidth(e, 'large-delivery-uploading', false);
      expect(
        await visibleText(
          e.getByText('Uploaded. The delivery appears in the chat once the file is checked.'),
        ),
      ).toContain('Uploaded.');
      await dialog.waitFor({ state: 'detached' });

      const { page: c } = await rig.open(creator, viewport);
      await c.goto(`/chat?roomId=${order.roomId}`);
      if (w < 640) await unfold(c, 'Deliveries');
      await previewReady(c, 1, 'video');
      const card = deliveryCard(c, 1);
      expect(await visibleText(card)).toContain('The full master');
      await card.scrollIntoViewIfNeeded();
      await shotAtOwnWidth(c, 'large-delivery-ready', false);
    });
  }
});
