import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { ask, clientId, collect, connectChat, nextEvent, type ChatClient } from './chat-clients';
import { withDatabase } from './global-setup';
import { apiClient } from './helpers/http';
import { startServerProcess, type ServerProcess } from './helpers/process';
import { createTestUser, type TestUser } from './helpers/users';
import { startMailbox, type Mailbox } from './helpers/mailbox';

/**
 * Two real server processes behind one PostgreSQL and one Redis, as in production behind a load balancer:
 * a creator on one instance and the editor on the other chat live, because events cross through the
 * Redis Streams adapter; and an admin's change on one instance is in the other's public editor list at
 * once, though each keeps that list in memory.
 *
 * Databases: this test always needs PostgreSQL, since two processes cannot share an embedded PGlite. It
 * takes the server from TEST_DATABASE_URL (the PostgreSQL pass), else TEST_DATABASE_URL_PG, else
 * postgres://postgres@127.0.0.1:5432/test, so the PGlite pass runs it against PostgreSQL too; either way
 * it creates a database of its own and drops it afterwards.
 *
 * Redis: TEST_REDIS_URL, else redis://127.0.0.1:6379, with a REDIS_PREFIX unique to this run so that
 * concurrent runs never see each other's events; its keys are deleted afterwards.
 */
const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ??
  process.env.TEST_DATABASE_URL_PG ??
  'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

type Instance = ServerProcess;

