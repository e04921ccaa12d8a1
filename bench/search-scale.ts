import type { Benchmark } from './lib/benchmark';
export const searchScale: Benchmark = { name: 'search-scale', summary: 'todo', async run() {} };
