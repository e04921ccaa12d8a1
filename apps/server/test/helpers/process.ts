import { TEST_SEALING_KEY_HEX } from './tax';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything it printed, for failure messages. */
  output: string[];
}

/**
 * The real server (main.ts) as its own process, as in production: quiet, no demo data, no limits, its own
 * data directory. Resolves once /api/ready answers; a process that exits or never answers fails with its
 * output.
 */
export async function startServerProcess(
  env: Record<string, string>,
  dataDir: string,
  readyWithinMs = 45_000,
): Promise<ServerProcess> {
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
      PAYOUT_DETAILS_KEY: TEST_SEALING_KEY_HEX,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const until = Date.now() + readyWithinMs;
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
