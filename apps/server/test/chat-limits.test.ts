import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { chatMessages } from '../src/db/schema';
import { ask, clientId, connectChat, type ChatClient } from './chat-clients';
import { apiClient } from './helpers/http';
import { startTestServer, testConfig, type TestServer } from './helpers/server';
import { createTestUser, type TestUser } from './helpers/users';

/**
 * Security probe, issue 13 item 9: the socket `sendMessage` limit (30 per 10 s) is per ACCOUNT, across
 * all of its sockets and, with Redis, across instances; it used to be per socket, so one account with
 * 10 sockets could send 300 messages in a blink.
 */
const LIMIT = 30;
const TOO_MANY = { ok: false, error: 'Too many messages, please slow down' };
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function roomOf(url: string, creator: TestUser, editor: TestUser): Promise<string> {
  const res = await apiClient(url).as(creator.token).post('/api/chat/initiate', { editorId: editor.id });
  return res.body.roomId;
}

/** `perSocket` messages from each socket, all at once; the acks in the order they were sent. */
function flood(sockets: ChatClient[], roomId: string, perSocket: number) {
  return Promise.all(
    sockets.flatMap((socket, s) =>
      Array.from({ length: perSocket }, (_, i) =>
        ask(socket, 'sendMessage', { clientId: clientId(), chatRoom: roomId, content: `flood ${s}.${i}` }),
      ),
    ),
  );
}

async function storedIn(server: TestServer, roomId: string): Promise<number> {
  return (await server.db.select().from(chatMessages).where(eq(chatMessages.chatRoomId, roomId))).length;
}

describe('socket message limit per account (one instance, in process)', () => {
  let server: TestServer;
  const open: ChatClient[] = [];
  const connect = async (who: TestUser, url = server.url) => {
    const socket = await connectChat(url, who.token);
    open.push(socket);
    return socket;
  };

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(() => server?.close());

  it(`takes ${LIMIT} messages per 10 s from one account across its 10 sockets and refuses the rest`, async () => {
    const [talker, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    const roomId = await roomOf(server.url, talker, editor);
    const sockets = await Promise.all(Array.from({ length: 10 }, () => connect(talker)));
    const acks = await flood(sockets, roomId, 4);
    expect(acks.filter((a) => a.ok)).toHaveLength(LIMIT);
    expect(acks.filter((a) => !a.ok)).toEqual(Array.from({ length: 40 - LIMIT }, () => TOO_MANY));
    expect(await storedIn(server, roomId)).toBe(LIMIT);

    // Still refused on a socket opened afterwards: the count is the account's, not the connection's.
    const late = await connect(talker);
    expect(await flood([late], roomId, 1)).toEqual([TOO_MANY]);
  });

  it('counts each account on its own: the other member still talks while one is over the limit', async () => {
    const [talker, editor] = await Promise.all([
      createTestUser(server.db, 'creator'),
      createTestUser(server.db, 'editor'),
    ]);
    const roomId = await roomOf(server.url, talker, editor);
    const mine = await Promise.all(Array.from({ length: 3 }, () => connect(talker)));
    const theirs = await connect(editor);
    const [over, other] = await Promise.all([flood(mine, roomId, 12), flood([theirs], roomId, 5)]);
    expect(over.filter((a) => a.ok)).toHaveLength(LIMIT);
    expect(other.every((a) => a.ok)).toBe(true);
  });
});

describe('socket message limit per account across instances (Redis)', () => {
  let first: TestServer;
  let second: FastifyInstance;
  let secondUrl: string;
  let secondDir: string;
  let redis: Redis;
  const prefix = `cutroom-test-limits-${randomBytes(4).toString('hex')}`;
  const open: ChatClient[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL, REDIS_PREFIX: prefix };
    first = await startTestServer(env);
    // A second instance on the same database and the same Redis, as behind a load balancer.
    secondDir = mkdtempSync(path.join(tmpdir(), 'cutroom-test-'));
    second = await buildApp(testConfig(secondDir, first.testDb, env), { database: first.testDb.database });
    await second.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    redis = new Redis(REDIS_URL);
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    rmSync(secondDir, { recursive: true, force: true });
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it(`takes ${LIMIT} messages per 10 s from one account whose sockets are on two instances`, async () => {
    const [talker, editor] = await Promise.all([
      createTestUser(first.db, 'creator'),
      createTestUser(first.db, 'editor'),
    ]);
    const roomId = await roomOf(first.url, talker, editor);
    const sockets = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const socket = await connectChat(i % 2 ? secondUrl : first.url, talker.token);
        open.push(socket);
        return socket;
      }),
    );
    const acks = await flood(sockets, roomId, 10);
    expect(acks.filter((a) => a.ok)).toHaveLength(LIMIT);
    expect(acks.filter((a) => !a.ok)).toEqual(Array.from({ length: 40 - LIMIT }, () => TOO_MANY));
    expect(await storedIn(first, roomId)).toBe(LIMIT);
    // The counter lives in Redis under this deployment's prefix.
    expect(await redis.keys(`${prefix}:chat-send:*`)).toHaveLength(1);
  });
});
