import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startMailbox } from './mailbox';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailboxUrl: string;
    adminUsername: string;
    adminPassword: string;
    dataDir: string;
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';

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

/** Starts the real production server once for all browser tests: built web app, fresh data, SMTP capture. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM}: run "apt-get install -y chromium"`);
  }
  // E2E_WEB_DIST lets a developer test a build of their own without touching apps/web/dist.
  const webDist = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`Browser tests need the production build in ${webDist}: run "npm run build" first`);
  }
  const mailbox = await startMailbox();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cutroom-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminPassword = 'admin-e2e-pass';
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
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: adminPassword,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.smtpPort}`,
      RATE_LIMIT_DISABLED: '1',
      WEB_DIST: webDist,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForReady(baseUrl, child, 60_000);
  project.provide('baseUrl', baseUrl);
  project.provide('mailboxUrl', mailbox.httpUrl);
  project.provide('adminUsername', 'admin');
  project.provide('adminPassword', adminPassword);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
