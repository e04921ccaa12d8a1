import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, jobs } from '../src/db/schema';
import { bytesOf, openOrder, openRoom, sendDelivery, settledDelivery } from './delivery-fixtures';
import { createPricedEditor, eventually } from './fakes/payment-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { makeClip, makeImage } from './helpers/media';
import { apiClient } from './helpers/http';
import { serverFleet } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/** Servers that come and go over one database and one data directory, as a restarted deployment does. */
describe('preview jobs across a server restart', { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let creator: TestUser;
  let editor: TestUser;

  const servers = serverFleet(() => ({ testDb, dataDir }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-restart-'));
    [creator, editor] = await Promise.all([
      createTestUser(testDb.database.db, 'creator'),
      createPricedEditor(testDb.database.db, { basic: 999 }),
    ]);
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const jobOf = async (deliveryId: string) => {
    const [row] = await testDb.database.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    const [job] = await testDb.database.db.select().from(jobs).where(eq(jobs.id, row!.previewJobId!));
    return job!;
  };

  it('makes the preview of a job still queued when the server stopped, once a new server starts', async () => {
    const first = await servers.start();
    // This server takes the upload but runs no job before it goes (as if it died right after).
    await first.app.jobs.stop();
    const api = apiClient(first.url);
    const roomId = await openRoom(api, creator, editor);
    const clip = await makeClip('640x360', 2);
    const sent = await sendDelivery(api, editor, roomId, {
      file: clip,
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    expect(sent.status).toBe(201);
    const id = sent.body.data._id;
    await servers.stop(first);
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0 });

    const second = await servers.start();
    const api2 = apiClient(second.url);
    const ready = await settledDelivery(api2, creator, roomId, id);
    expect(ready.preview.status).toBe('ready');
    // The runner records the job done just after the preview lands.
    expect(
      await eventually(async () => ((await jobOf(id)).status === 'done' ? jobOf(id) : null)),
    ).toMatchObject({
      attempts: 1,
    });
    const preview = await bytesOf(`${second.url}${ready.preview.url}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('video/mp4');
    await servers.stop(second);
  });

  it('hands back a job that was running when the server stopped, and the next server finishes it', async () => {
    const first = await servers.start();
    const api = apiClient(first.url);
    const roomId = await openRoom(api, creator, editor);
    // Long enough to still be encoding when the server is told to stop.
    const clip = await makeClip('1920x1080', 4);
    const sent = await sendDelivery(api, editor, roomId, {
      file: clip,
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    const id = sent.body.data._id;
    await eventually(async () => (await jobOf(id)).status === 'running', 20_000);
    await servers.stop(first);
    // Not counted as a failed attempt, not left locked: simply waiting again.
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
    expect(
      (await testDb.database.db.select().from(deliveries).where(eq(deliveries.id, id)))[0],
    ).toMatchObject({
      previewStatus: 'processing',
    });

    const second = await servers.start();
    const ready = await settledDelivery(apiClient(second.url), creator, roomId, id, 90_000);
    expect(ready.preview.status).toBe('ready');
    // The runner records the job done just after the preview lands.
    expect(
      await eventually(async () => ((await jobOf(id)).status === 'done' ? jobOf(id) : null)),
    ).toMatchObject({
      attempts: 1,
    });
    await servers.stop(second);
  });

  it('with Redis, runs the job on the instance its wake-up reaches, without waiting for a poll', async () => {
    const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
    const one = await servers.start(redis);
    const two = await servers.start(redis);
    const api = apiClient(one.url);
    const roomId = await openRoom(api, creator, editor);
    const started = Date.now();
    const sent = await sendDelivery(api, editor, roomId, {
      file: await makeImage({ width: 800, height: 500, format: 'png' }),
      type: 'image/png',
      orderId: (await openOrder(api, creator, editor, roomId))._id,
    });
    expect(sent.status).toBe(201);
    const ready = await settledDelivery(apiClient(two.url), creator, roomId, sent.body.data._id, 20_000);
    expect(ready.preview.status).toBe('ready');
    // With Redis an instance polls the table only every 10 s and never wakes itself: the message did it.
    expect(Date.now() - started).toBeLessThan(9_000);
    await servers.stop(one);
    await servers.stop(two);
  });
});
