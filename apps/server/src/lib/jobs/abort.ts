// Apart from the runner because they hold no state: how an attempt is cut short (timeout or shutdown) and
// how that is told from the handler's own failure.

/** The attempt ran past its definition's timeoutMs: counts as a failed attempt. */
export class JobTimeoutError extends Error {}
/** The server is stopping: the attempt is handed back to the queue, not counted as failed. */
export class ShutdownSignal extends Error {}

export const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} s`);

/** Settles with the work, or rejects with the signal's reason as soon as it is aborted. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
