import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

/** Generated inputs that are slow to make (the upload clip) survive between runs here. */
export function cacheDir(): string {
  const dir = path.join(tmpdir(), 'cutroom-bench-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}
