// Prints where a V8 CPU profile (node --cpu-prof, or BENCH_CPU_PROF=1 npm run bench) spent its time:
// self time by function and by package. Usage: node --import tsx bench/tools/cpuprofile-top.ts FILE [N]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
}

const [file, count = '25'] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpuprofile-top.ts FILE [N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map<number, number>();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const owner = (url: string) => {
  if (!url) return '(native / V8)';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node core';
  const app = url.match(/\/(apps\/\w+|packages\/\w+|bench)\//)?.[1];
  return app ?? url;
};
const fnKey = (n: Node) =>
  `${n.callFrame.functionName || '(anonymous)'}  ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${n.callFrame.lineNumber + 1}`;

const byFn = new Map<string, number>();
const byOwner = new Map<string, number>();
for (const [id, us] of selfUs) {
  const n = byId.get(id)!;
  byFn.set(fnKey(n), (byFn.get(fnKey(n)) ?? 0) + us);
  byOwner.set(owner(n.callFrame.url), (byOwner.get(owner(n.callFrame.url)) ?? 0) + us);
}
const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nself time by package:`);
for (const [k, us] of [...byOwner].sort((a, b) => b[1] - a[1]).slice(0, 15))
  console.log(`  ${pct(us)}  ${k}`);
console.log('\nself time by function:');
for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, Number(count)))
  console.log(`  ${pct(us)}  ${k}`);
