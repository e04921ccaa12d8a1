import type { Report } from './report';

export interface BenchContext {
  /** ~5 s of load per benchmark with small data: proves the benchmark still works, measures nothing. */
  smoke: boolean;
  report: Report;
  /** A temporary directory of this benchmark's own, removed afterwards. */
  tmp: string;
}

export interface Benchmark {
  name: string;
  /** One line: what is measured against what. */
  summary: string;
  run(ctx: BenchContext): Promise<void>;
}
