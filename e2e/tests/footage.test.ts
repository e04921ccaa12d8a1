import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminAccount, createCreator, createEditor } from '../support/accounts';
import { visibleText } from '../support/browser';
import { paidOrder } from '../support/money';
import { makeClip, orderJourneys, unfold } from '../support/orders';
import { DESKTOP, PHONE, shotAtOwnWidth } from '../support/screens';

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

const filesSection = (page: Page) => page.getByTestId('order-files');

/** Waits until the file named `name` is listed as ready, and returns its row. */
async function readyRow(page: Page, name: string) {
  const row = filesSection(page).getByTestId('order-file').filter({ hasText: name });
  await row.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 60_000 });
  return row;
}

/**
 * Issue 23, the footage hand-over: a creator of a paid order sends two files through resumable uploads,
 * one of them cut off by the network going away (CDP offline) and resumed; the editor downloads both,
 * byte-equal. At 1280 and at 390.
 */
describe('footage from the creator to the editor', () => {
  const rig = orderJourneys();

  for (const viewport of [DESKTOP, PHONE]) {
    it(`hands over footage at ${viewport.width}`, async () => {
      const w = viewport.width;
      const [editor, creator] = await Promise.all([createEditor(), createCreator()]);
      const order = await paidOrder(creator, editor);
      const clip = await makeClip(rig.dir, `b-roll-${w}.mp4`, 440);
      const big = path.join(rig.dir, `interview-${w}.wav`);
      writeFileSync(big, randomBytes(40 * MB));

      const { page: c } = await rig.open(creator, viewport);
      await c.goto(`/chat?roomId=${order.roomId}`);
      if (w < 640) await unfold(c, 'Orders');
      const section = filesSection(c);
      await section.getByRole('button', { name: 'Add footage' }).waitFor();
      expect(await visibleText(section)).toContain('No files yet');

      // The network drops while the big file is on its way, and comes back: the upload goes on.
      const cdp = await c.context().newCDPSession(c);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 8 * MB,
      });
      await c.getByTestId('footage-input').setInputFiles([clip, big]);
      const bar = c.getByRole('progressbar', { name: `Uploading interview-${w}.wav` });
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 })
        .toBeGreaterThan(10);
      await bar.scrollIntoViewIfNeeded();
      await shotAtOwnWidth(c, `footage-uploading`, false);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: true,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await c.waitForTimeout(1500);
      const cutAt = Number(await bar.getAttribute('aria-valuenow'));
      expect(cutAt).toBeLessThan(100);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      const bigRow = await readyRow(c, `interview-${w}.wav`);
      const clipRow = await readyRow(c, `b-roll-${w}.mp4`);
      expect(await visibleText(bigRow)).toContain(sha256(readFileSync(big)));
      expect(await visibleText(clipRow)).toContain('640×360');
      expect(await c.getByTestId('upload-row').count()).toBe(0);
      await section.scrollIntoViewIfNeeded();
      await shotAtOwnWidth(c, `footage-ready-creator`, false);

      // The editor sees both and downloads the exact bytes.
      const { page: e } = await rig.open(editor, viewport);
      await e.goto(`/chat?roomId=${order.roomId}`);
      if (w < 640) await unfold(e, 'Orders');
      for (const [name, file] of [
        [`interview-${w}.wav`, big],
        [`b-roll-${w}.mp4`, clip],
      ] as const) {
        const row = await readyRow(e, name);
        expect(await visibleText(row)).toContain('Creator');
        const [download] = await Promise.all([
          e.waitForEvent('download'),
          row.getByRole('link', { name: `Download ${name}` }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(name);
        const saved = path.join(rig.dir, `got-${w}-${name}`);
        await download.saveAs(saved);
        expect(sha256(readFileSync(saved))).toBe(sha256(readFileSync(file)));
      }
      expect(await e.getByRole('button', { name: 'Add footage' }).count()).toBe(0);
      const zip = filesSection(e).getByRole('link', { name: /^Download every file of order .* as one zip$/ });
      expect(await zip.getAttribute('href')).toMatch(/^\/api\/orders\/[0-9a-f-]+\/files\.zip\?t=/);
      await filesSection(e).scrollIntoViewIfNeeded();
      await shotAtOwnWidth(e, `footage-ready-editor`, false);

      // Admins see the order's files on its page, and download them; they add none.
      const { page: a } = await rig.open(await adminAccount(), viewport);
      await a.goto(`/admin/dashboard/orders/${order._id}`);
      const adminFiles = filesSection(a);
      await readyRow(a, `interview-${w}.wav`);
      expect(await adminFiles.getByRole('link', { name: `Download b-roll-${w}.mp4` }).count()).toBe(1);
      expect(await a.getByRole('button', { name: 'Add footage' }).count()).toBe(0);
      await adminFiles.scrollIntoViewIfNeeded();
      await shotAtOwnWidth(a, `footage-admin`, false);
    });
  }
});
