import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, jobs } from '../src/db/schema';
import { videoPreviewSupport } from '../src/modules/delivery/preview';
import { openOrder, openRoom, sendDelivery, settledDelivery } from './delivery-fixtures';
import { createPricedEditor } from './fakes/payment-fixtures';
import { makeClip, makeImage } from './helpers/media';
import { apiClient, type ApiClient } from './helpers/http';
import { startTestServer, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/** A machine without ffmpeg: video deliveries fail with a reason a person can act on; images still work. */
describe('a server without ffmpeg', () => {
  let server: TestServer;
  let api: ApiClient;
  let creator: TestUser;
  let editor: TestUser;
  let roomId: string;
  let clip: Buffer;
  const path0 = process.env.PATH;
  const emptyBin = mkdtempSync(path.join(tmpdir(), 'cutroom-no-ffmpeg-'));

  beforeAll(async () => {
    clip = await makeClip('320x240', 1);
    // From here on this process finds no ffmpeg (the server checks once, at start).
    process.env.PATH = emptyBin;
    server = await startTestServer();
    api = apiClient(server.url);
    [creator, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createPricedEditor(server.db, { basic: 999 }),
    ]);
    roomId = await openRoom(api, creator, editor);
  }, 60_000);
  afterAll(async () => {
    process.env.PATH = path0;
    await server?.close();
    rmSync(emptyBin, { recursive: true, force: true });
  });

  it('knows it cannot make video previews', async () => {
    expect(await videoPreviewSupport()).toEqual({
      ok: false,
      reason: 'Video previews are unavailable: ffmpeg is not installed on the server',
    });
  });

  it('marks a video delivery failed at once, with that reason, without retrying in vain', async () => {
    const sent = await sendDelivery(api, editor, roomId, {
      file: clip,
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    expect(sent.status).toBe(201);
    const settled = await settledDelivery(api, creator, roomId, sent.body.data._id);
    expect(settled.preview).toMatchObject({
      status: 'failed',
      error: 'Video previews are unavailable: ffmpeg is not installed on the server',
      url: null,
    });
    const [row] = await server.db.select().from(deliveries).where(eq(deliveries.id, settled._id));
    const [job] = await server.db.select().from(jobs).where(eq(jobs.id, row!.previewJobId!));
    expect(job).toMatchObject({ status: 'failed', attempts: 1 });
    // The creator cannot approve what nobody can preview.
    expect(
      (await api.post(`/api/deliveries/${settled._id}/approve`, undefined, { token: creator.token })).status,
    ).toBe(409);
  });

  it('still previews images (sharp needs no ffmpeg)', async () => {
    const sent = await sendDelivery(api, editor, roomId, {
      file: await makeImage({ width: 800, height: 600, format: 'png' }),
      type: 'image/png',
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    expect((await settledDelivery(api, creator, roomId, sent.body.data._id)).preview.status).toBe('ready');
  });
});
