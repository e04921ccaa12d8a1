import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectChat, type ChatClient } from './chat-clients';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { apiClient } from './helpers/http';
import { startServerProcess } from './helpers/process';

/**
 * The real server process (main.ts) told to stop while a Socket.IO client is connected: it closes the
 * sockets first, then HTTP, the jobs and the database, and exits 0 at once rather than being forced out
 * after its 10 s grace. On PostgreSQL it runs against this file's own database; on PGlite against its
 * own embedded one in its data directory.
 */
describe('graceful shutdown with a socket connected', { timeout: 90_000 }, () => {
  let testDb: TestDatabase;
  let dataDir: string;
  let child: ChildProcess | undefined;
  let socket: ChatClient | undefined;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-shutdown-'));
  });
  afterAll(async () => {
    socket?.close();
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await testDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exits 0 within a few seconds of SIGTERM', async () => {
    const server = await startServerProcess(
      { REDIS_URL: '', DATABASE_URL: testDb.url ?? '' },
      dataDir,
      60_000,
    );
    const { url, output } = server;
    child = server.child;
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child!.once('exit', (code, signal) => resolve({ code, signal })),
    );

    const login = await apiClient(url).post('/api/auth/admin/login', {
      username: 'admin',
      password: 'admin-password',
    });
    expect(login.status).toBe(200);
    socket = await connectChat(url, login.body.token);
    expect(socket.connected).toBe(true);
    const disconnected = new Promise<string>((resolve) => socket!.once('disconnect', resolve));

    const started = Date.now();
    child.kill('SIGTERM');
    const result = await Promise.race([
      exited,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`still running 5 s after SIGTERM:\n${output.join('')}`)), 5000),
      ),
    ]);
    expect(result, output.join('')).toEqual({ code: 0, signal: null });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await disconnected).toBeTruthy();
  });
});
