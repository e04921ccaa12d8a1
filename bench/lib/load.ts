import autocannon from 'autocannon';

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Drives one URL with autocannon over loopback; bounded by `seconds`, every request with a 10 s timeout. */
export async function hammer(opts: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: 10,
    headers: opts.headers,
  });
  // No completed request has no latency: Infinity, so a target can never pass on it.
  const none = result.latency.totalCount === 0;
  return {
    rps: result.requests.average,
    p50: none ? Infinity : result.latency.p50,
    p99: none ? Infinity : result.latency.p99,
    max: none ? Infinity : result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
