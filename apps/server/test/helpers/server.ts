import { TEST_SEALING_KEY_HEX } from './tax';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import { createTestDatabase, type TestDatabase } from './database';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  config: Config;
  /** http://127.0.0.1:PORT */
  url: string;
  testDb: TestDatabase;
  close(): Promise<void>;
}

/** The configuration every test server runs with: its own data directory and database, quiet, no limits. */
export function testConfig(dataDir: string, testDb: TestDatabase, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: '0',
    RATE_LIMIT_DISABLED: '1',
    ADMIN_PASSWORD: 'admin-password',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PAYOUT_DETAILS_KEY: TEST_SEALING_KEY_HEX,
    // Split at once after payment; tests of the gateway's 2-minute wait set their own.
    PAYOUT_SPLIT_AFTER_SECONDS: '0',
    SIMULATOR_SPLIT_WAIT_SECONDS: '0',
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
    ...env,
  });
}

/**
 * The real server listening on a random port over an existing test database and data directory; its
 * close() stops only the server, so another can start on the same database (the restart tests).
 */
export async function listenOn(
  testDb: TestDatabase,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<TestServer> {
  const config = testConfig(dataDir, testDb, env);
  const app = await buildApp(config, { database: testDb.database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  // PUBLIC_URL is only known once the port is; keep the config coherent for links and origin checks.
  const url = `http://127.0.0.1:${port}`;
  if (!env.PUBLIC_URL) config.PUBLIC_URL = url;
  return { app, db: testDb.database.db, config, url, testDb, close: () => app.close() };
}

/** Servers started over one database and data directory; what is still running stops with stopAll(). */
export interface ServerFleet {
  start(env?: Record<string, string>): Promise<TestServer>;
  stop(server: TestServer): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * Servers that come and go over one database and data directory, as a restarted deployment's do (the
 * restart tests). `where` is read at each start: a test makes its database, directory and mailbox in beforeAll.
 */
export function serverFleet(
  where: () => { testDb: TestDatabase; dataDir: string; env?: Record<string, string> },
): ServerFleet {
  const running = new Set<TestServer>();
  const stop = async (server: TestServer) => {
    running.delete(server);
    await server.close();
  };
  return {
    async start(env = {}) {
      const { testDb, dataDir, env: defaults } = where();
      const server = await listenOn(testDb, dataDir, { ...defaults, ...env });
      running.add(server);
      return server;
    },
    stop,
    async stopAll() {
      for (const server of [...running]) await stop(server);
    },
  };
}

/**
 * Starts the real server on a random port with its own database copy and data directory.
 * `env` overrides configuration (e.g. SMTP_URL for mail tests, RATE_LIMIT_DISABLED=0 for limit tests).
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-test-'));
  const testDb = await createTestDatabase();
  const server = await listenOn(testDb, dataDir, env);
  return {
    ...server,
    async close() {
      await server.app.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
