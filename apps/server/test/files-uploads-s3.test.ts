import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesOf, openOrder, openRoom } from './delivery-fixtures';
import { startS3MultipartProxy } from './fakes/s3-multipart-proxy';
import { checkedFile, filesOf, tusClient } from './files-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { serverFleet } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const BUCKET = 'cutroom-media';
const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * STORAGE=s3: uploads go to the bucket through @tus/s3-store (multipart parts, no whole file on the
 * server's disk), against a real S3-compatible server (s3rver, with the multipart listing it lacks
 * answered by a proxy that records what it accepted).
 */
describe('tus uploads on S3-compatible storage', { timeout: 120_000 }, () => {
  let s3rver: S3rver;
  let proxy: { url: string; close(): Promise<void> };
  let s3Dir: string;
  let dataDir: string;
  let testDb: TestDatabase;
  let creator: TestUser;
  let editor: TestUser;
  const servers = serverFleet(() => ({
    testDb,
    dataDir,
    env: {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: proxy.url,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_SWEEP_SECONDS: '0',
    },
  }));

  beforeAll(async () => {
    s3Dir = mkdtempSync(path.join(tmpdir(), 'cutroom-s3-tus-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-s3-data-'));
    s3rver = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await s3rver.run();
    proxy = await startS3MultipartProxy(`http://127.0.0.1:${port}`);
    testDb = await createTestDatabase();
    [creator, editor] = await Promise.all([
      createTestUser(testDb.database.db, 'creator'),
      createTestUser(testDb.database.db, 'editor'),
    ]);
  });
  afterAll(async () => {
    await servers.stopAll();
    await proxy?.close();
    await s3rver?.close();
    await testDb?.drop();
    rmSync(s3Dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes an upload in parts, resumes it after a restart, and keeps the exact bytes', async () => {
    const first = await servers.start();
    const api = apiClient(first.url);
    const orderId = (await openOrder(api, creator, editor, await openRoom(api, creator, editor)))._id;
    // Past one 8 MiB part, so a multipart upload is under way when the server stops.
    const bytes = randomBytes(12 * MB);
    const tus = tusClient(first.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'drone-raw.bin' }, bytes.length);
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 9 * MB))).status).toBe(204);
    expect((await tus.head(location)).headers.get('upload-offset')).toBe(String(9 * MB));
    await servers.stop(first);

    const second = await servers.start();
    const again = tusClient(second.url, creator.token);
    expect((await again.head(location)).headers.get('upload-offset')).toBe(String(9 * MB));
    expect((await again.patch(location, 9 * MB, bytes.subarray(9 * MB))).status).toBe(204);
    const file = await checkedFile(apiClient(second.url), editor.token, orderId, 'drone-raw.bin', 60_000);
    expect(file.sha256).toBe(sha256(bytes));
    const download = await bytesOf(`${second.url}${file.downloadUrl}`);
    expect(download.status).toBe(200);
    expect(download.body.equals(bytes)).toBe(true);
    await servers.stop(second);
  });

  it('terminates an upload: gone for HEAD and from the list', async () => {
    const server = await servers.start();
    const api = apiClient(server.url);
    const orderId = (await openOrder(api, creator, editor, await openRoom(api, creator, editor)))._id;
    const tus = tusClient(server.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'cut.wav' }, 2 * MB);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, randomBytes(MB))).status).toBe(204);
    expect((await tus.terminate(location)).status).toBe(204);
    expect((await tus.head(location)).status).toBe(404);
    expect((await filesOf(api, creator.token, orderId)).data).toEqual([]);
    await servers.stop(server);
  });
});
