import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'admin-e2e-pass';

export interface TestServer {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
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

async function waitForReady(url: string, child: ChildProcess, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/ready`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready at ${url} after ${ms} ms`);
}

/** The built web app the server serves; E2E_WEB_DIST lets a developer test a build of their own. */
export function webDist(): string {
  const dist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`Browser tests need the production build in ${dist}: run "npm run build" first`);
  }
  return dist;
}

/**
 * Starts the real production server (built web app, fresh data directory, the admin account below) and
 * waits until it answers /api/ready. `env` adds or overrides variables, e.g. SMTP_URL or short order
 * durations. `stop` ends it and removes its data.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      RATE_LIMIT_DISABLED: '1',
      WEB_DIST: webDist(),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(baseUrl, child, 60_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, stop };
}
