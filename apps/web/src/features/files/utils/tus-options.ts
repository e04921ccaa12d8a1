import type { DetailedError } from 'tus-js-client';

/** Bytes per PATCH: a dropped connection costs at most this much again. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Waits between retries of a failed chunk: a dropped network is ridden out for about a minute. */
export const RETRY_DELAYS = [0, 1000, 3000, 5000, 10_000, 20_000, 30_000];

export const UPLOAD_FAILED = 'The upload failed. Resume to try again.';

/** The server's words for a refusal (`{ message }` from Cutroom, or the tus server's text). */
export function refusalOf(err: Error): string {
  const res = (err as DetailedError).originalResponse;
  const body = res?.getBody?.();
  if (body) {
    try {
      const message = (JSON.parse(body) as { message?: unknown }).message;
      if (typeof message === 'string') return message;
    } catch {
      if (res && res.getStatus() < 500 && body.trim().length < 200) return body.trim();
    }
  }
  return UPLOAD_FAILED;
}

/** Refusals (4xx but a lock or a timeout) will not change by waiting; a dropped network or a 5xx may. */
export function retryable(err: Error): boolean {
  const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
  return status === 0 || status === 408 || status === 423 || status === 429 || status >= 500;
}
