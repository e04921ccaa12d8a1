import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

let ticksPerSecond: number | undefined;
const tick = () => (ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100);

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat. Unlike wall-clock
 * figures it barely moves when other work shares the machine, so "CPU per request" compares across runs.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / tick()) * 1000;
  } catch {
    return 0; // the process ended
  }
}

/** CPU used by a set of processes between start() and stop(). */
export class CpuMeter {
  private before = new Map<number, number>();

  constructor(private readonly pids: () => Promise<number[]> | number[]) {}

  async start(): Promise<void> {
    this.before = new Map((await this.pids()).map((pid) => [pid, processCpuMs(pid)]));
  }

  /** ms of CPU used since start() (processes that appeared meanwhile count from zero). */
  async stop(): Promise<number> {
    let used = 0;
    for (const pid of await this.pids()) used += processCpuMs(pid) - (this.before.get(pid) ?? 0);
    return used;
  }
}

/** The PostgreSQL backends serving one database (the local server's processes). */
export async function postgresBackends(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}
