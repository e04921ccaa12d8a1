import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from './paths';

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  kernel: string;
  commit: string;
}

export function describeMachine(): Machine {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO_ROOT }).toString().trim();
  } catch {
    // not a git checkout
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    commit,
  };
}
