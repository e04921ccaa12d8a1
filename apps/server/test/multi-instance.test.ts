import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { ask, clientId, collect, connectChat, nextEvent, type ChatClient } from './chat-clients';
import { withDatabase } from './global-setup';
import { apiClient } from './helpers/http';
import { createTestUser, type TestUser } from './helpers/users';

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
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

interface Instance {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startInstance(env: Record<string, string>, dataDir: string): Promise<Instance> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      SEED_DEMO: '0',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-password',
      RATE_LIMIT_DISABLED: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const until = Date.now() + 45_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child, output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${url} not ready:\n${output.join('')}`);
}

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
    const env = { DATABASE_URL: url, REDIS_URL, REDIS_PREFIX: prefix };
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
});
