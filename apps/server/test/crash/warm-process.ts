import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, type ServerProcess } from '../helpers/process';
import { TEST_SEALING_KEY_HEX } from '../helpers/tax';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));
const ENTRY = 'apps/server/test/crash/warm-server.ts';

/** A server process with its modules loading or loaded, waiting to be told its environment. */
export interface WarmProcess {
  child: ChildProcess;
  output: string[];
}

export function warmProcess(): WarmProcess {
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  // An unused one is killed when the tests end; a write to a dead one must not throw later.
  child.stdin!.on('error', () => {});
  return { child, output };
}

/**
 * Runs the waiting process as the real server (main.ts), as helpers/process.ts starts one: quiet, no demo
 * data, no limits, its own data directory, plus `env`. Resolves once /api/ready answers.
 */
export async function runWarm(
  warm: WarmProcess,
  env: Record<string, string>,
  dataDir: string,
  readyWithinMs = 60_000,
): Promise<ServerProcess> {
  const { child, output } = warm;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const full = {
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
  };
  child.stdin!.end(`${JSON.stringify(full)}\n`);
  const until = Date.now() + readyWithinMs;
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited with ${child.exitCode ?? child.signalCode}:\n${output.join('')}`);
    }
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child, output };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${url} not ready:\n${output.join('')}`);
}
