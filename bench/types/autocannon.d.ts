// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Percentiles {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9?: number;
    total: number;
  }
  interface Result {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Percentiles & { totalCount: number };
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    pipelining?: number;
    method?: string;
    headers?: Record<string, string>;
    requests?: { method?: string; path?: string; headers?: Record<string, string> }[];
  }
  function autocannon(opts: Options): Promise<Result>;
  export = autocannon;
}
