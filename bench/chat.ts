import type { Benchmark } from './lib/benchmark';
export const chat: Benchmark = { name: 'chat', summary: 'todo', async run() {} };
