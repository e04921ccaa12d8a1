import autocannon from 'autocannon';

const TIMEOUT_S = 10;

export interface LoadResult {
  /** Mean requests per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  /** Connection errors and timeouts. */
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
    timeout: TIMEOUT_S,
    headers: opts.headers,
  });
  // No completed request has no latency: Infinity, so a target can never pass on it. Requests that timed
  // out are not in autocannon's histogram: with any, the p99 is at least the timeout.
  const none = result.latency.totalCount === 0;
  const floor = result.timeouts > 0 ? TIMEOUT_S * 1000 : 0;
  return {
    rps: result.requests.average,
    p50: none ? Infinity : result.latency.p50,
    p99: none ? Infinity : Math.max(floor, result.latency.p99),
    max: none ? Infinity : Math.max(floor, result.latency.max),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
