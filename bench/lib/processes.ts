import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { REPO_ROOT, RESULTS_DIR, SERVER_MAIN } from './paths';

const live = new Set<ChildProcess>();
// A benchmark that throws or is interrupted must not leave servers behind.
process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of live) child.kill('SIGKILL');
    process.exit(130);
  });
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface NodeProcess {
  name: string;
  pid: number;
  port: number;
  url: string;
  /** The last lines the process printed (for error messages). */
  output(): string;
  stop(): Promise<void>;
}

interface SpawnOptions {
  name: string;
  env: Record<string, string>;
  /** GET path that answers 200 once the process is ready. */
  readyPath: string;
  nodeArgs?: string[];
  timeoutMs?: number;
}

/** Variables of the server's configuration that must never leak from the shell into a benchmark's server. */
const CONFIG_KEYS = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'STORAGE',
  'S3_BUCKET',
  'S3_ENDPOINT',
  'PAYMENT_PROVIDER',
  'PUBLIC_URL',
  'DATA_DIR',
  'WEB_DIST',
  'NODE_OPTIONS',
];

/** With BENCH_CPU_PROF=1 every spawned process writes a V8 CPU profile to bench/results/profiles. */
function profileArgs(name: string): string[] {
  if (process.env.BENCH_CPU_PROF !== '1') return [];
  // One directory per process: the main thread and tsx's loader thread each write a profile.
  const dir = path.join(RESULTS_DIR, 'profiles', `${name}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
}

/** Runs a TypeScript entry point in its own Node process on a free loopback port and waits until it answers. */
export async function spawnNode(script: string, opts: SpawnOptions): Promise<NodeProcess> {
  const port = Number(opts.env.PORT) || (await freePort());
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !CONFIG_KEYS.includes(key)) env[key] = value;
  }
  Object.assign(env, opts.env, { PORT: String(port), HOST: '127.0.0.1' });
  const child = spawn(
    process.execPath,
    [...profileArgs(opts.name), ...(opts.nodeArgs ?? []), '--import', 'tsx', script],
    { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  live.add(child);
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal ? -1 : null);
      live.delete(child);
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const output = () => lines.join('\n');
  const proc: NodeProcess = {
    name: opts.name,
    pid: child.pid!,
    port,
    url,
    output,
    async stop() {
      if (exitCode !== undefined) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 12_000);
      await exited;
      clearTimeout(timer);
    },
  };

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`${opts.name} exited with ${exitCode} before it was ready:\n${output()}`);
    }
    try {
      const res = await fetch(url + opts.readyPath, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await proc.stop();
  throw new Error(
    `${opts.name} did not answer ${opts.readyPath} within ${opts.timeoutMs ?? 60_000} ms:\n${output()}`,
  );
}

export interface ServerOptions {
  name?: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
}

/** The real Cutroom server (`apps/server/src/main.ts`) in its own process, with its own data. */
export function spawnServer(opts: ServerOptions): Promise<NodeProcess> {
  return spawnNode(SERVER_MAIN, {
    name: opts.name ?? 'cutroom-server',
    readyPath: '/api/ready',
    env: {
      DATA_DIR: opts.dataDir,
      SEED_DEMO: '0',
      RATE_LIMIT_DISABLED: '1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: 'bench-admin-password',
      // The benchmarks measure the API; a missing web build only logs one warning.
      WEB_DIST: path.join(opts.dataDir, 'no-web-build'),
      ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
      ...opts.env,
    },
  });
}
