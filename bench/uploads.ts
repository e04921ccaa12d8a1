import type { Benchmark } from './lib/benchmark';
export const uploads: Benchmark = { name: 'uploads', summary: 'todo', async run() {} };
