import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_FILE_MESSAGES } from '@cutroom/contracts';
import { orderFiles, orders } from '../src/db/schema';
import { checkUploadJob } from '../src/modules/files/check-upload';
import { createUploadStore } from '../src/modules/files/tus-store';
import { bytesOf, openOrder, openRoom } from './delivery-fixtures';
import { checkedFile, filesOf, tusClient, uploadWhole } from './files-fixtures';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { serverFleet, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

const KB = 1024;
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Uploads that outlive a server, a dropped client and their own expiry, as real transfers must. */
describe('tus uploads over time', { timeout: 120_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let creator: TestUser;
  let editor: TestUser;
  const servers = serverFleet(() => ({ testDb, dataDir, env: { UPLOAD_SWEEP_SECONDS: '0' } }));

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-uploads-'));
    [creator, editor] = await Promise.all([
      createTestUser(testDb.database.db, 'creator'),
      createTestUser(testDb.database.db, 'editor'),
    ]);
  });
  afterAll(async () => {
    await servers.stopAll();
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function newOrder(server: TestServer): Promise<string> {
    const api = apiClient(server.url);
    const roomId = await openRoom(api, creator, editor);
    return (await openOrder(api, creator, editor, roomId))._id;
  }

  it('resumes where it stopped after the server restarts', async () => {
    const first = await servers.start();
    const orderId = await newOrder(first);
    const bytes = randomBytes(300 * KB);
    const tus = tusClient(first.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'interview.wav' }, bytes.length);
    const location = created.headers.get('location')!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 120 * KB))).status).toBe(204);
    await servers.stop(first);

    const second = await servers.start();
    const again = tusClient(second.url, creator.token);
    const head = await again.head(location);
    expect(head.headers.get('upload-offset')).toBe(String(120 * KB));
    expect((await again.patch(location, 120 * KB, bytes.subarray(120 * KB))).status).toBe(204);
    const file = await checkedFile(apiClient(second.url), editor.token, orderId, 'interview.wav');
    expect(file.sha256).toBe(sha256(bytes));
    await servers.stop(second);
  });

  it('a real tus client cut off mid-upload resumes from the server’s offset, resending at most one chunk', async () => {
    const server = await servers.start();
    const orderId = await newOrder(server);
    const bytes = randomBytes(640 * KB);
    const chunkSize = 64 * KB;
    const options = {
      endpoint: `${server.url}/api/uploads`,
      chunkSize,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { authorization: `Bearer ${creator.token}` },
      metadata: { orderId, kind: 'footage', filename: 'music bed.mp3', filetype: 'audio/mpeg' },
    };
    // The first client goes away after its fourth chunk, as a closed tab or a dropped phone would.
    let uploadUrl = '';
    await new Promise<void>((resolve, reject) => {
      const upload: Upload = new Upload(bytes, {
        ...options,
        onChunkComplete: (_size, sent) => {
          uploadUrl = upload.url!;
          if (sent >= 4 * chunkSize) void upload.abort().then(resolve);
        },
        onError: reject,
        onSuccess: () => reject(new Error('should have been cut off')),
      });
      upload.start();
    });
    const stoppedAt = Number(
      (await tusClient(server.url, creator.token).head(new URL(uploadUrl).pathname)).headers.get(
        'upload-offset',
      ),
    );
    expect(stoppedAt).toBeGreaterThanOrEqual(4 * chunkSize);

    // A new client, knowing only the upload's URL, asks the server where it stands and goes on from there.
    const resent: number[] = [];
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(bytes, {
        ...options,
        uploadUrl,
        onProgress: (sent) => resent.push(sent),
        onError: reject,
        onSuccess: () => resolve(),
      });
      upload.start();
    });
    expect(Math.min(...resent)).toBeGreaterThanOrEqual(stoppedAt);
    const file = await checkedFile(apiClient(server.url), editor.token, orderId, 'music bed.mp3');
    expect(file.sha256).toBe(sha256(bytes));
    const download = await bytesOf(`${server.url}${file.downloadUrl}`, {
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(download.body.equals(bytes)).toBe(true);
    await servers.stop(server);
  });

  it('takes no more bytes once the order has closed', async () => {
    const server = await servers.start();
    const orderId = await newOrder(server);
    const tus = tusClient(server.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'late.wav' }, 10 * KB);
    const location = created.headers.get('location')!;
    await testDb.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    const late = await tus.patch(location, 0, randomBytes(10 * KB));
    expect([late.status, JSON.parse(late.text).message]).toEqual([
      409,
      ORDER_FILE_MESSAGES.orderClosedToFootage,
    ]);
    const refused = await tus.create({ orderId, kind: 'footage', filename: 'later.wav' }, KB);
    expect(refused.status).toBe(409);
    expect((await filesOf(apiClient(server.url), creator.token, orderId)).canAddFootage).toBe(false);
    await servers.stop(server);
  });

  it('expires an abandoned upload: its bytes are removed and it no longer counts', async () => {
    // About a second to live, swept every second.
    const server = await servers.start({ UPLOAD_EXPIRY_HOURS: '0.0003', UPLOAD_SWEEP_SECONDS: '1' });
    const orderId = await newOrder(server);
    const tus = tusClient(server.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'abandoned.wav' }, 100 * KB);
    const location = created.headers.get('location')!;
    const tusId = location.split('/').pop()!;
    expect((await tus.patch(location, 0, randomBytes(40 * KB))).status).toBe(204);
    const uploads = path.join(dataDir, 'uploads');
    expect(existsSync(path.join(uploads, tusId))).toBe(true);

    const until = Date.now() + 20_000;
    let status = '';
    while (Date.now() < until) {
      const [row] = await testDb.database.db.select().from(orderFiles).where(eq(orderFiles.tusId, tusId));
      status = row!.status;
      if (status === 'expired') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe('expired');
    expect(readdirSync(uploads).filter((f) => f.startsWith(tusId))).toEqual([]);
    expect((await tus.head(location)).status).toBe(404);
    const listed = await filesOf(apiClient(server.url), creator.token, orderId);
    expect(listed.data).toEqual([]);
    expect(listed.limits.usedBytes).toBe(0);
    await servers.stop(server);
  });

  it('keeps footage for its retention after the order closes, tells both sides before, then deletes it; never while disputed', async () => {
    // About 4 s of retention, the notice 2.6 s before: swept every second.
    const server = await servers.start({
      FOOTAGE_RETENTION_DAYS: '0.00005',
      FOOTAGE_RETENTION_NOTICE_DAYS: '0.00003',
      UPLOAD_SWEEP_SECONDS: '1',
    });
    const api = apiClient(server.url);
    const [closed, disputed] = [await newOrder(server), await newOrder(server)];
    const tus = tusClient(server.url, creator.token);
    const bytes = randomBytes(20 * KB);
    for (const orderId of [closed, disputed]) {
      await uploadWhole(tus, { orderId, kind: 'footage', filename: 'raw.wav' }, bytes);
      await checkedFile(api, creator.token, orderId, 'raw.wav');
    }
    const file = (await filesOf(api, creator.token, closed)).data[0]!;
    const db = testDb.database.db;
    const now = new Date();
    await db
      .update(orders)
      .set({ status: 'completed', completedAt: now, disputableUntil: null })
      .where(eq(orders.id, closed));
    await db
      .update(orders)
      .set({ status: 'completed', completedAt: now, disputableUntil: null, disputeId: randomUUID() })
      .where(eq(orders.id, disputed));

    const notices = async (who: TestUser) =>
      (
        (await api.get('/api/notifications', { token: who.token })).body.data as {
          kind: string;
          orderId: string | null;
        }[]
      ).filter((n) => n.kind === 'files_expiring');
    const until = Date.now() + 30_000;
    while (Date.now() < until && (await filesOf(api, creator.token, closed)).data.length > 0) {
      await new Promise((r) => setTimeout(r, 250));
    }
    // Both sides were told, once, of the closed order only; its footage is gone, bytes and all.
    for (const who of [creator, editor]) expect((await notices(who)).map((n) => n.orderId)).toEqual([closed]);
    expect((await filesOf(api, creator.token, closed)).data).toEqual([]);
    const [row] = await db.select().from(orderFiles).where(eq(orderFiles.id, file.id));
    expect(row).toMatchObject({ status: 'expired', storageKey: null });
    const gone = await bytesOf(`${server.url}${file.downloadUrl}`);
    expect(gone.status).toBe(404);
    // The disputed order's footage is evidence: kept.
    expect((await filesOf(api, creator.token, disputed)).data.map((f) => f.status)).toEqual(['ready']);
    await servers.stop(server);
  });

  it('refuses, with a reason, a file whose check has given up: it no longer hangs as checking or counts', async () => {
    const server = await servers.start();
    const orderId = await newOrder(server);
    const tus = tusClient(server.url, creator.token);
    const created = await tus.create({ orderId, kind: 'footage', filename: 'lost.wav' }, 4 * KB);
    const tusId = created.headers.get('location')!.split('/').pop()!;
    const db = testDb.database.db;
    // As a crash would leave it: whole, being checked, its check out of attempts.
    const [row] = await db
      .update(orderFiles)
      .set({ status: 'checking' })
      .where(eq(orderFiles.tusId, tusId))
      .returning();
    const check = checkUploadJob({
      db,
      storage: server.app.storage,
      store: createUploadStore(server.config),
      kinds: server.app.uploadKinds,
    });
    // Its bytes gone from the tus store: an attempt fails at once rather than waiting for them forever.
    rmSync(path.join(dataDir, 'uploads', tusId), { force: true });
    const ctx = { job: {} as never, signal: new AbortController().signal, log: server.app.log };
    await expect(check.handler({ fileId: row!.id }, ctx)).rejects.toThrow();
    await check.onFailed!({ payload: { fileId: row!.id } } as never);
    const listed = await filesOf(apiClient(server.url), creator.token, orderId);
    expect(listed.data.map((f) => [f.name, f.status, f.rejectedReason])).toEqual([
      ['lost.wav', 'rejected', ORDER_FILE_MESSAGES.checkFailed],
    ]);
    expect(listed.limits.usedBytes).toBe(0);
    expect((await tus.head(`/api/uploads/${tusId}`)).status).toBe(404);
    await servers.stop(server);
  });
});
