// `npm run bench` runs every benchmark; `npm run bench -- chat uploads` runs some; `--smoke` runs each for
// about 5 s with small data (CI keeps them working that way); `--strict` also fails on a missed target.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { apiReads } from './api-reads';
import { chat } from './chat';
import type { Benchmark } from './lib/benchmark';
import { describeMachine } from './lib/machine';
import { RESULTS_DIR } from './lib/paths';
import { Report, type Line } from './lib/report';
import { pageSpeed } from './page-speed';
import { pageWeight } from './page-weight';
import { resumableUploads } from './resumable-uploads';
import { searchScale } from './search-scale';
import { uploads } from './uploads';

const all: Benchmark[] = [apiReads, chat, uploads, resumableUploads, searchScale, pageWeight, pageSpeed];

const args = process.argv.slice(2);
const smoke = args.includes('--smoke');
const strict = args.includes('--strict');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !all.some((b) => b.name === n));
if (args.includes('--help') || unknown.length > 0) {
  if (unknown.length) console.error(`Unknown benchmark: ${unknown.join(', ')}`);
  console.log('Usage: npm run bench -- [name ...] [--smoke] [--strict]\n');
  for (const b of all) console.log(`  ${b.name.padEnd(14)} ${b.summary}`);
  process.exit(unknown.length ? 2 : 0);
}
const selected = names.length ? all.filter((b) => names.includes(b.name)) : all;

const machine = describeMachine();
console.log(
  `Cutroom benchmarks${smoke ? ' (smoke: small data, ~5 s each, figures are not meaningful)' : ''}\n` +
    `machine: ${machine.cpus} CPUs (${machine.cpuModel}), ${machine.memoryGb} GB, node ${machine.node}, ` +
    `${machine.kernel}, commit ${machine.commit}`,
);

const lines: Line[] = [];
const timings: Record<string, number> = {};
for (const bench of selected) {
  console.log(`\n▶ ${bench.name}: ${bench.summary}`);
  // Other work on the machine shifts absolute figures; the ratios to same-run baselines much less.
  console.log(
    `  load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  const report = new Report(bench.name);
  const tmp = mkdtempSync(path.join(tmpdir(), `cutroom-bench-${bench.name}-`));
  const started = Date.now();
  try {
    await bench.run({ smoke, report, tmp });
  } catch (err) {
    const cause = (err as Error).cause;
    report.check(
      'benchmark ran to the end',
      false,
      `${(err as Error).stack ?? String(err)}${cause ? `\n  cause: ${String(cause)}` : ''}`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  timings[bench.name] = Math.round((Date.now() - started) / 1000);
  console.log(
    `  (${timings[bench.name]} s; load average after: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  lines.push(...report.lines);
}

const verdicts = lines.filter((l) => l.verdict !== 'INFO' && l.verdict !== 'OK');
console.log('\nSummary');
for (const l of lines.filter((l) => l.verdict !== 'INFO')) {
  console.log(`  ${l.verdict.padEnd(4)}  ${l.bench.padEnd(13)} ${l.label}`);
}
const failed = verdicts.filter((l) => l.verdict === 'FAIL').length;
const missed = verdicts.filter((l) => l.verdict === 'MISS').length;
console.log(`\n${failed} failed, ${missed} targets missed${smoke ? ' (smoke: targets are not judged)' : ''}`);

mkdirSync(RESULTS_DIR, { recursive: true });
const file = path.join(
  RESULTS_DIR,
  `${new Date().toISOString().replace(/[:.]/g, '-')}${smoke ? '-smoke' : ''}.json`,
);
writeFileSync(file, JSON.stringify({ machine, smoke, timings, lines }, null, 2));
console.log(`results: ${path.relative(process.cwd(), file)}`);

process.exit(failed > 0 || (strict && !smoke && missed > 0) ? 1 : 0);
