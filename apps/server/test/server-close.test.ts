import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { CLOSE_CONNECTIONS_AFTER_MS } from '../src/plugins/graceful-close';
import { withDatabase } from './global-setup';
import { startTestServer, type TestServer } from './helpers/server';

/**
 * Closing the app must not wait on its clients. A request in flight when the close begins is answered,
 * and its keep-alive connection then ends (the client would otherwise keep it open for the 72 s the
 * server advertises, and the close with it); a websocket peer that never answers the closing handshake
 * is cut off after a bounded wait.
 */
describe('closing the server', { timeout: 30_000 }, () => {
  /** How long app.close() took (then the test server is cleaned up), or a rejection once it is clearly hanging. */
  async function timedClose(s: TestServer, boundMs: number): Promise<number> {
    const started = Date.now();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      s.app.close(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`app.close() still running after ${boundMs} ms`)), boundMs);
      }),
    ]).finally(() => clearTimeout(timer));
    const took = Date.now() - started;
    await s.close();
    return took;
  }

  it('answers a request in flight, then closes its keep-alive connection instead of waiting for it', async () => {
    const server = await startTestServer();
    const routed = new Promise<void>((resolve) => server.app.server.once('request', () => resolve()));
    // A login whose body is still on its way when the close begins: the request is already routed.
    let send!: (chunk: string | null) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (chunk) => (chunk === null ? controller.close() : controller.enqueue(Buffer.from(chunk)));
      },
    });
    send('{"username":"nobody",');
    const reply = fetch(`${server.url}/api/auth/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    await routed;

    const closed = timedClose(server, 15_000);
    send('"password":"wrong-password"}');
    send(null);
    const res = await reply;
    await res.arrayBuffer();
    const took = await closed;
    expect(res.status).toBe(401);
    expect(res.headers.get('connection')).toBe('close');
    // Well before CLOSE_CONNECTIONS_AFTER_MS: the connection ended with its answer, nothing had to be cut.
    expect(took).toBeLessThan(CLOSE_CONNECTIONS_AFTER_MS);
  });

  it('cuts off a websocket peer that never answers the closing handshake', async () => {
    const server = await startTestServer();
    const { port } = new URL(server.url);
    const peer: Socket = connect(Number(port), '127.0.0.1');
    const upgraded = new Promise<string>((resolve, reject) => {
      peer.once('data', (d) => resolve(String(d)));
      peer.once('error', reject);
    });
    peer.write(
      [
        'GET /socket.io/?EIO=4&transport=websocket HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    expect(await upgraded).toMatch(/^HTTP\/1\.1 101/);
    // From now on the peer reads nothing and answers nothing (a frozen tab, a dead network).
    peer.pause();
    try {
      const took = await timedClose(server, 20_000);
      expect(took).toBeLessThan(CLOSE_CONNECTIONS_AFTER_MS + 4_000);
    } finally {
      peer.destroy();
    }
  });
});

/**
 * pool.end() waits for every connection still checked out: a query stuck at shutdown (a lock wait, a
 * dead network) held the close, and the process, for good. This always runs on PostgreSQL, the only
 * database with a pool.
 */
describe('closing the PostgreSQL pool', { timeout: 30_000 }, () => {
  const baseUrl =
    process.env.TEST_DATABASE_URL ??
    process.env.TEST_DATABASE_URL_PG ??
    'postgres://postgres@127.0.0.1:5432/test';

  it('stops waiting for a connection still in use after its grace, and says so', async () => {
    const name = `cutroom_close_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    // Not the run's template: the PGlite run has none. openDatabase migrates the empty database.
    await admin.query(`CREATE DATABASE ${name}`);
    const warnings: string[] = [];
    const database = await openDatabase({
      databaseUrl: withDatabase(baseUrl, name),
      poolSize: 2,
      closeGraceMs: 500,
      onIdleError: (err) => warnings.push(err.message),
    });
    let finish!: () => void;
    const stuck = new Promise<void>((resolve) => (finish = resolve));
    let inUse!: () => void;
    const checkedOut = new Promise<void>((resolve) => (inUse = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      inUse();
      await stuck;
    });
    try {
      await checkedOut;
      const started = Date.now();
      await database.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(warnings).toEqual([expect.stringContaining('still in use after 500 ms')]);
    } finally {
      finish();
      await transaction.catch(() => {});
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
