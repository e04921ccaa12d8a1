import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const MiB = 1024 * 1024;

/** The baseline of upload benchmarks: MB/s of a plain stream copy of `src` into `dir` (copy removed). */
export async function plainCopy(src: string, dir: string, i: number): Promise<number> {
  const dst = path.join(dir, `copy-${i}${path.extname(src)}`);
  const started = performance.now();
  await pipeline(createReadStream(src), createWriteStream(dst));
  const seconds = (performance.now() - started) / 1000;
  rmSync(dst);
  return statSync(src).size / MiB / seconds;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