const startInstance = (env: Record<string, string>, dataDir: string) => startServerProcess(env, dataDir);

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.child.exitCode !== null) return;
  const exited = new Promise((r) => instance.child.once('exit', r));
  instance.child.kill('SIGTERM');
  const timer = setTimeout(() => instance.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

describe('two server instances (PostgreSQL + Redis Streams adapter)', () => {
  const dbName = `cutroom_mi_${randomBytes(5).toString('hex')}`;
  const prefix = `cutroom-test-${randomBytes(5).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-mi-'));
  let pgAdmin: pg.Client;
  let redis: Redis;
  let database: Database;
  let a: Instance;
  let b: Instance;
  let creator: TestUser;
  let editor: TestUser;
  let admin: TestUser;
  let roomId: string;
  let mailbox: Mailbox;
  const sockets: ChatClient[] = [];

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await redis.connect();
      await redis.ping();
    } catch (err) {
      throw new Error(
        `This test needs Redis at ${REDIS_URL} (set TEST_REDIS_URL, or start one: redis-server --daemonize yes ` +
          `--bind 127.0.0.1 --port 6379 --save "" --appendonly no): ${(err as Error).message}`,
      );
    }
    pgAdmin = new pg.Client({ connectionString: POSTGRES_URL });
    try {
      await pgAdmin.connect();
    } catch (err) {
      throw new Error(
        `This test needs PostgreSQL at ${POSTGRES_URL} (set TEST_DATABASE_URL or TEST_DATABASE_URL_PG): ` +
          (err as Error).message,
      );
    }
    await pgAdmin.query(`CREATE DATABASE ${dbName}`);
    const url = withDatabase(POSTGRES_URL, dbName);
    // Migrate once here: two instances starting together on an empty database would race to migrate.
    database = await openDatabase({ databaseUrl: url, poolSize: 3, onIdleError: () => {} });
    mailbox = await startMailbox();
    // Notification mails go to a real SMTP server; chat summaries are due one second after a message.
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      SMTP_URL: mailbox.url,
      NOTIFY_DIGEST_SECONDS: '1',
    };
    a = await startInstance(env, path.join(dataDir, 'a'));
    b = await startInstance(env, path.join(dataDir, 'b'));
    [creator, editor, admin] = await Promise.all([
      createTestUser(database.db, 'creator'),
      createTestUser(database.db, 'editor'),
      createTestUser(database.db, 'admin'),
    ]);
    const started = await apiClient(a.url)
      .as(creator.token)
      .post('/api/chat/initiate', { editorId: editor.id });
    roomId = started.body.roomId;
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await mailbox?.close();
    await database?.close();
    if (pgAdmin) {
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => {});
      await pgAdmin.end();
    }
    if (redis?.status === 'ready') {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  const join = async (url: string, user: TestUser) => {
    const socket = await connectChat(url, user.token);
    sockets.push(socket);
    expect(await ask(socket, 'joinRoom', { roomId, userId: user.id })).toMatchObject({ ok: true });
    return socket;
  };

  it('carries messages, typing, read receipts and an admin freeze between the instances', async () => {
    const onA = await join(a.url, creator);
    const onB = await join(b.url, editor);
    const editorInbox = collect(onB, 'newMessage');

    // creator (A) -> editor (B)
    const arrived = nextEvent(onB, 'newMessage');
    const sent = await ask(onA, 'sendMessage', {
      clientId: clientId(),
      chatRoom: roomId,
      content: 'Hello from instance A',
    });
    expect(sent.ok).toBe(true);
    expect(await arrived).toMatchObject({ content: 'Hello from instance A', sender: { _id: creator.id } });

    // typing, editor (B) -> creator (A)
    const typing = nextEvent(onA, 'typing');
    onB.emit('typing', { roomId, user: editor.id });
    expect(await typing).toEqual({ roomId, user: editor.id, role: 'editor' });
    const stopped = nextEvent(onA, 'stopTyping');
    onB.emit('stopTyping', { roomId, user: editor.id });
    expect((await stopped).user).toBe(editor.id);

    // read receipt: the editor (B) reads the creator's message; the creator (A) sees the double tick
    const receipt = nextEvent(onA, 'messageSeen');
    const messageId = (sent as { data: { _id: string } }).data._id;
    expect(
      await ask(onB, 'messageSeen', { roomId, messageId, sender: creator.id, receiver: editor.id }),
    ).toMatchObject({ ok: true });
    expect(await receipt).toMatchObject({ roomId, messageId, sender: creator.id });

    // editor (B) -> creator (A), through REST on B this time
    const answer = nextEvent(onA, 'newMessage', (m) => m.sender?._id === editor.id);
    const rest = await apiClient(b.url)
      .as(editor.token)
      .post('/api/chat/message', { chatRoomId: roomId, content: 'Hi from B over REST' });
    expect(rest.status).toBe(201);
    expect((await answer).content).toBe('Hi from B over REST');

    // an admin on A freezes the room: both screens hear it, and B refuses the editor's next message
    const frozenOnA = nextEvent(onA, 'chatFrozen');
    const frozenOnB = nextEvent(onB, 'chatFrozen');
    const adminSocket = await connectChat(a.url, admin.token);
    sockets.push(adminSocket);
    expect(await ask(adminSocket, 'freezeChatRoom', { roomId })).toMatchObject({ ok: true });
    expect(await frozenOnA).toMatchObject({ roomId, status: 'Frozen' });
    expect(await frozenOnB).toMatchObject({ roomId, status: 'Frozen' });
    expect(
      await ask(onB, 'sendMessage', { clientId: clientId(), chatRoom: roomId, content: 'still open?' }),
    ).toEqual({ ok: false, error: 'Chat frozen by admin.' });

    // and a REST unfreeze on B reaches the creator on A
    const unfrozen = nextEvent(onA, 'chatUnfrozen');
    expect((await apiClient(b.url).as(admin.token).patch(`/api/admin/chat/${roomId}/unfreeze`)).status).toBe(
      200,
    );
    expect((await unfrozen).status).toBe('Active');

    // Each message reached the editor exactly once, and the events went through this run's own stream.
    expect(editorInbox.filter((m) => m.content === 'Hello from instance A')).toHaveLength(1);
    expect(await redis.exists(`${prefix}:socket.io`)).toBe(1);
  });

  it('shows an editor registered on one instance in the public list of the other at once', async () => {
    const listOnB = async () =>
      (await apiClient(b.url).get('/api/users/editors?limit=100')).body.data.map(
        (e: { username: string }) => e.username,
      );
    const before = await listOnB();
    // B now keeps this page in memory for EDITOR_LIST_CACHE_SECONDS (30 s by default)…
    expect(await listOnB()).toEqual(before);
    const username = `mi-editor-${randomBytes(3).toString('hex')}`;
    const created = await apiClient(a.url)
      .as(admin.token)
      .post('/api/auth/admin/register-editor', { username, password: 'editor-password' });
    expect(created.status).toBe(201);
    // …yet the change made on A reaches it through Redis well before that.
    await expect.poll(listOnB, { timeout: 3_000, interval: 100 }).toContain(username);
    expect(before).not.toContain(username);
  });

  it('tells both sides and watching admins about an order, whichever instance changed it', async () => {
    // The room was frozen and unfrozen above; it is open again.
    const creatorOnB = await connectChat(b.url, creator.token);
    const editorOnA = await connectChat(a.url, editor.token);
    const adminOnB = await connectChat(b.url, admin.token);
    sockets.push(creatorOnB, editorOnA, adminOnB);

    const heardByCreator = nextEvent(creatorOnB, 'orderUpdated');
    const heardByAdmin = nextEvent(adminOnB, 'orderUpdated');
    const offer = await apiClient(a.url).as(editor.token).post(`/api/chat/${roomId}/offers`, {
      title: 'Reel edit',
      amount: 1500,
      deliveryDays: 2,
      revisions: 1,
    });
    expect(offer.status).toBe(201);
    const orderId = offer.body.data._id;
    expect(await heardByCreator).toEqual({ roomId, orderId, status: 'offered' });
    expect(await heardByAdmin).toEqual({ roomId, orderId, status: 'offered' });

    // The editor's own screen heard the offer too; wait for the acceptance.
    const heardByEditor = nextEvent(editorOnA, 'orderUpdated', (e) => e.status !== 'offered');
    const accepted = await apiClient(b.url)
      .as(creator.token)
      .post(`/api/orders/${orderId}/accept`, { payNow: false });
    expect(accepted.status).toBe(200);
    expect(await heardByEditor).toEqual({ roomId, orderId, status: 'in_progress' });
  });

  it('counts a member as present on any instance: no summary while connected to the other one, one after', async () => {
    const pairCreator = await createTestUser(database.db, 'creator');
    const opened = await apiClient(a.url)
      .as(pairCreator.token)
      .post('/api/chat/initiate', { editorId: editor.id });
    const room = opened.body.roomId as string;
    const say = (content: string) =>
      apiClient(b.url).as(editor.token).post('/api/chat/message', { chatRoomId: room, content });

    // Connected to A while the editor writes through B: whichever instance runs the summary job sees the
    // socket through the adapter, and sends nothing.
    const online = await connectChat(a.url, pairCreator.token);
    sockets.push(online);
    for (let i = 1; i <= 3; i++) expect((await say(`Cut ${i} is rendering`)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 4000));
    expect(mailbox.to(pairCreator.email!)).toHaveLength(0);

    online.close();
    await new Promise((r) => setTimeout(r, 300));
    expect((await say('Cut 4 is ready')).status).toBe(201);
    const [mail] = await mailbox.waitFor(pairCreator.email!, 1, 20_000);
    // The summary covers what arrived after the member left (the earlier ones were seen as badges).
    expect(mail!.mail.subject).toBe(`1 new message from ${editor.username}`);
    expect(mail!.mail.text).toContain('Cut 4 is ready');
    await new Promise((r) => setTimeout(r, 2500));
    expect(mailbox.to(pairCreator.email!)).toHaveLength(1);
  }, 60_000);
});
